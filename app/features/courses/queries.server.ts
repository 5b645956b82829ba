import { and, asc, desc, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { courses, lessons } from "./tables.server";

export async function publishedCourses(tx: Tx, { accountId }: { accountId: string }) {
  return tx
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      description: courses.description,
      featuredImage: courses.featuredImage,
      price: courses.price,
    })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.status, "published")))
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

export async function lessonsOf(
  tx: Tx,
  { accountId, courseId }: { accountId: string; courseId: string },
) {
  return tx
    .select({ id: lessons.id, title: lessons.title, position: lessons.position })
    .from(lessons)
    .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)))
    .orderBy(asc(lessons.position));
}
