import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { isCourseManager, requireCourseTeacher } from "~/features/courses/courses.server";
import { courseInstructors, courses, lessons } from "~/features/courses/tables.server";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { questionsOf } from "./attempts.server";
import type { QuizSettings } from "./quiz-shapes";
import { requireQuizTeacher } from "./quiz-access.server";
import { quizAttempts, quizQuestions, quizzes } from "./tables.server";
import type { QuestionInput } from "./validation";

type Scope = { accountId: string; viewer: Viewer | null };

export type QuizListItem = { id: string; title: string; questionCount: number };

/** GET /api/courses/:courseId/quizzes: the course's quizzes, for its teachers. */
export async function listCourseQuizzes(
  database: Database,
  { accountId, viewer, courseId }: Scope & { courseId: string },
): Promise<QuizListItem[]> {
  return database.forAccount(accountId, async (tx) => {
    await requireCourseTeacher(tx, { accountId, courseId, viewer, cap: "manage_curriculum" });
    return tx
      .select({
        id: quizzes.id,
        title: quizzes.title,
        questionCount: sql<number>`(select count(*)::int from ${quizQuestions} q where q.account_id = ${quizzes.accountId} and q.quiz_id = ${quizzes.id})`,
      })
      .from(quizzes)
      .where(and(eq(quizzes.accountId, accountId), eq(quizzes.courseId, courseId)))
      .orderBy(asc(quizzes.createdAt), asc(quizzes.id));
  });
}

/** A new quiz in a course (its teachers) or standing alone (an instructor or manager). */
export async function createQuiz(
  database: Database,
  { accountId, viewer, courseId, title }: Scope & { courseId: string | null; title: string },
): Promise<QuizListItem> {
  return database.forAccount(accountId, async (tx) => {
    if (courseId)
      await requireCourseTeacher(tx, { accountId, courseId, viewer, cap: "manage_curriculum" });
    else if (!viewer) throw new AppError({ code: "not_authenticated" });
    else if (!isCourseManager(viewer) && !can(viewer, "create_courses"))
      throw new AppError({ code: "auth.forbidden" });
    const [row] = await tx
      .insert(quizzes)
      .values({
        accountId,
        courseId,
        title,
        authorId: viewer!.user.id,
        settings: { passMark: 50, attemptLimit: 0, feedback: "after_submit" },
      })
      .returning({ id: quizzes.id, title: quizzes.title });
    return { ...row!, questionCount: 0 };
  });
}

export type TeacherQuizRow = {
  id: string;
  title: string;
  courseId: string | null;
  courseTitle: string | null;
  questionCount: number;
  attemptCount: number;
};

/** The teacher's quizzes: every quiz for managers; an instructor's own courses' and loose ones. */
export async function listTeacherQuizzes(
  database: Database,
  { accountId, viewer }: Scope,
): Promise<TeacherQuizRow[]> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const manager = isCourseManager(viewer);
  if (!manager && !can(viewer, "create_courses")) throw new AppError({ code: "auth.forbidden" });
  return database.forAccount(accountId, (tx) => {
    const userId = viewer.user.id;
    const teaches = or(
      eq(courses.authorId, userId),
      sql`exists (select 1 from ${courseInstructors} ci where ci.account_id = ${quizzes.accountId} and ci.course_id = ${quizzes.courseId} and ci.user_id = ${userId})`,
      and(isNull(quizzes.courseId), eq(quizzes.authorId, userId)),
    );
    return tx
      .select({
        id: quizzes.id,
        title: quizzes.title,
        courseId: quizzes.courseId,
        courseTitle: courses.title,
        questionCount: sql<number>`(select count(*)::int from ${quizQuestions} q where q.account_id = ${quizzes.accountId} and q.quiz_id = ${quizzes.id})`,
        attemptCount: sql<number>`(select count(*)::int from ${quizAttempts} a where a.account_id = ${quizzes.accountId} and a.quiz_id = ${quizzes.id})`,
      })
      .from(quizzes)
      .leftJoin(
        courses,
        and(eq(courses.accountId, quizzes.accountId), eq(courses.id, quizzes.courseId)),
      )
      .where(and(eq(quizzes.accountId, accountId), manager ? undefined : teaches))
      .orderBy(desc(quizzes.updatedAt), asc(quizzes.id))
      .limit(500);
  });
}

export type QuizForEditor = {
  quiz: {
    id: string;
    title: string;
    description: string;
    courseId: string | null;
    settings: QuizSettings;
  };
  questions: {
    id: string;
    type: QuestionInput["type"];
    prompt: string;
    points: number;
    feedback: string;
    data: Record<string, unknown>;
  }[];
};

/** The quiz with its whole bank, keys included: for its teachers only. */
export async function loadQuizForEditor(
  database: Database,
  { accountId, viewer, quizId }: Scope & { quizId: string },
): Promise<QuizForEditor> {
  return database.forAccount(accountId, async (tx) => {
    const quiz = await requireQuizTeacher(tx, { accountId, quizId, viewer });
    const questions = await questionsOf(tx, { accountId, quizId });
    return {
      quiz: {
        id: quiz.id,
        title: quiz.title,
        description: quiz.description,
        courseId: quiz.courseId,
        settings: quiz.settings,
      },
      questions: questions.map((q) => ({
        id: q.id,
        type: q.type,
        prompt: q.prompt,
        points: q.points,
        feedback: q.feedback,
        data: q.data,
      })),
    };
  });
}

export async function updateQuiz(
  database: Database,
  {
    accountId,
    viewer,
    quizId,
    input,
  }: Scope & {
    quizId: string;
    input: { title?: string; description?: string; settings?: QuizSettings };
  },
): Promise<{ saved: true }> {
  return database.forAccount(accountId, async (tx) => {
    await requireQuizTeacher(tx, { accountId, quizId, viewer, cap: "manage_curriculum" });
    await tx
      .update(quizzes)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined
          ? { description: sanitizeContentHtml(input.description) }
          : {}),
        ...(input.settings ? { settings: input.settings } : {}),
        updatedAt: new Date(),
        version: sql`${quizzes.version} + 1`,
      })
      .where(and(eq(quizzes.accountId, accountId), eq(quizzes.id, quizId)));
    return { saved: true };
  });
}

export async function deleteQuiz(
  database: Database,
  { accountId, viewer, quizId }: Scope & { quizId: string },
): Promise<{ deleted: true }> {
  return database.forAccount(accountId, async (tx) => {
    await requireQuizTeacher(tx, { accountId, quizId, viewer, cap: "manage_curriculum" });
    // A quiz a lesson still takes would leave that lesson empty and its course impossible to
    // complete: the lesson goes (or changes) first.
    const [placed] = await tx
      .select({ title: lessons.title })
      .from(lessons)
      .where(
        and(
          eq(lessons.accountId, accountId),
          eq(lessons.type, "quiz"),
          sql`${lessons.content}->>'quizId' = ${quizId}`,
        ),
      )
      .limit(1);
    if (placed) throw new AppError({ code: "quiz.inUse", details: { lesson: placed.title } });
    await tx.delete(quizzes).where(and(eq(quizzes.accountId, accountId), eq(quizzes.id, quizId)));
    return { deleted: true };
  });
}

const cleanQuestion = (input: QuestionInput) => ({
  type: input.type,
  prompt: sanitizeContentHtml(input.prompt),
  points: input.points,
  feedback: sanitizeContentHtml(input.feedback),
  data: input.data,
});

/** Adds a question at the end of the bank (questionId null) or replaces one. */
export async function saveQuestion(
  database: Database,
  {
    accountId,
    viewer,
    quizId,
    questionId,
    input,
  }: Scope & { quizId: string; questionId: string | null; input: QuestionInput },
): Promise<{ id: string }> {
  return database.forAccount(accountId, async (tx) => {
    await requireQuizTeacher(tx, { accountId, quizId, viewer, cap: "manage_curriculum" });
    const inQuiz = and(eq(quizQuestions.accountId, accountId), eq(quizQuestions.quizId, quizId));
    if (questionId) {
      const [row] = await tx
        .update(quizQuestions)
        .set(cleanQuestion(input))
        .where(and(inQuiz, eq(quizQuestions.id, questionId)))
        .returning({ id: quizQuestions.id });
      if (!row) throw new AppError({ code: "route.notFound" });
      return row;
    }
    const [last] = await tx
      .select({ n: count(), max: sql<number>`coalesce(max(${quizQuestions.position}), -1)::int` })
      .from(quizQuestions)
      .where(inQuiz);
    if ((last?.n ?? 0) >= 500) throw new AppError({ code: "request.invalid" });
    const [row] = await tx
      .insert(quizQuestions)
      .values({ accountId, quizId, position: (last?.max ?? -1) + 1, ...cleanQuestion(input) })
      .returning({ id: quizQuestions.id });
    return row!;
  });
}

export async function deleteQuestion(
  database: Database,
  { accountId, viewer, quizId, questionId }: Scope & { quizId: string; questionId: string },
): Promise<{ deleted: true }> {
  return database.forAccount(accountId, async (tx) => {
    await requireQuizTeacher(tx, { accountId, quizId, viewer, cap: "manage_curriculum" });
    const rows = await tx
      .delete(quizQuestions)
      .where(
        and(
          eq(quizQuestions.accountId, accountId),
          eq(quizQuestions.quizId, quizId),
          eq(quizQuestions.id, questionId),
        ),
      )
      .returning({ id: quizQuestions.id });
    if (!rows.length) throw new AppError({ code: "route.notFound" });
    return { deleted: true };
  });
}

/** The bank in the order given: exactly the quiz's questions, each once. */
export async function reorderQuestions(
  database: Database,
  { accountId, viewer, quizId, ids }: Scope & { quizId: string; ids: string[] },
): Promise<{ saved: true }> {
  return database.forAccount(accountId, async (tx) => {
    await requireQuizTeacher(tx, { accountId, quizId, viewer, cap: "manage_curriculum" });
    const current = await questionsOf(tx, { accountId, quizId });
    const known = new Set(current.map((q) => q.id));
    if (
      new Set(ids).size !== ids.length ||
      ids.length !== known.size ||
      ids.some((i) => !known.has(i))
    )
      throw new AppError({ code: "request.invalid" });
    for (const [position, id] of ids.entries())
      await tx
        .update(quizQuestions)
        .set({ position })
        .where(and(eq(quizQuestions.accountId, accountId), inArray(quizQuestions.id, [id])));
    return { saved: true };
  });
}
