import { emitDomainEvents } from "~/features/events/events.server";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { lessons } from "~/features/courses/tables.server";
import { awardPoints, type PointsAward } from "~/features/gamification/gamification.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { enrolments, lessonProgress } from "./tables.server";

export type Enrolment = typeof enrolments.$inferSelect;

/** The person's live enrolment in the course (active or completed, not past its expiry), or null. */
export async function activeEnrolment(
  tx: Tx,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
): Promise<Enrolment | null> {
  const [row] = await tx
    .select()
    .from(enrolments)
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.courseId, courseId),
        eq(enrolments.userId, userId),
      ),
    )
    .limit(1);
  if (!row || (row.status !== "active" && row.status !== "completed")) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

/** For every student action in a course: a live enrolment, else "not enrolled". */
export async function requireEnrolled(
  tx: Tx,
  args: { accountId: string; courseId: string; userId: string },
): Promise<Enrolment> {
  const enrolment = await activeEnrolment(tx, args);
  if (!enrolment) throw new AppError({ code: "learning.notEnrolled" });
  return enrolment;
}

export type LessonCompletion = {
  /** Points given by this completion (none when it was already complete). */
  awards: PointsAward[];
  progressPercent: number;
  /** The course became complete with this lesson. */
  courseCompleted: boolean;
};

/**
 * Marks a lesson complete for an enrolled person, inside the caller's transaction: the progress
 * row, the enrolment's percent, last lesson and activity, the course's completion when every
 * lesson is done, and the points for each, once. Completing it again changes nothing.
 */
export async function recordLessonCompleted(
  tx: Tx,
  {
    accountId,
    courseId,
    lessonId,
    userId,
  }: { accountId: string; courseId: string; lessonId: string; userId: string },
): Promise<LessonCompletion> {
  const enrolment = await requireEnrolled(tx, { accountId, courseId, userId });
  const now = new Date();
  const [before] = await tx
    .select({ completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.accountId, accountId),
        eq(lessonProgress.userId, userId),
        eq(lessonProgress.lessonId, lessonId),
      ),
    );
  await tx
    .insert(lessonProgress)
    .values({ accountId, userId, courseId, lessonId, completedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lessonProgress.accountId, lessonProgress.userId, lessonProgress.lessonId],
      set: {
        completedAt: sql`coalesce(${lessonProgress.completedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      },
    });
  const [total] = await tx
    .select({ n: count() })
    .from(lessons)
    .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)));
  const [done] = await tx
    .select({ n: count() })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.accountId, accountId),
        eq(lessonProgress.courseId, courseId),
        eq(lessonProgress.userId, userId),
        isNotNull(lessonProgress.completedAt),
      ),
    );
  const lessonCount = total?.n ?? 0;
  const progressPercent = lessonCount ? Math.round(((done?.n ?? 0) * 100) / lessonCount) : 0;
  const courseCompleted = progressPercent === 100 && !enrolment.completedAt;
  await tx
    .update(enrolments)
    .set({
      progressPercent,
      lastLessonId: lessonId,
      lastActivityAt: now,
      ...(courseCompleted ? { completedAt: now, status: "completed" as const } : {}),
    })
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.courseId, courseId),
        eq(enrolments.userId, userId),
      ),
    );
  const awards: PointsAward[] = [];
  const lessonAward = await awardPoints(tx, {
    accountId,
    userId,
    reason: "lesson_completed",
    sourceId: lessonId,
  });
  if (lessonAward) awards.push(lessonAward);
  if (progressPercent === 100) {
    const courseAward = await awardPoints(tx, {
      accountId,
      userId,
      reason: "course_completed",
      sourceId: courseId,
    });
    if (courseAward) awards.push(courseAward);
  }
  // Firsts only: a lesson done again, or a course finished before, is no new event.
  await emitDomainEvents(
    tx,
    accountId,
    [
      ...(before?.completedAt
        ? []
        : [{ type: "lesson.completed" as const, userId, data: { courseId, lessonId } }]),
      ...(courseCompleted
        ? [{ type: "course.completed" as const, userId, data: { courseId } }]
        : []),
    ],
    now,
  );
  return { awards, progressPercent, courseCompleted };
}
