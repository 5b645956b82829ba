import {
  Alert,
  Anchor,
  Badge,
  Burger,
  Button,
  Drawer,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconCloudOff,
  IconLock,
} from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useRevalidator } from "react-router";
import { GamificationOverlay } from "~/features/gamification/gamification";
type PointsAward = { reason: string; points: number };
import {
  QUEUE_EVENT,
  flushQueue,
  learningApiPaths,
  queuedWrites,
  sendOrQueue,
} from "../offline-queue";
import type { PlayerData } from "../player.server";
import classes from "./course-player.module.css";
import { LessonBody } from "./lesson-body";
import { Curriculum, LockNotice, Notes } from "./player-parts";
import { lessonPath } from "../paths";

const GAMIFICATION_EVENT = "lyceum:gamification";

function announce(awards: PointsAward[], t: (key: string) => string) {
  for (const award of awards)
    window.dispatchEvent(
      new CustomEvent(GAMIFICATION_EVENT, {
        detail: {
          title: t(
            award.reason === "course_completed"
              ? "learning.player.courseCompleted"
              : "learning.player.lessonCompleted",
          ),
          points: award.points,
        },
      }),
    );
}

/** Scope 4: the focused course player, curriculum beside the lesson (a drawer on a phone). */
export function CoursePlayer({
  data,
  enrol,
  quiz,
  certificate,
}: {
  data: PlayerData;
  /** The call to action for a visitor on a closed lesson. */
  enrol?: React.ReactNode;
  /** How a quiz lesson's quiz is taken: the route gives the quizzes feature's taker. */
  quiz?: (quizId: string, lessonId: string) => React.ReactNode;
  /** The completed course's certificate (the certificates feature's, given by the route). */
  certificate?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [drawer, setDrawer] = useState(false);
  const [pending, setPending] = useState(false);
  const [offlineDone, setOfflineDone] = useState<Set<string>>(new Set());
  const [waiting, setWaiting] = useState(0);
  const lesson = data.lesson;
  const student = data.role === "student";

  const sync = useCallback(async () => {
    const sent = await flushQueue();
    for (const { data: answer } of sent)
      if (answer && typeof answer === "object" && "awards" in answer)
        announce((answer as { awards: PointsAward[] }).awards, t);
    if (sent.length) {
      setOfflineDone(new Set());
      void revalidator.revalidate();
    }
  }, [revalidator, t]);

  useEffect(() => {
    const count = () => setWaiting(queuedWrites().length);
    count();
    void sync();
    window.addEventListener("online", sync);
    window.addEventListener(QUEUE_EVENT, count);
    return () => {
      window.removeEventListener("online", sync);
      window.removeEventListener(QUEUE_EVENT, count);
    };
    // Once per page: the queue is the browser's, not the lesson's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const complete = useCallback(async () => {
    if (!lesson || !student || lesson.completed || lesson.type === "quiz" || lesson.lock) return;
    setPending(true);
    const result = await sendOrQueue({
      key: `complete:${lesson.id}`,
      method: "POST",
      url: learningApiPaths.complete(data.course.id, lesson.id),
      body: {},
    });
    setPending(false);
    if (result.ok) {
      announce((result.data as { awards?: PointsAward[] } | null)?.awards ?? [], t);
      void revalidator.revalidate();
    } else if ("queued" in result) setOfflineDone((done) => new Set(done).add(lesson.id));
  }, [data.course.id, lesson, revalidator, student, t]);

  const done = lesson ? lesson.completed || offlineDone.has(lesson.id) : false;
  const percent = data.total ? Math.round((data.completedCount * 100) / data.total) : 0;

  return (
    <div className={classes.frame}>
      <header className={classes.bar}>
        <Group gap="sm" wrap="nowrap" className={classes.barStart}>
          <Burger
            opened={drawer}
            onClick={() => setDrawer((open) => !open)}
            hiddenFrom="md"
            size="sm"
            aria-label={t("learning.player.curriculum")}
          />
          <Anchor
            component={Link}
            to={`/course/${data.course.slug}`}
            fw={700}
            c="inherit"
            lineClamp={1}
          >
            {data.course.title}
          </Anchor>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {data.role !== "visitor" ? (
            <Group gap={6} wrap="nowrap" visibleFrom="xs">
              <Progress
                value={data.role === "student" ? data.progressPercent : percent}
                w={120}
                aria-label={t("learning.progress")}
              />
              <Text size="sm" data-testid="player-progress">
                {data.role === "student" ? data.progressPercent : percent}%
              </Text>
            </Group>
          ) : null}
          {data.role === "teacher" ? (
            <>
              <Badge variant="default" visibleFrom="xs">
                {t("learning.player.preview")}
              </Badge>
              <Anchor
                component={Link}
                to={`/dashboard/course/${data.course.id}/students`}
                size="sm"
                style={{ whiteSpace: "nowrap" }}
              >
                {t("learning.students.title")}
              </Anchor>
            </>
          ) : null}
          <Anchor
            component={Link}
            to="/dashboard/courses"
            size="sm"
            style={{ whiteSpace: "nowrap" }}
          >
            {t("learning.myCourses.title")}
          </Anchor>
        </Group>
      </header>
      {waiting > 0 ? (
        <Alert
          color="yellow"
          icon={<IconCloudOff size={18} />}
          radius={0}
          py={6}
          data-testid="offline-queue"
        >
          {t("learning.player.waiting", { n: waiting })}
        </Alert>
      ) : null}
      <div className={classes.body}>
        <aside className={classes.aside}>
          <Curriculum data={data} />
        </aside>
        <Drawer
          opened={drawer}
          onClose={() => setDrawer(false)}
          title={t("learning.player.curriculum")}
          size="85%"
          hiddenFrom="md"
          closeButtonProps={{ "aria-label": t("learning.students.close") }}
        >
          <Curriculum data={data} onNavigate={() => setDrawer(false)} />
        </Drawer>
        <main className={classes.main}>
          {lesson ? (
            <Stack gap="lg" maw={860} mx="auto">
              {certificate}
              <div>
                <Text size="sm" c="dimmed">
                  {t("learning.player.lessonOf", { n: lesson.index + 1, total: data.total })}
                </Text>
                <Title order={1} size="h2">
                  {lesson.title}
                </Title>
              </div>
              {lesson.lock ? (
                <Alert icon={<IconLock size={18} />} color="gray" data-testid="lesson-lock">
                  <Stack gap="sm" align="flex-start">
                    <Text>
                      <LockNotice lock={lesson.lock} />
                    </Text>
                    {lesson.lock.kind === "sequential" ? (
                      <Button
                        component={Link}
                        to={lessonPath(data.course.slug, lesson.lock.lessonId)}
                        variant="light"
                      >
                        {t("learning.player.goTo", { title: lesson.lock.title })}
                      </Button>
                    ) : lesson.lock.kind === "enrol" ? (
                      enrol
                    ) : null}
                  </Stack>
                </Alert>
              ) : lesson.content ? (
                // Keys unique among this Stack's children: a key shared with the notes below
                // made React keep and repeat old lessons' bodies on every render.
                <LessonBody
                  key={`body-${lesson.id}`}
                  type={lesson.type}
                  title={lesson.title}
                  content={lesson.content}
                  onVideoEnded={student ? complete : undefined}
                  quiz={
                    lesson.type === "quiz" && lesson.content.quizId && quiz
                      ? quiz(lesson.content.quizId, lesson.id)
                      : undefined
                  }
                />
              ) : null}
              {data.role === "visitor" && !lesson.lock ? (
                <Alert color="blue">
                  <Stack gap="sm" align="flex-start">
                    <Text>{t("learning.player.previewNotice")}</Text>
                    {enrol}
                  </Stack>
                </Alert>
              ) : null}
              <Group justify="space-between" wrap="wrap" gap="sm">
                {data.previousId ? (
                  <Button
                    component={Link}
                    to={lessonPath(data.course.slug, data.previousId)}
                    variant="default"
                    leftSection={<IconArrowLeft size={16} aria-hidden />}
                  >
                    {t("learning.player.previous")}
                  </Button>
                ) : (
                  <span />
                )}
                <Group gap="sm">
                  {student && !lesson.lock && lesson.type !== "quiz" ? (
                    done ? (
                      <Badge
                        size="lg"
                        variant="default"
                        leftSection={
                          offlineDone.has(lesson.id) ? (
                            <IconCloudOff size={14} aria-hidden />
                          ) : (
                            <IconCheck size={14} aria-hidden color="var(--mantine-color-teal-6)" />
                          )
                        }
                        data-testid="lesson-done"
                      >
                        {offlineDone.has(lesson.id)
                          ? t("learning.player.savedOffline")
                          : t("learning.player.completed")}
                      </Badge>
                    ) : (
                      <Button
                        onClick={complete}
                        loading={pending}

                        leftSection={<IconCheck size={16} aria-hidden />}
                      >
                        {t("learning.player.markComplete")}
                      </Button>
                    )
                  ) : null}
                  {student && lesson.type === "quiz" && !lesson.completed ? (
                    <Text size="sm" c="dimmed">
                      {t("learning.player.passQuiz")}
                    </Text>
                  ) : null}
                  {data.nextId ? (
                    <Button
                      component={Link}
                      to={lessonPath(data.course.slug, data.nextId)}
                      variant={done ? "filled" : "light"}
                      rightSection={<IconArrowRight size={16} aria-hidden />}
                    >
                      {t("learning.player.next")}
                    </Button>
                  ) : null}
                </Group>
              </Group>
              {student && !lesson.lock && lesson.note !== null ? (
                <Notes
                  key={`notes-${lesson.id}`}
                  courseId={data.course.id}
                  lessonId={lesson.id}
                  initial={lesson.note}
                />
              ) : null}
            </Stack>
          ) : (
            <Text c="dimmed">{t("learning.player.noLessons")}</Text>
          )}
        </main>
      </div>
      <GamificationOverlay />
    </div>
  );
}
