import { Stack, Text, Textarea } from "@mantine/core";
import { IconCircle, IconCircleCheckFilled, IconLock } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { dateFormat } from "~/platform/i18n/formats";
import type { LessonLock, PlayerLesson } from "../curriculum";
import { learningApiPaths, sendOrQueue } from "../offline-queue";
import type { PlayerData } from "../player.server";
import classes from "./course-player.module.css";

import { lessonPath } from "../paths";

function formatDate(iso: string, lang: string) {
  return dateFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** The lock's sentence: "Opens on …", "Complete … first", "Enrol to open". */
export function LockNotice({ lock }: { lock: LessonLock }) {
  const { t, i18n } = useTranslation();
  if (lock.kind === "drip")
    return <>{t("learning.player.opensOn", { date: formatDate(lock.opensAt, i18n.language) })}</>;
  if (lock.kind === "sequential")
    return <>{t("learning.player.completeFirst", { title: lock.title })}</>;
  return <>{t("learning.player.enrolToOpen")}</>;
}

/**
 * The course's lessons beside the lesson. Plain elements styled by the module: it is the
 * player's one repeated part, rendered for every lesson of the course on every visit, and
 * Mantine's layout components cost a render each (decision 058).
 */
export function Curriculum({ data, onNavigate }: { data: PlayerData; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const current = data.lesson?.id;
  return (
    <nav aria-label={t("learning.player.curriculum")} className={classes.sections}>
      {data.sections.map((section) => (
        <div key={section.id}>
          <p className={classes.sectionTitle}>{section.title}</p>
          <ul className={classes.list}>
            {section.lessons.map((lesson: PlayerLesson) => {
              const active = lesson.id === current;
              return (
                <li key={lesson.id}>
                  <Link
                    to={lessonPath(data.course.slug, lesson.id)}
                    onClick={onNavigate}
                    className={`mantine-focus-auto ${classes.item}`}
                    data-active={active || undefined}
                    aria-current={active ? "page" : undefined}
                    data-testid="curriculum-lesson"
                  >
                    <div className={classes.row}>
                      <div
                        className={classes.mark}
                        data-done={lesson.completed || undefined}
                        aria-hidden
                      >
                        {lesson.completed ? (
                          <IconCircleCheckFilled size={18} />
                        ) : lesson.lock ? (
                          <IconLock size={18} />
                        ) : (
                          <IconCircle size={18} />
                        )}
                      </div>
                      <div>
                        <p className={classes.lessonTitle} data-active={active || undefined}>
                          {lesson.title}
                        </p>
                        <p className={classes.lessonMeta}>
                          {lesson.lock ? (
                            <LockNotice lock={lesson.lock} />
                          ) : (
                            t(`learning.types.${lesson.type}`)
                          )}
                          {lesson.completed ? ` · ${t("learning.player.done")}` : ""}
                        </p>
                      </div>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

type NoteState = "idle" | "saving" | "saved" | "offline" | "error";

export function Notes({
  courseId,
  lessonId,
  initial,
}: {
  courseId: string;
  lessonId: string;
  initial: string;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const [state, setState] = useState<NoteState>("idle");
  const last = useRef(initial);
  useEffect(() => {
    if (body === last.current) return;
    const timer = setTimeout(async () => {
      setState("saving");
      const result = await sendOrQueue({
        key: `note:${lessonId}`,
        method: "PUT",
        url: learningApiPaths.note(courseId, lessonId),
        body: { body },
      });
      last.current = body;
      setState(result.ok ? "saved" : "queued" in result ? "offline" : "error");
    }, 800);
    return () => clearTimeout(timer);
  }, [body, courseId, lessonId]);
  return (
    <Stack gap={4}>
      <Textarea
        label={t("learning.player.notes")}
        description={t("learning.player.notesHint")}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={20_000}
      />
      <Text
        size="xs"
        c={state === "error" ? "red" : "dimmed"}
        aria-live="polite"
        data-testid="note-state"
      >
        {state === "saving"
          ? t("learning.player.saving")
          : state === "saved"
            ? t("learning.player.saved")
            : state === "offline"
              ? t("learning.player.savedOffline")
              : state === "error"
                ? t("learning.player.notSaved")
                : ""}
      </Text>
    </Stack>
  );
}
