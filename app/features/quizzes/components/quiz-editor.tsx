import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { plainText } from "~/platform/plain-text";
import { feedbackModes, type QuizSettings } from "../quiz-shapes";
import { errorText, quizApi } from "./api-client";
import { emptyData, QuestionForm, type QuestionDraft } from "./question-form";

type Loaded = {
  quiz: { id: string; title: string; courseId: string | null; settings: QuizSettings };
  questions: (QuestionDraft & { id: string })[];
};

/** The quiz editor (issue 15 scope 2): its settings and its bank of questions of ten types. */
export function QuizEditor({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [title, setTitle] = useState("");
  const [settings, setSettings] = useState<QuizSettings>({});
  const [editing, setEditing] = useState<QuestionDraft | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = useCallback((next: Loaded) => {
    setLoaded(next);
    setTitle(next.quiz.title);
    setSettings(next.quiz.settings);
  }, []);
  const load = useCallback(
    async () => apply(await quizApi<Loaded>(`/api/quizzes/${quizId}`)),
    [quizId, apply],
  );
  useEffect(() => {
    quizApi<Loaded>(`/api/quizzes/${quizId}`).then(apply, (e: Error) =>
      setMessage({ ok: false, text: t(errorText(e.message)) }),
    );
  }, [quizId, apply, t]);

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      await load();
      if (done) setMessage({ ok: true, text: done });
      return true;
    } catch (e) {
      setMessage({ ok: false, text: t(errorText((e as Error).message)) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!loaded)
    return message ? (
      <Alert color="red">{message.text}</Alert>
    ) : (
      <Text c="dimmed">{t("quizzes.taker.loading")}</Text>
    );

  const num = (key: keyof QuizSettings) => (v: string | number) =>
    setSettings((s) => ({ ...s, [key]: typeof v === "number" && v > 0 ? v : undefined }));
  const questions = loaded.questions;
  const move = (i: number, by: number) => {
    const ids = questions.map((q) => q.id);
    const [id] = ids.splice(i, 1);
    ids.splice(i + by, 0, id!);
    void run(() =>
      quizApi(`/api/quizzes/${quizId}/questions/order`, { method: "PUT", body: { ids } }),
    );
  };

  return (
    <Stack gap="lg">
      {message ? (
        <Alert color={message.ok ? "green" : "red"} role="status">
          {message.text}
        </Alert>
      ) : null}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quiz-settings">
        <Stack gap="sm">
          <Title order={2} size="h3" id="quiz-settings">
            {t("quizzes.editor.settings")}
          </Title>
          <TextInput
            label={t("quizzes.editor.title")}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t("quizzes.editor.passMark")}
              min={0}
              max={100}
              suffix="%"
              value={settings.passMark ?? 50}
              onChange={(v) =>
                setSettings((s) => ({ ...s, passMark: typeof v === "number" ? v : 50 }))
              }
            />
            <NumberInput
              label={t("quizzes.editor.attemptLimit")}
              description={t("quizzes.editor.zeroUnlimited")}
              min={0}
              max={100}
              value={settings.attemptLimit ?? 0}
              onChange={num("attemptLimit")}
            />
            <NumberInput
              label={t("quizzes.editor.timeLimit")}
              description={t("quizzes.editor.zeroUnlimited")}
              min={0}
              max={1440}
              value={settings.timeLimitSeconds ? Math.round(settings.timeLimitSeconds / 60) : 0}
              onChange={(v) =>
                setSettings((s) => ({
                  ...s,
                  timeLimitSeconds: typeof v === "number" && v > 0 ? v * 60 : undefined,
                }))
              }
            />
            <NumberInput
              label={t("quizzes.editor.drawCount")}
              description={t("quizzes.editor.zeroAll")}
              min={0}
              max={500}
              value={settings.drawCount ?? 0}
              onChange={num("drawCount")}
            />
            <NativeSelect
              label={t("quizzes.editor.feedback")}
              value={settings.feedback ?? "after_submit"}
              data={feedbackModes.map((mode) => ({
                value: mode,
                label: t(`quizzes.editor.feedbackModes.${mode}`),
              }))}
              onChange={(e) => {
                // Read now: React clears currentTarget before a state updater runs.
                const feedback = e.currentTarget.value as QuizSettings["feedback"];
                setSettings((s) => ({ ...s, feedback }));
              }}
            />
          </SimpleGrid>
          <Group>
            <Switch
              label={t("quizzes.editor.shuffleQuestions")}
              checked={Boolean(settings.shuffleQuestions)}
              onChange={(e) => {
                const shuffleQuestions = e.currentTarget.checked;
                setSettings((s) => ({ ...s, shuffleQuestions }));
              }}
            />
            <Switch
              label={t("quizzes.editor.shuffleAnswers")}
              checked={Boolean(settings.shuffleAnswers)}
              onChange={(e) => {
                const shuffleAnswers = e.currentTarget.checked;
                setSettings((s) => ({ ...s, shuffleAnswers }));
              }}
            />
            <Switch
              label={t("quizzes.editor.showCorrectAnswers")}
              checked={Boolean(settings.showCorrectAnswers)}
              onChange={(e) => {
                const showCorrectAnswers = e.currentTarget.checked;
                setSettings((s) => ({ ...s, showCorrectAnswers }));
              }}
            />
          </Group>
          <Group>
            <Button
              loading={busy}
              onClick={() =>
                void run(
                  () =>
                    quizApi(`/api/quizzes/${quizId}`, { method: "PUT", body: { title, settings } }),
                  t("quizzes.editor.saved"),
                )
              }
            >
              {t("quizzes.editor.saveSettings")}
            </Button>
            <Button
              variant="subtle"
              color="red"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(t("quizzes.editor.confirmDeleteQuiz"))) return;
                void quizApi(`/api/quizzes/${quizId}/delete`, { method: "POST" }).then(
                  () => window.location.assign("/dashboard/instructor/quizzes"),
                  (e: Error) => setMessage({ ok: false, text: t(errorText(e.message)) }),
                );
              }}
            >
              {t("quizzes.editor.deleteQuiz")}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="quiz-questions">
        <Group justify="space-between">
          <Title order={2} size="h3" id="quiz-questions">
            {t("quizzes.editor.questions", { n: questions.length })}
          </Title>
          {!editing ? (
            <Button
              variant="light"
              onClick={() =>
                setEditing({
                  type: "single",
                  prompt: "",
                  points: 1,
                  feedback: "",
                  data: emptyData("single"),
                })
              }
            >
              {t("quizzes.editor.addQuestion")}
            </Button>
          ) : null}
        </Group>
        {editing && !editing.id ? (
          <Paper withBorder p="md" radius="md">
            <QuestionForm
              initial={editing}
              busy={busy}
              onCancel={() => setEditing(null)}
              onSave={(draft) =>
                void run(
                  () =>
                    quizApi(`/api/quizzes/${quizId}/questions`, { method: "POST", body: draft }),
                  t("quizzes.editor.saved"),
                ).then((ok) => ok && setEditing(null))
              }
            />
          </Paper>
        ) : null}
        {questions.length === 0 && !editing ? (
          <Text c="dimmed">{t("quizzes.editor.noQuestions")}</Text>
        ) : null}
        {questions.map((q, i) =>
          editing?.id === q.id ? (
            <Paper key={q.id} withBorder p="md" radius="md">
              <QuestionForm
                initial={editing}
                busy={busy}
                onCancel={() => setEditing(null)}
                onSave={({ id, ...draft }) =>
                  void run(
                    () =>
                      quizApi(`/api/quizzes/${quizId}/questions/${id}`, {
                        method: "PUT",
                        body: draft,
                      }),
                    t("quizzes.editor.saved"),
                  ).then((ok) => ok && setEditing(null))
                }
              />
            </Paper>
          ) : (
            <Paper key={q.id} withBorder p="sm" radius="md" data-testid="question-row">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{i + 1}.</Text>
                    <Badge variant="light">{t(`quizzes.types.${q.type}`)}</Badge>
                    <Text size="sm" c="dimmed">
                      {t("quizzes.taker.points", { n: q.points })}
                    </Text>
                  </Group>
                  <Text lineClamp={2}>{plainText(q.prompt)}</Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("quizzes.editor.moveUp", { n: i + 1 })}
                    disabled={i === 0 || busy}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("quizzes.editor.moveDown", { n: i + 1 })}
                    disabled={i === questions.length - 1 || busy}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("quizzes.editor.edit", { n: i + 1 })}
                    onClick={() => setEditing(q)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("quizzes.editor.delete", { n: i + 1 })}
                    disabled={busy}
                    onClick={() => {
                      if (window.confirm(t("quizzes.editor.confirmDelete")))
                        void run(() =>
                          quizApi(`/api/quizzes/${quizId}/questions/${q.id}/delete`, {
                            method: "POST",
                            body: {},
                          }),
                        );
                    }}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ),
        )}
      </Stack>
      <Anchor href={`/dashboard/quiz/${quizId}`}>{t("quizzes.editor.preview")}</Anchor>
    </Stack>
  );
}
