import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { addGamificationMessage } from "~/features/gamification/gamification";
import type { AttemptView, QuizIntro } from "../attempt-types";
import { errorText, quizApi } from "./api-client";
import { QuestionInput } from "./question-input";
import { AttemptResult } from "./attempt-result";

type Awards = { reason: string; points: number }[];

const call = quizApi;

/** Seconds left until `deadline` (a time on this browser's clock, from the server's seconds left). */
function useCountdown(deadline: number | null, onZero: () => void) {
  const [now, setNow] = useState(() => Date.now());
  const zero = useRef(onZero);
  useEffect(() => {
    zero.current = onZero;
  });
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) {
        clearInterval(timer);
        zero.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.round((deadline - now) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/**
 * Takes a quiz (issue 15 scope 2): the rules and previous attempts, start or resume, every
 * question on one page with answers saved as they change, a countdown from the server's
 * deadline, submit with a confirmation, then the result as the quiz's setting allows.
 */
export function QuizTaker({
  quizId,
  lessonId,
  lessonTitle,
  onSubmitted,
}: {
  quizId: string;
  lessonId?: string;
  /** The lesson's own title, already the page's heading: the quiz's is not shown again. */
  lessonTitle?: string;
  /** After a submission is graded or queued (the course player refreshes its progress). */
  onSubmitted?: () => void;
}) {
  const { t } = useTranslation();
  const [intro, setIntro] = useState<QuizIntro | null>(null);
  const [view, setView] = useState<AttemptView | null>(null);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<"idle" | "saving" | "saved">("idle");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const pending = useRef<Record<string, unknown>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const loadIntro = useCallback(async () => {
    try {
      setIntro(await call<QuizIntro>(`/api/quizzes/${quizId}/take`));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [quizId]);
  useEffect(() => {
    quizApi<QuizIntro>(`/api/quizzes/${quizId}/take`).then(setIntro, (e: Error) =>
      setError(e.message),
    );
  }, [quizId]);

  const open = async (attemptId: string) => {
    const next = await call<AttemptView>(`/api/quiz-attempts/${attemptId}`);
    setView(next);
    setDeadline(
      next.attempt.secondsLeft === null ? null : Date.now() + next.attempt.secondsLeft * 1000,
    );
    setAnswers(Object.fromEntries(next.questions.map((q) => [q.id, q.response])));
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await call<{ attemptId: string }>(`/api/quizzes/${quizId}/attempts`, {
        method: "POST",
      });
      await open(started.attemptId);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const flush = useCallback(async () => {
    if (!view || !Object.keys(pending.current).length) return;
    const batch = pending.current;
    pending.current = {};
    setSaving("saving");
    try {
      await call(`/api/quiz-attempts/${view.attempt.id}/answers`, {
        method: "PUT",
        body: { answers: batch },
      });
      setSaving("saved");
    } catch (e) {
      setError((e as Error).message);
      setSaving("idle");
    }
  }, [view]);

  const change = (id: string, value: unknown) => {
    setAnswers((a) => ({ ...a, [id]: value }));
    pending.current[id] = value ?? null;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), 600);
  };

  const submit = useCallback(async () => {
    if (!view) return;
    setBusy(true);
    setConfirming(false);
    if (timer.current) clearTimeout(timer.current);
    const batch = pending.current;
    pending.current = {};
    try {
      const done = await call<AttemptView & { awards: Awards }>(
        `/api/quiz-attempts/${view.attempt.id}/submit`,
        { method: "POST", body: { answers: batch } },
      );
      setView(done);
      const total = done.awards.reduce((sum, a) => sum + a.points, 0);
      if (total > 0) addGamificationMessage({ title: t("quizzes.taker.awarded"), points: total });
      await loadIntro();
      onSubmitted?.();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, [view, t, loadIntro, onSubmitted]);

  const inProgress = view?.attempt.status === "in_progress";
  const left = useCountdown(inProgress ? deadline : null, () => void submit());

  if (!intro)
    return error ? (
      <Alert color="red" role="alert">
        {t(errorText(error))}
      </Alert>
    ) : (
      <Text c="dimmed">{t("quizzes.taker.loading")}</Text>
    );

  const { quiz } = intro;
  return (
    <Stack gap="lg" data-lesson-id={lessonId}>
      <Stack gap={4}>
        {quiz.title.trim() === lessonTitle?.trim() ? (
          // Kept for the heading order (the lesson's h1, then the attempts' h3).
          <VisuallyHidden component="h2">{quiz.title}</VisuallyHidden>
        ) : (
          <Title order={2}>{quiz.title}</Title>
        )}
        {quiz.description ? <div dangerouslySetInnerHTML={{ __html: quiz.description }} /> : null}
        <Group gap="xs">
          <Badge variant="light">{t("quizzes.taker.questions", { n: quiz.questionCount })}</Badge>
          <Badge variant="light">{t("quizzes.taker.passMark", { percent: quiz.passMark })}</Badge>
          <Badge variant="light">
            {quiz.timeLimitSeconds
              ? t("quizzes.taker.timeLimit", { minutes: Math.ceil(quiz.timeLimitSeconds / 60) })
              : t("quizzes.taker.noTimeLimit")}
          </Badge>
          <Badge variant="light">
            {intro.attemptsLeft === null
              ? t("quizzes.taker.unlimited")
              : t("quizzes.taker.attemptsLeft", { n: intro.attemptsLeft })}
          </Badge>
        </Group>
        {intro.preview ? <Text c="dimmed">{t("quizzes.taker.preview")}</Text> : null}
      </Stack>

      {error ? (
        <Alert color="red" role="alert">
          {t(errorText(error))}
        </Alert>
      ) : null}

      {view && inProgress ? (
        <Stack gap="md">
          <Group
            justify="space-between"
            pos="sticky"
            top={0}
            bg="var(--mantine-color-body)"
            py="xs"
            style={{ zIndex: 2 }}
          >
            <Text fw={600}>{t("quizzes.taker.attempt", { number: view.attempt.number })}</Text>
            <Group gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {saving === "saving"
                  ? t("quizzes.taker.saving")
                  : saving === "saved"
                    ? t("quizzes.taker.saved")
                    : ""}
              </Text>
              {left !== null ? (
                <Badge
                  size="lg"
                  color={left < 60 ? "red" : "blue"}
                  role="timer"
                  aria-label={t("quizzes.taker.timeLeft")}
                >
                  {clock(left)}
                </Badge>
              ) : null}
            </Group>
          </Group>
          {view.questions.map((q, i) => (
            <Paper
              key={q.id}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-labelledby={`q-${q.id}`}
            >
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div id={`q-${q.id}`}>
                    <Text fw={600} size="sm" c="dimmed">
                      {t("quizzes.taker.questionNumber", { number: i + 1 })}
                    </Text>
                    <div dangerouslySetInnerHTML={{ __html: q.prompt }} />
                  </div>
                  <Text size="sm" c="dimmed">
                    {t("quizzes.taker.points", { n: q.points })}
                  </Text>
                </Group>
                <QuestionInput
                  attemptId={view.attempt.id}
                  question={q}
                  value={answers[q.id]}
                  onChange={(v) => change(q.id, v)}
                  labelId={`q-${q.id}`}
                />
              </Stack>
            </Paper>
          ))}
          {confirming ? (
            <Alert color="yellow" title={t("quizzes.taker.confirmSubmit")}>
              <Group mt="sm">
                <Button onClick={() => void submit()} loading={busy}>
                  {t("quizzes.taker.confirm")}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t("quizzes.taker.cancel")}
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group>
              <Button onClick={() => setConfirming(true)}>{t("quizzes.taker.submit")}</Button>
            </Group>
          )}
        </Stack>
      ) : null}

      {view && !inProgress ? <AttemptResult view={view} /> : null}

      {!inProgress ? (
        <Group>
          {intro.openAttemptId ? (
            <Button onClick={() => void open(intro.openAttemptId!)}>
              {t("quizzes.taker.resume")}
            </Button>
          ) : intro.attemptsLeft !== 0 ? (
            <Button onClick={() => void start()} loading={busy}>
              {intro.attempts.length ? t("quizzes.taker.tryAgain") : t("quizzes.taker.start")}
            </Button>
          ) : (
            <Text c="dimmed">{t("errors.quizAttemptLimit")}</Text>
          )}
        </Group>
      ) : null}

      {intro.attempts.length && !inProgress ? (
        <Stack gap="xs">
          <Title order={3}>{t("quizzes.taker.previous")}</Title>
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t("quizzes.taker.status")}</Table.Th>
                  <Table.Th>{t("quizzes.taker.scoreColumn")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {intro.attempts.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.number}</Table.Td>
                    <Table.Td>
                      {a.passed === true
                        ? t("quizzes.taker.passed")
                        : a.passed === false
                          ? t("quizzes.taker.failed")
                          : a.status === "pending"
                            ? t("quizzes.taker.pending")
                            : t("quizzes.taker.open")}
                    </Table.Td>
                    <Table.Td>{a.percent === null ? "—" : `${a.percent}%`}</Table.Td>
                    <Table.Td>
                      {a.status !== "in_progress" ? (
                        <Button size="xs" variant="subtle" onClick={() => void open(a.id)}>
                          {t("quizzes.taker.view")}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Stack>
  );
}
