import type { LessonDrip, LessonType } from "~/features/courses/courses";

/**
 * Which lessons of a course a person may open, and why not (client-safe, pure): drip by days
 * after enrolment or on a date, and in a sequential course each lesson after the one before it.
 * The server computes it once and sends the player the answer, never a locked lesson's content.
 */
export type LessonLock =
  | { kind: "drip"; opensAt: string }
  | { kind: "sequential"; lessonId: string; title: string }
  | { kind: "enrol" };

export type OutlineLesson = {
  id: string;
  sectionId: string;
  title: string;
  type: LessonType;
  freePreview: boolean;
  drip: LessonDrip;
  durationMinutes: number | null;
};

export type PlayerLesson = Omit<OutlineLesson, "drip"> & {
  completed: boolean;
  lock: LessonLock | null;
};

/** When a dripped lesson opens for someone enrolled at `enrolledAt` (null = with the course). */
export function dripOpensAt(drip: LessonDrip, enrolledAt: Date): Date | null {
  if (drip.kind === "days") return new Date(enrolledAt.getTime() + drip.days * 86_400_000);
  if (drip.kind === "date") return new Date(drip.date);
  return null;
}

/**
 * Every lesson with its lock for one viewer. `teacher` sees all open (a preview of their course);
 * someone not enrolled opens only the free previews; an enrolled student meets drip dates and,
 * in a sequential course, the first earlier lesson not yet completed.
 */
export function lessonLocks(
  outline: OutlineLesson[],
  {
    completed,
    enrolledAt,
    sequential,
    teacher,
    now = new Date(),
  }: {
    completed: ReadonlySet<string>;
    enrolledAt: Date | null;
    sequential: boolean;
    teacher: boolean;
    now?: Date;
  },
): PlayerLesson[] {
  let firstUndone: OutlineLesson | null = null;
  return outline.map((lesson) => {
    const { drip, ...rest } = lesson;
    const done = completed.has(lesson.id);
    let lock: LessonLock | null = null;
    if (teacher) lock = null;
    else if (!enrolledAt) lock = lesson.freePreview ? null : { kind: "enrol" };
    else {
      const opensAt = dripOpensAt(drip, enrolledAt);
      if (opensAt && opensAt.getTime() > now.getTime())
        lock = { kind: "drip", opensAt: opensAt.toISOString() };
      else if (sequential && firstUndone)
        lock = { kind: "sequential", lessonId: firstUndone.id, title: firstUndone.title };
    }
    if (!done && !firstUndone) firstUndone = lesson;
    return { ...rest, completed: done, lock };
  });
}
