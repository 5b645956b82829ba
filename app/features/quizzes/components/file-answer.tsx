import { Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { answerFileUploadUrl, asFileAnswer } from "../answer-file";
import { FileAnswerLink } from "./file-answer-link";

/** Why an upload was refused, in the taker's own words where it has them. */
const refusalKeys: Record<string, string> = {
  "quiz.fileType": "quizzes.taker.fileType",
  "request.tooLarge": "quizzes.taker.fileTooLarge",
  "quiz.deadlinePassed": "errors.quizDeadlinePassed",
  "quiz.attemptClosed": "errors.quizAttemptClosed",
};

/**
 * A file answer: the chosen file goes to the attempt's own upload route, which checks it, keeps
 * it privately and saves it as the answer; the answer it gives back is then autosaved as is.
 */
export function FileAnswer({
  attemptId,
  questionId,
  value,
  onChange,
  disabled,
  accept,
  labelId,
}: {
  attemptId: string;
  questionId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  accept?: string;
  labelId: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = asFileAnswer(value);
  const send = async (file: File) => {
    setState("busy");
    const body = new FormData();
    body.append("questionId", questionId);
    body.append("file", file);
    const res = await fetch(answerFileUploadUrl(attemptId), { method: "POST", body }).catch(
      () => null,
    );
    const data = (await res?.json().catch(() => null)) as {
      answer?: unknown;
      error?: { code?: string };
    } | null;
    const answer = res?.ok ? asFileAnswer(data?.answer) : null;
    if (!answer) {
      setRefusal(refusalKeys[data?.error?.code ?? ""] ?? "quizzes.taker.fileFailed");
      return setState("failed");
    }
    setState("idle");
    onChange(answer);
  };
  return (
    <Stack gap={4}>
      <input
        type="file"
        aria-labelledby={labelId}
        accept={accept}
        disabled={disabled || state === "busy"}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void send(file);
        }}
      />
      {state === "busy" ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("quizzes.taker.fileUploading")}
        </Text>
      ) : null}
      {current ? (
        <Text size="sm">
          {t("quizzes.taker.fileSent")}: <FileAnswerLink attemptId={attemptId} value={current} />
        </Text>
      ) : null}
      {state === "failed" && refusal ? (
        <Text size="sm" c="red" role="alert">
          {t(refusal)}
        </Text>
      ) : null}
    </Stack>
  );
}
