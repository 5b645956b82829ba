import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { courseSections, courses, lessons } from "~/features/courses/tables.server";
import type { Tx } from "~/platform/db/database.server";
import type { OutlineLesson } from "./curriculum";
import { enrolments, lessonNotes, lessonProgress } from "./tables.server";

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function courseById(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.id, id)))
    .limit(1);
  return row ?? null;
}

export async function courseBySlug(
  tx: Tx,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const [row] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.slug, slug)))
    .limit(1);
  return row ?? null;
}

export type CourseRow = NonNullable<Awaited<ReturnType<typeof courseById>>>;

/** The course's sections and lessons in curriculum order (no lesson content). */
export async function courseOutline(
  tx: Tx,
  { accountId, courseId }: { accountId: string; courseId: string },
) {
  const sectionsRead = tx
    .select({ id: courseSections.id, title: courseSections.title })
    .from(courseSections)
    .where(and(eq(courseSections.accountId, accountId), eq(courseSections.courseId, courseId)))
    .orderBy(asc(courseSections.position));
  const lessonsRead = tx
    .select({
      id: lessons.id,
      sectionId: lessons.sectionId,
      title: lessons.title,
      type: lessons.type,
      freePreview: lessons.freePreview,
      drip: lessons.drip,
      durationMinutes: lessons.durationMinutes,
    })
    .from(lessons)
    .innerJoin(
      courseSections,
      and(
        eq(courseSections.accountId, lessons.accountId),
        eq(courseSections.id, lessons.sectionId),
      ),
    )
    .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)))
    .orderBy(asc(courseSections.position), asc(lessons.position));
  const [sections, rows] = await Promise.all([sectionsRead, lessonsRead]);
  return { sections, lessons: rows as OutlineLesson[] };
}

export async function lessonContent(
  tx: Tx,
  { accountId, courseId, lessonId }: { accountId: string; courseId: string; lessonId: string },
) {
  const [row] = await tx
    .select({ content: lessons.content })
    .from(lessons)
    .where(
      and(
        eq(lessons.accountId, accountId),
        eq(lessons.courseId, courseId),
        eq(lessons.id, lessonId),
      ),
    )
    .limit(1);
  return row?.content ?? null;
}

export async function completedLessonIds(
  tx: Tx,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
): Promise<Set<string>> {
  const rows = await tx
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.accountId, accountId),
        eq(lessonProgress.courseId, courseId),
        eq(lessonProgress.userId, userId),
        isNotNull(lessonProgress.completedAt),
      ),
    );
  return new Set(rows.map((row) => row.lessonId));
}

export async function noteOf(
  tx: Tx,
  { accountId, userId, lessonId }: { accountId: string; userId: string; lessonId: string },
) {
  const [row] = await tx
    .select({ body: lessonNotes.body })
    .from(lessonNotes)
    .where(
      and(
        eq(lessonNotes.accountId, accountId),
        eq(lessonNotes.userId, userId),
        eq(lessonNotes.lessonId, lessonId),
      ),
    )
    .limit(1);
  return row?.body ?? "";
}

export async function enrolmentRow(
  tx: Tx,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
) {
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
  return row ?? null;
}

/** The courses among `courseIds` this person has completed. */
export async function completedCourseIds(
  tx: Tx,
  { accountId, userId, courseIds }: { accountId: string; userId: string; courseIds: string[] },
): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await tx
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.userId, userId),
        inArray(enrolments.courseId, courseIds),
        isNotNull(enrolments.completedAt),
      ),
    );
  return new Set(rows.map((row) => row.courseId));
}
