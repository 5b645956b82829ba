import { Alert } from "@mantine/core";
import { useFetcher } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { useTranslation } from "~/platform/i18n/use-translation";

/** What a screen's JSON command answered (answerSettingsSave's shape). */
export type CommandAnswer = { ok: boolean; intent?: string; code?: string };

/** One command of a screen, sent as JSON to its own action; its answer once back. */
export function useJsonCommand() {
  const fetcher = useFetcher<CommandAnswer>();
  const send = (body: Record<string, unknown>) =>
    fetcher.submit(body as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
    });
  const busy = fetcher.state !== "idle";
  return { send, busy, answer: busy ? undefined : fetcher.data };
}

/** What a command answered: saved, or its refusal in the reader's words. */
export function CommandOutcome({
  answer,
  saved,
}: {
  answer: CommandAnswer | undefined;
  saved: string;
}) {
  const { t } = useTranslation();
  if (!answer) return null;
  return answer.ok ? (
    <Alert color="teal" role="status">
      {saved}
    </Alert>
  ) : (
    <Alert color="red" role="alert">
      {t(errorKeyOf(answer.code ?? "request.invalid"))}
    </Alert>
  );
}
