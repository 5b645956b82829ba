import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { isCourseManager } from "~/features/courses/courses.server";
import { courseInstructors, courses } from "~/features/courses/tables.server";
import type { PointsAward } from "~/features/gamification/gamification.server";
import { can, type Viewer } from "~/features/members/members.server";
import {
  notifyMember,
  type NotificationServices,
} from "~/features/notifications/notifications.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { englishText } from "~/platform/i18n/messages.server";
import type { GradingItem, GradingQueueItem } from "./attempt-types";
import { settleAttempt } from "./attempt-settlement.server";
import { correctAnswerOf, gradeAnswer, isHandGraded, publicQuestion } from "./question-types";
import { requireQuizTeacher } from "./quiz-access.server";
import { members } from "~/features/members/tables.server";
import { quizAttempts, quizQuestions, quizzes } from "./tables.server";

type Scope = { accountId: string; viewer: Viewer | null };

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function requireGrader(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!isCourseManager(viewer) && !can(viewer, "manage_submissions"))
    throw new AppError({ code: "auth.forbidden" });
  return viewer;
}

/** Attempts waiting for a person: every course's for managers, an instructor's courses' only. */
export async function gradingQueue(
  database: Database,
  { accountId, viewer }: Scope,
): Promise<GradingQueueItem[]> {
  const grader = requireGrader(viewer);
  const userId = grader.user.id;
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .select({
        attemptId: quizAttempts.id,
        quizId: quizzes.id,
        quizTitle: quizzes.title,
        courseTitle: courses.title,
        studentName: members.name,
        submittedAt: quizAttempts.submittedAt,
      })
      .from(quizAttempts)
      .innerJoin(
        quizzes,
        and(eq(quizzes.accountId, quizAttempts.accountId), eq(quizzes.id, quizAttempts.quizId)),
      )
      .leftJoin(
        courses,
        and(eq(courses.accountId, quizzes.accountId), eq(courses.id, quizzes.courseId)),
      )
      .innerJoin(
        members,
        and(eq(members.accountId, quizAttempts.accountId), eq(members.userId, quizAttempts.userId)),
      )
      .where(
        and(
          eq(quizAttempts.accountId, accountId),
          eq(quizAttempts.status, "pending"),
          isCourseManager(grader)
            ? undefined
            : or(
                eq(courses.authorId, userId),
                sql`exists (select 1 from ${courseInstructors} ci where ci.account_id = ${quizzes.accountId} and ci.course_id = ${quizzes.courseId} and ci.user_id = ${userId})`,
              ),
        ),
      )
      .orderBy(asc(quizAttempts.submittedAt))
      .limit(200),
  );
  return rows.map((r) => ({ ...r, submittedAt: r.submittedAt?.toISOString() ?? null }));
}

/** One attempt as its grader sees it: every answer, the key and the grade so far. */
export async function gradingItem(
  database: Database,
  { accountId, viewer, attemptId }: Scope & { attemptId: string },
): Promise<GradingItem> {
  requireGrader(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [attempt] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attemptId)));
    if (!attempt) throw new AppError({ code: "route.notFound" });
    const quiz = await requireQuizTeacher(tx, {
      accountId,
      quizId: attempt.quizId,
      viewer,
      cap: "manage_submissions",
    });
    const [student] = await tx
      .select({ name: members.name })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, attempt.userId)));
    const rows = attempt.questionIds.length
      ? await tx
          .select()
          .from(quizQuestions)
          .where(
            and(
              eq(quizQuestions.accountId, accountId),
              inArray(quizQuestions.id, attempt.questionIds),
            ),
          )
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      attempt: {
        id: attempt.id,
        quizTitle: quiz.title,
        studentName: student?.name ?? "",
        status: attempt.status,
      },
      questions: attempt.questionIds.flatMap((id) => {
        const q = byId.get(id);
        if (!q) return [];
        return [
          {
            ...publicQuestion(q),
            id,
            type: q.type,
            prompt: q.prompt,
            points: q.points,
            handGraded: isHandGraded(q.type),
            answer: attempt.answers[id] ?? null,
            correctAnswer: correctAnswerOf(q.type, q.data),
            grade: attempt.grades[id] ?? null,
          },
        ];
      }),
    };
  });
}

/**
 * A grader's points and feedback for an attempt's essays and files (automatically graded
 * questions keep their grade unless the grader overrides them): the attempt becomes graded, its
 * score and passed final, and a pass gives its points and lesson, in the same transaction.
 */
export async function gradeAttempt(
  database: Database,
  {
    accountId,
    viewer,
    attemptId,
    grades,
  }: Scope & { attemptId: string; grades: Record<string, { points: number; feedback: string }> },
): Promise<{ awards: PointsAward[] }> {
  const grader = requireGrader(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [attempt] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attemptId)))
      .for("update");
    if (!attempt) throw new AppError({ code: "route.notFound" });
    const quiz = await requireQuizTeacher(tx, {
      accountId,
      quizId: attempt.quizId,
      viewer,
      cap: "manage_submissions",
    });
    if (attempt.status === "in_progress") throw new AppError({ code: "request.invalid" });
    const questions = await tx
      .select()
      .from(quizQuestions)
      .where(
        and(
          eq(quizQuestions.accountId, accountId),
          inArray(quizQuestions.id, attempt.questionIds.length ? attempt.questionIds : [attemptId]),
        ),
      );
    const next = { ...attempt.grades };
    for (const [id, given] of Object.entries(grades)) {
      const question = questions.find((q) => q.id === id);
      if (!question || given.points > question.points)
        throw new AppError({ code: "request.invalid", details: { question: id } });
      next[id] = {
        points: given.points,
        correct: given.points >= question.points,
        ...(given.feedback ? { feedback: given.feedback } : {}),
        gradedBy: grader.user.id,
      };
    }
    for (const q of questions) if (!next[q.id]) next[q.id] = gradeAnswer(q, attempt.answers[q.id]);
    const final = questions.every((q) => !isHandGraded(q.type) || next[q.id]?.gradedBy);
    const awards = await settleAttempt(tx, {
      accountId,
      attempt,
      quiz,
      grades: next,
      questions,
      final,
      preview: false,
      gradedBy: grader.user.id,
    });
    return { awards };
  });
}

/** Tells the teachers of the quiz's course (its author and co-instructors) of a submission to grade. */
export async function notifyGraders(
  services: NotificationServices,
  { accountId, quizId }: { accountId: string; quizId: string },
): Promise<number> {
  const { database } = services;
  const found = await database.forAccount(accountId, async (tx) => {
    const [quiz] = await tx
      .select({ title: quizzes.title, courseId: quizzes.courseId, authorId: quizzes.authorId })
      .from(quizzes)
      .where(and(eq(quizzes.accountId, accountId), eq(quizzes.id, quizId)));
    if (!quiz) return null;
    const ids = new Set<string>();
    if (quiz.courseId) {
      const [course] = await tx
        .select({ authorId: courses.authorId })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), eq(courses.id, quiz.courseId)));
      if (course?.authorId) ids.add(course.authorId);
      const co = await tx
        .select({ userId: courseInstructors.userId })
        .from(courseInstructors)
        .where(
          and(
            eq(courseInstructors.accountId, accountId),
            eq(courseInstructors.courseId, quiz.courseId),
          ),
        );
      for (const c of co) ids.add(c.userId);
    } else if (quiz.authorId) ids.add(quiz.authorId);
    return { title: quiz.title, ids: [...ids] };
  });
  if (!found) return 0;
  const message = `${englishText("quizzes.notice.toGrade")}: ${escapeHtml(found.title)}`;
  let sent = 0;
  for (const userId of found.ids) {
    await notifyMember(services, { accountId, input: { userId, type: "other", message } }).then(
      () => sent++,
      () => undefined, // an author no longer a member is skipped
    );
  }
  return sent;
}
