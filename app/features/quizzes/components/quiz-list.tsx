import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { errorText, quizApi } from "./api-client";

type Row = {
  id: string;
  title: string;
  courseTitle: string | null;
  questionCount: number;
  attemptCount: number;
};

/** The teacher's quizzes with their course, questions and attempts, and a new quiz (`?course=`). */
export function QuizList({ courseId }: { courseId?: string | null }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    quizApi<{ quizzes: Row[] }>("/api/quizzes")
      .then((r) => setRows(r.quizzes))
      .catch((e: Error) => setError(e.message));
  }, []);

  const create = async () => {
    setBusy(true);
    try {
      const { quiz } = await quizApi<{ quiz: { id: string } }>(
        courseId ? `/api/courses/${courseId}/quizzes` : "/api/quizzes",
        { method: "POST", body: { title } },
      );
      window.location.assign(`/dashboard/instructor/quizzes/${quiz.id}`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      {error ? (
        <Alert color="red" role="alert">
          {t(errorText(error))}
        </Alert>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <Group align="flex-end">
            <TextInput
              flex={1}
              label={t("quizzes.editor.newQuizTitle")}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Button type="submit" disabled={!title.trim()} loading={busy}>
              {t("quizzes.editor.create")}
            </Button>
          </Group>
        </form>
      </Paper>
      {rows === null ? null : rows.length === 0 ? (
        <Text c="dimmed">{t("quizzes.editor.noQuizzes")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("quizzes.editor.title")}</Table.Th>
                <Table.Th>{t("quizzes.editor.course")}</Table.Th>
                <Table.Th>{t("quizzes.editor.questionsColumn")}</Table.Th>
                <Table.Th>{t("quizzes.editor.attemptsColumn")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor href={`/dashboard/instructor/quizzes/${r.id}`}>{r.title}</Anchor>
                  </Table.Td>
                  <Table.Td>{r.courseTitle ?? "—"}</Table.Td>
                  <Table.Td>{r.questionCount}</Table.Td>
                  <Table.Td>{r.attemptCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
