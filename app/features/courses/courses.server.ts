import type { Database } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import {
  lessonsOf,
  publishedCourseBySlug,
  publishedCourseSlugs,
  publishedCourses,
} from "./queries.server";
import type { FeaturedImage } from "./tables.server";

export type CourseCard = Awaited<ReturnType<typeof publishedCourses>>[number];

/** A cover image reaches src: a safe address or none, whatever was stored. */
function safeFeaturedImage({ image, alt }: FeaturedImage): FeaturedImage {
  return { image: safeUrl(image) ?? undefined, alt: typeof alt === "string" ? alt : undefined };
}

export async function listCourses(
  database: Database,
  { accountId }: { accountId: string },
): Promise<CourseCard[]> {
  const courses = await database.forAccount(accountId, (tx) => publishedCourses(tx, { accountId }));
  return courses.map((course) => ({
    ...course,
    featuredImage: safeFeaturedImage(course.featuredImage),
  }));
}

/** Published courses' slugs, newest first, at most `limit`: for the sitemap. */
export async function listCourseSlugs(
  database: Database,
  { accountId, limit }: { accountId: string; limit: number },
): Promise<string[]> {
  const rows = await database.forAccount(accountId, (tx) =>
    publishedCourseSlugs(tx, { accountId, limit }),
  );
  return rows.map((row) => row.slug);
}

/** A published course as its page shows it: the catalogue's fields and the lessons' outline. */
export type CourseDetail = CourseCard & {
  lessons: { id: string; title: string; position: number }[];
};

/** A published course with its curriculum outline, or null. */
export function getCourse(
  database: Database,
  { accountId, slug }: { accountId: string; slug: string },
): Promise<CourseDetail | null> {
  return database.forAccount(accountId, async (tx) => {
    const course = await publishedCourseBySlug(tx, { accountId, slug });
    if (!course) return null;
    const outline = await lessonsOf(tx, { accountId, courseId: course.id });
    return {
      id: course.id,
      title: course.title,
      slug: course.slug,
      description: course.description,
      featuredImage: safeFeaturedImage(course.featuredImage),
      price: course.price,
      lessons: outline,
    };
  });
}
