import { Alert, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AttemptQuestionView, AttemptView } from "../attempt-types";
import { FileAnswerLink } from "./file-answer-link";

/** An answer (or a key) in words: option texts for choices, the list for the rest. */
export function answerText(
  question: AttemptQuestionView,
  value: unknown,
  yes: string,
  no: string,
): string {
  if (value === null || value === undefined || value === "") return "—";
  const label = (id: unknown) =>
    [...(question.options ?? []), ...(question.right ?? [])].find((o) => o.id === id)?.text ??
    String(id);
  switch (question.type) {
    case "single":
      return label(value);
    case "multiple":
    case "ordering":
      return Array.isArray(value) ? value.map(label).join(", ") : "—";
    case "true_false":
      return value ? yes : no;
    case "short":
      return Array.isArray(value) ? value.join(" / ") : String(value);
    case "blanks":
      return Array.isArray(value)
        ? value.map((v) => (Array.isArray(v) ? v.join(" / ") : String(v))).join(" · ")
        : "—";
    case "matching":
      return Object.entries(value as Record<string, string>)
        .map(([l, r]) => `${question.left?.find((x) => x.id === l)?.text ?? l} → ${label(r)}`)
        .join(", ");
    case "file":
      return (value as { name?: string }).name ?? "—";
    default:
      return String(value);
  }
}

/** One attempt's result: the score, and per question what the quiz's setting allows. */
export function AttemptResult({ view }: { view: AttemptView }) {
  const { t } = useTranslation();
  const { attempt } = view;
  const yes = t("quizzes.taker.true");
  const no = t("quizzes.taker.false");
  return (
    <Stack gap="md" data-testid="quiz-result">
      <Title order={3}>{t("quizzes.taker.attempt", { number: attempt.number })}</Title>
      {attempt.status === "pending" ? (
        <Alert
          color={attempt.passed === null ? "blue" : attempt.passed ? "green" : "red"}
          title={
            attempt.passed === null
              ? undefined
              : attempt.passed
                ? t("quizzes.taker.passed")
                : t("quizzes.taker.failed")
          }
        >
          {attempt.passed === null
            ? t("quizzes.taker.pendingText")
            : attempt.passed
              ? t("quizzes.taker.pendingPassed")
              : t("quizzes.taker.pendingFailed")}
        </Alert>
      ) : (
        <Alert
          color={attempt.passed ? "green" : "red"}
          title={attempt.passed ? t("quizzes.taker.passed") : t("quizzes.taker.failed")}
        >
          {t("quizzes.taker.score", {
            score: attempt.score ?? 0,
            max: attempt.maxScore ?? 0,
            percent: attempt.percent ?? 0,
          })}
        </Alert>
      )}
      {view.showsFeedback
        ? view.questions.map((q, i) => (
            <Paper key={q.id} withBorder p="md" radius="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600} size="sm" c="dimmed">
                      {t("quizzes.taker.questionNumber", { number: i + 1 })}
                    </Text>
                    <div dangerouslySetInnerHTML={{ __html: q.prompt }} />
                  </div>
                  {q.grade ? (
                    <Badge
                      color={q.grade.correct === null ? "gray" : q.grade.correct ? "green" : "red"}
                      variant="light"
                    >
                      {q.grade.correct === null
                        ? t("quizzes.taker.pending")
                        : q.grade.correct
                          ? t("quizzes.taker.correct")
                          : t("quizzes.taker.incorrect")}{" "}
                      · {q.grade.points}/{q.points}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm">
                  <strong>{t("quizzes.taker.yourAnswer")}:</strong>{" "}
                  {q.type === "file" ? (
                    <FileAnswerLink attemptId={attempt.id} value={q.response} />
                  ) : (
                    answerText(q, q.response, yes, no)
                  )}
                </Text>
                {q.correctAnswer !== undefined && q.correctAnswer !== null ? (
                  <Text size="sm">
                    <strong>{t("quizzes.taker.correctAnswer")}:</strong>{" "}
                    {answerText(q, q.correctAnswer, yes, no)}
                  </Text>
                ) : null}
                {q.explanation ? <div dangerouslySetInnerHTML={{ __html: q.explanation }} /> : null}
                {q.grade?.feedback ? (
                  <Text size="sm" fs="italic">
                    {t("quizzes.taker.graderFeedback")}: {q.grade.feedback}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          ))
        : null}
    </Stack>
  );
}
