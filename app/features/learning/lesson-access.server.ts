import { and, eq, sql } from "drizzle-orm";
import { courseTeacherRole } from "~/features/courses/courses.server";
import { lessons as lessonsTable } from "~/features/courses/tables.server";
import type { Viewer } from "~/features/members/members.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { lessonLocks, type PlayerLesson } from "./curriculum";
import type { Enrolment } from "./progress.server";
import {
  completedLessonIds,
  courseById,
  courseOutline,
  enrolmentRow,
  type CourseRow,
} from "./queries.server";

/**
 * Issue 31, decision 042: the one access rule of a course's lessons. The player (what shows
 * locked), every learning and quiz API and every job ask `courseAccess` / `lessonAccess` /
 * `quizAccess`, so a lesson the screen shows locked is locked everywhere: enrolment (live, not
 * expired; a membership level opens a course by giving an enrolment), drip, free previews and
 * sequential order.
 */
export function isLive(row: Enrolment | null, now: Date): row is Enrolment {
  return Boolean(
    row &&
    (row.status === "active" || row.status === "completed") &&
    (!row.expiresAt || row.expiresAt.getTime() > now.getTime()),
  );
}

export type PlayerRole = "teacher" | "student" | "visitor";

/** Why a lesson is open or not; the first three open it. */
export type AccessReason =
  "teacher" | "enrolled" | "preview" | "notEnrolled" | "expired" | "drip" | "sequential";

export type Access = {
  allowed: boolean;
  reason: AccessReason;
  /** When a dripped lesson opens (ISO), else null. */
  opensAt: string | null;
};

export type CourseAccess = {
  course: CourseRow;
  role: PlayerRole;
  /** The live enrolment, or null (none, cancelled or expired). */
  enrolment: Enrolment | null;
  /** The enrolment ended by its expiry (the reason given instead of "not enrolled"). */
  expired: boolean;
  sections: { id: string; title: string }[];
  lessons: PlayerLesson[];
};

/**
 * Who the viewer is to a course and every lesson's lock for them, or "not found": drafts are
 * their teachers' only; a private course is its teachers' and enrolled students'.
 */
export async function courseAccess(
  tx: Tx,
  {
    accountId,
    course,
    viewer,
    now,
    asStudent = false,
  }: {
    accountId: string;
    course: CourseRow;
    viewer: Viewer | null;
    now: Date;
    /** Locks as a student meets them, for a student's own actions by someone who also teaches. */
    asStudent?: boolean;
  },
): Promise<CourseAccess> {
  // Asked at once (one round trip, not four); the completions are dropped if not enrolled.
  const [teacher, row, outline, completions] = await Promise.all([
    asStudent ? null : courseTeacherRole(tx, { accountId, courseId: course.id, viewer }),
    viewer ? enrolmentRow(tx, { accountId, courseId: course.id, userId: viewer.user.id }) : null,
    courseOutline(tx, { accountId, courseId: course.id }),
    viewer
      ? completedLessonIds(tx, { accountId, courseId: course.id, userId: viewer.user.id })
      : null,
  ]);
  const enrolment = isLive(row, now) ? row : null;
  const expired = Boolean(!enrolment && row?.expiresAt && row.expiresAt.getTime() <= now.getTime());
  const role: PlayerRole = teacher ? "teacher" : enrolment ? "student" : "visitor";
  if (course.status === "draft" && role !== "teacher")
    throw new AppError({ code: "route.notFound" });
  if (course.status === "private" && role === "visitor")
    throw new AppError({ code: "route.notFound" });
  const completed = enrolment && completions ? completions : new Set<string>();
  const lessons = lessonLocks(outline.lessons, {
    completed,
    enrolledAt: enrolment ? enrolment.enrolledAt : null,
    sequential: Boolean(course.settings.sequential),
    teacher: role === "teacher",
    now,
  });
  return { course, role, enrolment, expired, sections: outline.sections, lessons };
}

/** One lesson's answer out of its course's (pure): what the player shows is what this says. */
export function accessOf(access: CourseAccess, lesson: PlayerLesson): Access {
  if (access.role === "teacher") return { allowed: true, reason: "teacher", opensAt: null };
  const lock = lesson.lock;
  if (!lock)
    return {
      allowed: true,
      reason: access.role === "student" ? "enrolled" : "preview",
      opensAt: null,
    };
  if (lock.kind === "drip") return { allowed: false, reason: "drip", opensAt: lock.opensAt };
  if (lock.kind === "sequential") return { allowed: false, reason: "sequential", opensAt: null };
  return { allowed: false, reason: access.expired ? "expired" : "notEnrolled", opensAt: null };
}

/** The refusal for an access that does not open: locked lessons say why and when they open. */
export function accessError(access: Access): AppError {
  if (access.reason === "drip" || access.reason === "sequential")
    return new AppError({
      code: "learning.lessonLocked",
      details: { reason: access.reason, opensAt: access.opensAt },
    });
  return new AppError({ code: "learning.notEnrolled", details: { reason: access.reason } });
}

/** A lesson of the account for this viewer at `now`; an unknown lesson is "not found". */
export async function lessonAccess(
  tx: Tx,
  {
    accountId,
    viewer,
    lessonId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; lessonId: string; now?: Date },
): Promise<Access & { courseId: string; lesson: PlayerLesson; role: PlayerRole }> {
  const [row] = await tx
    .select({ courseId: lessonsTable.courseId })
    .from(lessonsTable)
    .where(and(eq(lessonsTable.accountId, accountId), eq(lessonsTable.id, lessonId)))
    .limit(1);
  const course = row ? await courseById(tx, { accountId, id: row.courseId }) : null;
  if (!course) throw new AppError({ code: "route.notFound" });
  const access = await courseAccess(tx, { accountId, course, viewer, now });
  const lesson = access.lessons.find((entry) => entry.id === lessonId);
  if (!lesson) throw new AppError({ code: "route.notFound" });
  return { ...accessOf(access, lesson), courseId: course.id, lesson, role: access.role };
}

/**
 * A quiz of a course, for the person taking it: it opens with the lesson that holds it (drip,
 * sequential order), and only to its enrolled students — a free preview shows the quiz lesson,
 * but attempts are a student's. A quiz no lesson holds opens with the enrolment alone. Held by
 * several lessons, the first that opens decides; locked in all, the earliest opening is told.
 */
export async function quizAccess(
  tx: Tx,
  {
    accountId,
    viewer,
    courseId,
    quizId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; courseId: string; quizId: string; now?: Date },
): Promise<Access & { role: PlayerRole }> {
  const course = await courseById(tx, { accountId, id: courseId });
  if (!course) throw new AppError({ code: "route.notFound" });
  const access = await courseAccess(tx, { accountId, course, viewer, now });
  const holders = await tx
    .select({ id: lessonsTable.id })
    .from(lessonsTable)
    .where(
      and(
        eq(lessonsTable.accountId, accountId),
        eq(lessonsTable.courseId, courseId),
        sql`${lessonsTable.content}->>'quizId' = ${quizId}`,
      ),
    );
  const role = access.role;
  if (role === "teacher") return { allowed: true, reason: "teacher", opensAt: null, role };
  if (role === "visitor")
    return {
      allowed: false,
      reason: access.expired ? "expired" : "notEnrolled",
      opensAt: null,
      role,
    };
  const answers = access.lessons
    .filter((lesson) => holders.some((holder) => holder.id === lesson.id))
    .map((lesson) => accessOf(access, lesson));
  if (answers.length === 0) return { allowed: true, reason: "enrolled", opensAt: null, role };
  const open = answers.find((answer) => answer.allowed);
  if (open) return { ...open, role };
  const dripped = answers
    .filter((answer) => answer.opensAt)
    .sort((a, b) => a.opensAt!.localeCompare(b.opensAt!));
  return { ...(dripped[0] ?? answers[0]!), role };
}
