import type { LessonContent } from "~/features/courses/courses";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import type { PlayerLesson } from "./curriculum";
import {
  accessError,
  accessOf,
  courseAccess,
  isLive,
  type PlayerRole,
} from "./lesson-access.server";
import { lessonFilePath } from "./lesson-files.server";
import { recordLessonCompleted, type LessonCompletion } from "./progress.server";
import {
  courseBySlug,
  courseById,
  enrolmentRow,
  lessonContent,
  noteOf,
  type CourseRow,
} from "./queries.server";
import { lessonNotes } from "./tables.server";

/**
 * A student's own actions (complete, note) need a live enrolment, and meet the locks a student
 * meets even when they also teach the course.
 */
async function studentAccess(
  tx: Tx,
  {
    accountId,
    course,
    viewer,
    now,
  }: { accountId: string; course: CourseRow; viewer: Viewer; now: Date },
) {
  const row = await enrolmentRow(tx, { accountId, courseId: course.id, userId: viewer.user.id });
  if (!isLive(row, now)) throw new AppError({ code: "learning.notEnrolled" });
  return courseAccess(tx, { accountId, course, viewer, now, asStudent: true });
}

/** The lesson to continue with: the first open one not done, else the last one touched, else the first. */
function continueLesson(lessons: PlayerLesson[], lastLessonId: string | null): string | null {
  const next = lessons.find((lesson) => !lesson.lock && !lesson.completed);
  return next?.id ?? lastLessonId ?? lessons[0]?.id ?? null;
}

/** A lesson's content as the player shows it: file addresses kept only when safe. */
function playableContent(content: LessonContent, lessonId: string): LessonContent {
  const file = (f: { url: string; name: string; bytes?: number } | undefined) =>
    f && safeUrl(f.url) ? { name: f.name, url: safeUrl(f.url)!, bytes: f.bytes } : undefined;
  // A library download goes through the lesson's access rule, not the file's own address.
  const download = (f: NonNullable<LessonContent["files"]>[number]) =>
    f.mediaId
      ? { name: f.name, url: lessonFilePath(lessonId, f.mediaId), bytes: f.bytes }
      : file(f);
  return {
    html: content.html,
    files: (content.files ?? []).map(download).filter((f) => f !== undefined),
    video:
      content.video && safeUrl(content.video.url)
        ? { source: content.video.source, url: safeUrl(content.video.url)! }
        : undefined,
    file: file(content.file),
    embedUrl: content.embedUrl,
    quizId: content.quizId,
  };
}

export type PlayerData = {
  course: { id: string; title: string; slug: string; price: number; status: string };
  role: PlayerRole;
  progressPercent: number;
  sections: { id: string; title: string; lessons: PlayerLesson[] }[];
  lesson:
    (PlayerLesson & { content: LessonContent | null; note: string | null; index: number }) | null;
  previousId: string | null;
  nextId: string | null;
  total: number;
  completedCount: number;
};

/**
 * Scope 4: the course player's data for one lesson (or the one to continue with). A locked
 * lesson comes without its content; the viewer's note comes with the lesson when enrolled.
 */
export async function loadPlayer(
  database: Database,
  {
    accountId,
    viewer,
    slug,
    lessonId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; slug: string; lessonId?: string; now?: Date },
): Promise<PlayerData> {
  // Reads only, each on its own (decision 058): a student's lesson is the hottest signed-in page.
  return database.readAccount(accountId, async (tx) => {
    const course = await courseBySlug(tx, { accountId, slug });
    if (!course) throw new AppError({ code: "route.notFound" });
    // A lesson asked for by its address is read beside the access check, one round trip less;
    // what the check then locks is dropped here and never leaves the server.
    const asked = (id: string) => (lessonId === id ? prefetched : null);
    const [{ role, enrolment, sections, lessons }, ...prefetched] = await Promise.all([
      courseAccess(tx, { accountId, course, viewer, now }),
      lessonId ? lessonContent(tx, { accountId, courseId: course.id, lessonId }) : null,
      lessonId && viewer ? noteOf(tx, { accountId, userId: viewer.user.id, lessonId }) : null,
    ]);
    const chosenId =
      lessonId ??
      (role === "visitor"
        ? (lessons.find((lesson) => !lesson.lock)?.id ?? lessons[0]?.id ?? null)
        : continueLesson(lessons, enrolment?.lastLessonId ?? null));
    const index = lessons.findIndex((lesson) => lesson.id === chosenId);
    if (lessonId && index < 0) throw new AppError({ code: "route.notFound" });
    const current = index >= 0 ? lessons[index]! : null;
    const open = current && !current.lock ? current : null;
    const [content, note] =
      (open && asked(open.id)) ??
      (await Promise.all([
        open ? lessonContent(tx, { accountId, courseId: course.id, lessonId: open.id }) : null,
        open && viewer
          ? noteOf(tx, { accountId, userId: viewer.user.id, lessonId: open.id })
          : null,
      ]));
    return {
      course: {
        id: course.id,
        title: course.title,
        slug: course.slug,
        price: course.price,
        status: course.status,
      },
      role,
      progressPercent: enrolment?.progressPercent ?? 0,
      sections: sections.map((section) => ({
        ...section,
        lessons: lessons.filter((lesson) => lesson.sectionId === section.id),
      })),
      lesson: current
        ? {
            ...current,
            content: content ? playableContent(content, current.id) : null,
            note: enrolment ? note : null,
            index,
          }
        : null,
      previousId: index > 0 ? lessons[index - 1]!.id : null,
      nextId: index >= 0 && index < lessons.length - 1 ? lessons[index + 1]!.id : null,
      total: lessons.length,
      completedCount: lessons.filter((lesson) => lesson.completed).length,
    };
  });
}

/**
 * Scope 4: an enrolled student marks an open lesson complete (again: nothing changes). A quiz
 * lesson completes only by passing its quiz; a locked lesson cannot be completed.
 */
export async function completeLesson(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    lessonId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; courseId: string; lessonId: string; now?: Date },
): Promise<LessonCompletion> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  return database.forAccount(accountId, async (tx) => {
    const course = await courseById(tx, { accountId, id: courseId });
    if (!course) throw new AppError({ code: "route.notFound" });
    const access = await studentAccess(tx, { accountId, course, viewer, now });
    const lesson = access.lessons.find((entry) => entry.id === lessonId);
    if (!lesson) throw new AppError({ code: "route.notFound" });
    const answer = accessOf(access, lesson);
    if (!answer.allowed) throw accessError(answer);
    if (lesson.type === "quiz")
      throw new AppError({ code: "auth.forbidden", details: { reason: "quiz" } });
    return recordLessonCompleted(tx, { accountId, courseId, lessonId, userId: viewer.user.id });
  });
}

export const MAX_NOTE = 20_000;

/** Scope 4: an enrolled student's note on a lesson of the course (plain text, the last save wins). */
export async function saveNote(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    lessonId,
    body,
    now = new Date(),
  }: {
    accountId: string;
    viewer: Viewer | null;
    courseId: string;
    lessonId: string;
    body: string;
    now?: Date;
  },
): Promise<{ ok: true; savedAt: string }> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (body.length > MAX_NOTE) throw new AppError({ code: "request.tooLarge" });
  return database.forAccount(accountId, async (tx) => {
    const course = await courseById(tx, { accountId, id: courseId });
    if (!course) throw new AppError({ code: "route.notFound" });
    const access = await studentAccess(tx, { accountId, course, viewer, now });
    const lesson = access.lessons.find((entry) => entry.id === lessonId);
    if (!lesson) throw new AppError({ code: "route.notFound" });
    const answer = accessOf(access, lesson);
    if (!answer.allowed) throw accessError(answer);
    await tx
      .insert(lessonNotes)
      .values({ accountId, userId: viewer.user.id, lessonId, body, updatedAt: now })
      .onConflictDoUpdate({
        target: [lessonNotes.accountId, lessonNotes.userId, lessonNotes.lessonId],
        set: { body, updatedAt: now },
      });
    return { ok: true, savedAt: now.toISOString() };
  });
}

export type EnrolActionData = {
  courseId: string;
  slug: string;
  state: "enrol" | "continue" | "paid" | "signIn" | "teacher";
  price: number;
  continueLessonId: string | null;
  previewLessonId: string | null;
  progressPercent: number;
};

/**
 * The public course page's call to action (scope 4): enrol, continue where the student left
 * off, preview, or the price of a paid course. Null for a course the viewer may not see.
 */
export async function enrolActionFor(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; courseId: string; now?: Date },
): Promise<EnrolActionData | null> {
  return database.forAccount(accountId, async (tx) => {
    const course = await courseById(tx, { accountId, id: courseId });
    if (!course) return null;
    const standing = await courseAccess(tx, { accountId, course, viewer, now }).catch(() => null);
    if (!standing) return null;
    const { role, enrolment, lessons } = standing;
    const previewLessonId = lessons.find((lesson) => lesson.freePreview)?.id ?? null;
    const state: EnrolActionData["state"] =
      role === "teacher"
        ? "teacher"
        : role === "student"
          ? "continue"
          : course.price > 0
            ? "paid"
            : viewer
              ? "enrol"
              : "signIn";
    return {
      courseId: course.id,
      slug: course.slug,
      state,
      price: course.price,
      continueLessonId:
        role === "visitor" ? null : continueLesson(lessons, enrolment?.lastLessonId ?? null),
      previewLessonId,
      progressPercent: enrolment?.progressPercent ?? 0,
    };
  });
}

/** For the public course page: which lessons a link may open for this viewer (free previews for visitors). */
export function openLessonIds(data: PlayerData): string[] {
  return data.sections.flatMap((section) =>
    section.lessons.filter((l) => !l.lock).map((l) => l.id),
  );
}
