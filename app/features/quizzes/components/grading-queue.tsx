import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { plainText } from "~/platform/plain-text";
import type { AttemptQuestionView, GradingItem, GradingQueueItem } from "../attempt-types";
import { answerText } from "./attempt-result";
import { FileAnswerLink } from "./file-answer-link";
import { errorText, quizApi } from "./api-client";

/**
 * The grading queue (issue 15 scope 5): essays and file answers waiting, oldest first; one
 * attempt with each answer, the key, and points and feedback for what a person grades.
 */
export function GradingQueue() {
  const { t } = useTranslation();
  const [items, setItems] = useState<GradingQueueItem[] | null>(null);
  const [open, setOpen] = useState<GradingItem | null>(null);
  const [grades, setGrades] = useState<Record<string, { points: number; feedback: string }>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const words = (q: GradingItem["questions"][number], value: unknown) =>
    answerText(
      { ...q, response: null } as unknown as AttemptQuestionView,
      value,
      t("quizzes.taker.true"),
      t("quizzes.taker.false"),
    );
  const load = useCallback(async () => {
    setItems((await quizApi<{ items: GradingQueueItem[] }>("/api/grading")).items);
  }, []);
  useEffect(() => {
    quizApi<{ items: GradingQueueItem[] }>("/api/grading").then(
      (r) => setItems(r.items),
      (e: Error) => setMessage({ ok: false, text: t(errorText(e.message)) }),
    );
  }, [t]);

  const openItem = async (attemptId: string) => {
    const item = await quizApi<GradingItem>(`/api/grading/${attemptId}`);
    setOpen(item);
    setGrades(
      Object.fromEntries(
        item.questions
          .filter((q) => q.handGraded)
          .map((q) => [
            q.id,
            { points: q.grade?.gradedBy ? q.grade.points : 0, feedback: q.grade?.feedback ?? "" },
          ]),
      ),
    );
  };

  const save = async () => {
    if (!open) return;
    setBusy(true);
    try {
      await quizApi(`/api/grading/${open.attempt.id}`, { method: "POST", body: { grades } });
      setMessage({ ok: true, text: t("quizzes.grading.graded") });
      setOpen(null);
      await load();
    } catch (e) {
      setMessage({ ok: false, text: t(errorText((e as Error).message)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      {message ? (
        <Alert color={message.ok ? "green" : "red"} role="status">
          {message.text}
        </Alert>
      ) : null}
      {open ? (
        <Stack gap="md" component="section" aria-labelledby="grading-attempt">
          <Group justify="space-between">
            <Title order={2} size="h3" id="grading-attempt">
              {open.attempt.quizTitle} — {open.attempt.studentName}
            </Title>
            <Button variant="default" onClick={() => setOpen(null)}>
              {t("quizzes.grading.back")}
            </Button>
          </Group>
          {open.questions.map((q, i) => (
            <Paper key={q.id} withBorder p="md" radius="md">
              <Stack gap={6}>
                <Group gap="xs">
                  <Text fw={600}>{i + 1}.</Text>
                  <Badge variant="light">{t(`quizzes.types.${q.type}`)}</Badge>
                  {!q.handGraded && q.grade ? (
                    <Badge color={q.grade.correct ? "green" : "red"} variant="light">
                      {q.grade.points}/{q.points}
                    </Badge>
                  ) : null}
                </Group>
                <Text>{plainText(q.prompt)}</Text>
                <Text size="sm">
                  <strong>{t("quizzes.grading.answer")}:</strong>{" "}
                  {q.type === "file" ? (
                    <FileAnswerLink attemptId={open.attempt.id} value={q.answer} />
                  ) : (
                    <span style={{ whiteSpace: "pre-wrap" }}>{words(q, q.answer)}</span>
                  )}
                </Text>
                {q.correctAnswer !== null ? (
                  <Text size="sm">
                    <strong>{t("quizzes.grading.key")}:</strong> {words(q, q.correctAnswer)}
                  </Text>
                ) : null}
                {q.handGraded ? (
                  <Group align="flex-start">
                    <NumberInput
                      label={t("quizzes.grading.points", { max: q.points })}
                      min={0}
                      max={q.points}
                      w={160}
                      value={grades[q.id]?.points ?? 0}
                      onChange={(v) =>
                        setGrades((g) => ({
                          ...g,
                          [q.id]: { ...g[q.id]!, points: typeof v === "number" ? v : 0 },
                        }))
                      }
                    />
                    <Textarea
                      flex={1}
                      label={t("quizzes.grading.feedback")}
                      autosize
                      minRows={2}
                      value={grades[q.id]?.feedback ?? ""}
                      onChange={(e) => {
                        const feedback = e.currentTarget.value;
                        setGrades((g) => ({ ...g, [q.id]: { ...g[q.id]!, feedback } }));
                      }}
                    />
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
          <Group>
            <Button
              onClick={() => void save()}
              loading={busy}
              disabled={!Object.keys(grades).length}
            >
              {t("quizzes.grading.save")}
            </Button>
          </Group>
        </Stack>
      ) : items === null ? null : items.length === 0 ? (
        <Text c="dimmed">{t("quizzes.grading.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("quizzes.grading.student")}</Table.Th>
                <Table.Th>{t("quizzes.grading.quiz")}</Table.Th>
                <Table.Th>{t("quizzes.editor.course")}</Table.Th>
                <Table.Th>{t("quizzes.grading.submitted")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.attemptId}>
                  <Table.Td>{item.studentName}</Table.Td>
                  <Table.Td>{item.quizTitle}</Table.Td>
                  <Table.Td>{item.courseTitle ?? "—"}</Table.Td>
                  <Table.Td>
                    {item.submittedAt ? new Date(item.submittedAt).toLocaleString() : "—"}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" onClick={() => void openItem(item.attemptId)}>
                      {t("quizzes.grading.grade")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
