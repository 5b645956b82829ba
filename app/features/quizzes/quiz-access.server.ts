import { and, eq } from "drizzle-orm";
import {
  courseTeacherRole,
  isCourseManager,
  type CourseTeacherRole,
} from "~/features/courses/courses.server";
import { accessError, quizAccess } from "~/features/learning/learning.server";
import { can, type Viewer } from "~/features/members/members.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { quizzes } from "./tables.server";

export type QuizRow = typeof quizzes.$inferSelect;

export async function findQuiz(
  tx: Tx,
  { accountId, quizId }: { accountId: string; quizId: string },
): Promise<QuizRow | null> {
  const [quiz] = await tx
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.accountId, accountId), eq(quizzes.id, quizId)))
    .limit(1);
  return quiz ?? null;
}

/**
 * Who teaches a quiz: its course's teachers (courses' one rule); a quiz not yet placed in a
 * course, the site's managers and its author (an instructor).
 */
export async function quizTeacherRole(
  tx: Tx,
  { accountId, quiz, viewer }: { accountId: string; quiz: QuizRow; viewer: Viewer | null },
): Promise<CourseTeacherRole | null> {
  if (!viewer) return null;
  if (quiz.courseId) return courseTeacherRole(tx, { accountId, courseId: quiz.courseId, viewer });
  if (isCourseManager(viewer)) return "manager";
  return can(viewer, "create_courses") && quiz.authorId === viewer.user.id ? "instructor" : null;
}

/** Every editing action on a quiz: a teacher of it, else the quiz is "not found". */
export async function requireQuizTeacher(
  tx: Tx,
  {
    accountId,
    quizId,
    viewer,
    cap,
  }: {
    accountId: string;
    quizId: string;
    viewer: Viewer | null;
    cap?: "manage_curriculum" | "manage_submissions";
  },
): Promise<QuizRow> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const quiz = await findQuiz(tx, { accountId, quizId });
  const role = quiz ? await quizTeacherRole(tx, { accountId, quiz, viewer }) : null;
  if (!quiz || !role) throw new AppError({ code: "route.notFound" });
  if (role === "instructor" && cap && !can(viewer, cap))
    throw new AppError({ code: "auth.forbidden" });
  return quiz;
}

/**
 * Who may take a quiz: a student the course's one access rule opens it to (decision 042: live
 * enrolment, and the drip and order of the lesson holding it), or one of its teachers previewing
 * it (a preview earns nothing and has no attempt limit). Starting, reading, answering and
 * submitting all ask here.
 */
export async function requireQuizTaker(
  tx: Tx,
  {
    accountId,
    quizId,
    viewer,
    now = new Date(),
  }: { accountId: string; quizId: string; viewer: Viewer | null; now?: Date },
): Promise<{ quiz: QuizRow; preview: boolean; userId: string }> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const quiz = await findQuiz(tx, { accountId, quizId });
  if (!quiz) throw new AppError({ code: "route.notFound" });
  if (await quizTeacherRole(tx, { accountId, quiz, viewer }))
    return { quiz, preview: true, userId: viewer.user.id };
  if (!quiz.courseId) throw new AppError({ code: "route.notFound" });
  const access = await quizAccess(tx, { accountId, viewer, courseId: quiz.courseId, quizId, now });
  if (!access.allowed) throw accessError(access);
  return { quiz, preview: false, userId: viewer.user.id };
}
