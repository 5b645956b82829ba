import { and, eq, sql } from "drizzle-orm";
import { emitDomainEvent } from "~/features/events/events.server";
import { lessons } from "~/features/courses/tables.server";
import { awardPoints, type PointsAward } from "~/features/gamification/gamification.server";
import { activeEnrolment, recordLessonCompleted } from "~/features/learning/learning.server";
import type { Tx } from "~/platform/db/database.server";
import type { AttemptRow, QuestionRow } from "./attempts.server";
import { isHandGraded } from "./question-types";
import type { AttemptGrades } from "./quiz-shapes";
import type { QuizRow } from "./quiz-access.server";
import { quizAttempts } from "./tables.server";

// How a submitted attempt is settled, by the submission or by a teacher's grading: its score,
// whether it passed, and what a pass gives (points, the quiz lesson, the course's completion).

/**
 * Whether an attempt passed: decided when final, and before the hand-graded answers are graded
 * when their points can no longer change it (the rest already reaches the pass mark, or even
 * full marks on them would not), so a student is not kept waiting for an essay that cannot
 * matter; null while it is still open.
 */
export function passOutcome({
  score,
  maxScore,
  ungradedPoints,
  passMark,
  final,
}: {
  score: number;
  maxScore: number;
  ungradedPoints: number;
  passMark: number;
  final: boolean;
}): boolean | null {
  if (maxScore <= 0) return final ? passMark <= 0 : null;
  // Rounded to hundredths of a percent, as the stored percent is.
  const least = Math.round((score * 10000) / maxScore) / 100;
  const most = Math.round(((score + ungradedPoints) * 10000) / maxScore) / 100;
  if (least >= passMark) return true;
  if (final || most < passMark) return false;
  return null;
}

/**
 * Writes an attempt's grades and score; when final, its status becomes graded. A pass (final or
 * decided early) gives the points and completes the quiz's lesson, in the same transaction.
 */
export async function settleAttempt(
  tx: Tx,
  {
    accountId,
    attempt,
    quiz,
    grades,
    questions,
    final,
    preview,
    gradedBy,
  }: {
    accountId: string;
    attempt: AttemptRow;
    quiz: QuizRow;
    grades: AttemptGrades;
    questions: Pick<QuestionRow, "id" | "points" | "type">[];
    final: boolean;
    preview: boolean;
    gradedBy?: string;
  },
): Promise<PointsAward[]> {
  const maxScore = questions.reduce((sum, q) => sum + q.points, 0);
  const score =
    Math.round(questions.reduce((sum, q) => sum + (grades[q.id]?.points ?? 0), 0) * 100) / 100;
  const percent = maxScore > 0 ? Math.round((score * 10000) / maxScore) / 100 : 0;
  const ungradedPoints = questions
    .filter((q) => isHandGraded(q.type) && !grades[q.id]?.gradedBy)
    .reduce((sum, q) => sum + q.points, 0);
  const passed = passOutcome({
    score,
    maxScore,
    ungradedPoints: final ? 0 : ungradedPoints,
    passMark: quiz.settings.passMark ?? 50,
    final,
  });
  await tx
    .update(quizAttempts)
    .set({
      grades,
      score,
      maxScore,
      percent,
      passed,
      status: final ? "graded" : "pending",
      ...(final ? { gradedAt: sql`now()`, gradedBy: gradedBy ?? null } : {}),
    })
    .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attempt.id)));
  // The first pass, or a final fail, of a real attempt is an event (automations).
  const outcome =
    passed === true && attempt.passed !== true
      ? "quiz.passed"
      : final && passed === false && attempt.status !== "graded"
        ? "quiz.failed"
        : null;
  if (outcome && !preview)
    await emitDomainEvent(tx, accountId, {
      type: outcome,
      userId: attempt.userId,
      data: { quizId: quiz.id, courseId: quiz.courseId ?? null, percent },
    });
  if (!passed || preview || !quiz.courseId) return [];
  const enrolled = await activeEnrolment(tx, {
    accountId,
    courseId: quiz.courseId,
    userId: attempt.userId,
  });
  if (!enrolled) return [];
  const awards: PointsAward[] = [];
  const award = await awardPoints(tx, {
    accountId,
    userId: attempt.userId,
    reason: "quiz_passed",
    sourceId: quiz.id,
  });
  if (award) awards.push(award);
  const [lesson] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.accountId, accountId),
        eq(lessons.courseId, quiz.courseId),
        eq(lessons.type, "quiz"),
        sql`${lessons.content}->>'quizId' = ${quiz.id}`,
      ),
    )
    .limit(1);
  if (lesson) {
    const completion = await recordLessonCompleted(tx, {
      accountId,
      courseId: quiz.courseId,
      lessonId: lesson.id,
      userId: attempt.userId,
    });
    awards.push(...completion.awards);
  }
  return awards;
}
