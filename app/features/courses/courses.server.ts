import type { Database } from "~/platform/db/database.server";
import { lessonsOf, publishedCourseBySlug, publishedCourses } from "./queries.server";

export type CourseCard = Awaited<ReturnType<typeof publishedCourses>>[number];

export function listCourses(database: Database, { accountId }: { accountId: string }) {
  return database.forAccount(accountId, (tx) => publishedCourses(tx, { accountId }));
}

/** A published course with its curriculum outline, or null. */
export function getCourse(
  database: Database,
  { accountId, slug }: { accountId: string; slug: string },
) {
  return database.forAccount(accountId, async (tx) => {
    const course = await publishedCourseBySlug(tx, { accountId, slug });
    if (!course) return null;
    const outline = await lessonsOf(tx, { accountId, courseId: course.id });
    return {
      id: course.id,
      title: course.title,
      slug: course.slug,
      description: course.description,
      featuredImage: course.featuredImage,
      price: course.price,
      lessons: outline,
    };
  });
}
