import { and, asc, desc, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { courseCategories, courseSections, courses, lessons } from "./tables.server";

/** The catalogue: published courses, newest first, of one category when its slug is given. */
export async function publishedCourses(
  tx: Tx,
  { accountId, category }: { accountId: string; category?: string | null },
) {
  return tx
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      subtitle: courses.subtitle,
      description: courses.description,
      featuredImage: courses.featuredImage,
      price: courses.price,
    })
    .from(courses)
    .leftJoin(
      courseCategories,
      and(
        eq(courseCategories.accountId, courses.accountId),
        eq(courseCategories.id, courses.categoryId),
      ),
    )
    .where(
      and(
        eq(courses.accountId, accountId),
        eq(courses.status, "published"),
        category ? eq(courseCategories.slug, category) : undefined,
      ),
    )
    .orderBy(desc(courses.createdAt));
}

/** Published courses' addresses, newest first, at most `limit`. */
export function publishedCourseSlugs(
  tx: Tx,
  { accountId, limit }: { accountId: string; limit: number },
) {
  return tx
    .select({ slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.status, "published")))
    .orderBy(desc(courses.createdAt))
    .limit(limit);
}

export async function publishedCourseBySlug(
  tx: Tx,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const [row] = await tx
    .select()
    .from(courses)
    .where(
      and(
        eq(courses.accountId, accountId),
        eq(courses.slug, slug),
        eq(courses.status, "published"),
      ),
    )
    .limit(1);
  return row;
}

/** A course's lessons in curriculum order: by section, then within it. */
export async function lessonsOf(
  tx: Tx,
  { accountId, courseId }: { accountId: string; courseId: string },
) {
  return tx
    .select({ id: lessons.id, title: lessons.title, position: lessons.position })
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
}

/** Whether the account has published at least one course (the launch checklist). */
export async function hasPublishedCourseIn(tx: Tx, { accountId }: { accountId: string }) {
  const [row] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.status, "published")))
    .limit(1);
  return row !== undefined;
}
