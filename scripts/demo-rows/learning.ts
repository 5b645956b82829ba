import { certificates } from "~/features/certificates/tables.server";
import { and, asc, eq } from "drizzle-orm";
import {
  courseCategories,
  courseInstructors,
  courseSections,
  courses,
  lessons,
} from "~/features/courses/tables.server";
import { recordLessonCompleted } from "~/features/learning/learning.server";
import { pointsLedger } from "~/features/gamification/tables.server";
import {
  enrolments,
  lessonNotes,
  lessonProgress,
  parentLinks,
} from "~/features/learning/tables.server";
import { quizAttempts, quizQuestions, quizzes } from "~/features/quizzes/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { insertCourse } from "./content-rows";

/**
 * One row in every learning table for `userId` (a member of the account): a categorised course
 * they teach and are enrolled in, with a lesson done and noted, a quiz attempted, a certificate
 * and points; the person is linked as their own parent, which the isolation probe only reads.
 */
export async function createLearningRows(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
) {
  return database.forAccount(accountId, async (tx) => {
    const [category] = await tx
      .insert(courseCategories)
      .values({ accountId, name: "Design", slug: `design-${crypto.randomUUID().slice(0, 8)}` })
      .returning();
    const course = await insertCourse(tx, {
      accountId,
      categoryId: category!.id,
      authorId: userId,
      sections: [{ title: "Start", lessons: [{ title: "Welcome", type: "text" }] }],
    });
    const [lesson] = await tx
      .select()
      .from(lessons)
      .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, course.id)));
    await tx.insert(courseInstructors).values({ accountId, courseId: course.id, userId });
    const [quiz] = await tx
      .insert(quizzes)
      .values({ accountId, courseId: course.id, title: "Check", settings: { passMark: 50 } })
      .returning();
    const [question] = await tx
      .insert(quizQuestions)
      .values({
        accountId,
        quizId: quiz!.id,
        position: 0,
        type: "true_false",
        prompt: "<p>Yes?</p>",
        data: { answer: true },
      })
      .returning();
    await tx.insert(quizAttempts).values({
      accountId,
      quizId: quiz!.id,
      userId,
      number: 1,
      questionIds: [question!.id],
    });
    await tx.insert(enrolments).values({ accountId, courseId: course.id, userId, source: "free" });
    await tx.insert(lessonProgress).values({
      accountId,
      userId,
      courseId: course.id,
      lessonId: lesson!.id,
      completedAt: new Date(),
    });
    await tx.insert(lessonNotes).values({ accountId, userId, lessonId: lesson!.id, body: "Note" });
    await tx.insert(parentLinks).values({ accountId, parentUserId: userId, studentUserId: userId });
    await tx.insert(certificates).values({
      accountId,
      code: crypto.randomUUID(),
      courseId: course.id,
      userId,
      studentName: "Student",
      courseTitle: course.title,
    });
    await tx.insert(pointsLedger).values({
      accountId,
      userId,
      points: 10,
      reason: "lesson_completed",
      sourceId: lesson!.id,
    });
    return { course, lesson: lesson!, quiz: quiz!, question: question!, category: category! };
  });
}

/**
 * The demo's learning (issue 15), inside the seed's transaction: the student enrolled in a demo
 * course (by the instructor, so a paid one too) with its first lessons done and their points,
 * and the parent, when there is one, linked to the student.
 */
export async function insertDemoLearning(
  tx: Tx,
  {
    accountId,
    courseSlug,
    studentId,
    parentId,
    lessonsDone = 2,
  }: {
    accountId: string;
    courseSlug: string;
    studentId: string;
    parentId?: string;
    lessonsDone?: number;
  },
) {
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.slug, courseSlug)))
    .limit(1);
  if (!course) return;
  const enrolledAt = new Date(Date.now() - 7 * 86_400_000);
  await tx
    .insert(enrolments)
    .values({ accountId, courseId: course.id, userId: studentId, source: "manual", enrolledAt })
    .onConflictDoNothing();
  const outline = await tx
    .select({ id: lessons.id, type: lessons.type })
    .from(lessons)
    .innerJoin(
      courseSections,
      and(
        eq(courseSections.accountId, lessons.accountId),
        eq(courseSections.id, lessons.sectionId),
      ),
    )
    .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, course.id)))
    .orderBy(asc(courseSections.position), asc(lessons.position));
  for (const lesson of outline.filter((entry) => entry.type !== "quiz").slice(0, lessonsDone))
    await recordLessonCompleted(tx, {
      accountId,
      courseId: course.id,
      lessonId: lesson.id,
      userId: studentId,
    });
  if (parentId)
    await tx
      .insert(parentLinks)
      .values({ accountId, parentUserId: parentId, studentUserId: studentId })
      .onConflictDoNothing();
}
