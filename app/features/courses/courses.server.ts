import { and, asc, eq } from "drizzle-orm";
import { contentText } from "~/features/content/content";
import { members } from "~/features/members/tables.server";
import type { Database } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import type { CourseLevel, LessonType } from "./course-shapes";
import { curriculumOf } from "./curriculum.server";
import {
  hasPublishedCourseIn,
  publishedCourseBySlug,
  publishedCourseSlugs,
  publishedCourses,
} from "./queries.server";
import { courseCategories, courseInstructors, type FeaturedImage } from "./tables.server";

/** A course of the catalogue; `description` is plain text (the subtitle, else the description's text). */
export type CourseCard = Awaited<ReturnType<typeof publishedCourses>>[number];

/** A cover image reaches src: a safe address or none, whatever was stored. */
function safeFeaturedImage({ image, alt }: FeaturedImage): FeaturedImage {
  return { image: safeUrl(image) ?? undefined, alt: typeof alt === "string" ? alt : undefined };
}

/** The catalogue's published courses, of one category when `category` (its slug) is given. */
export async function listCourses(
  database: Database,
  { accountId, category }: { accountId: string; category?: string | null },
): Promise<CourseCard[]> {
  const courses = await database.forAccount(accountId, (tx) =>
    publishedCourses(tx, { accountId, category }),
  );
  return courses.map((course) => ({
    ...course,
    description: course.subtitle || contentText(course.description).slice(0, 400),
    featuredImage: safeFeaturedImage(course.featuredImage),
  }));
}

/** Whether the site has published a course yet (issue 17's launch checklist). */
export function hasPublishedCourse(
  database: Database,
  { accountId }: { accountId: string },
): Promise<boolean> {
  return database.forAccount(accountId, (tx) => hasPublishedCourseIn(tx, { accountId }));
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

/** A lesson as the public course page lists it: no content, only what the outline shows. */
export type CourseOutlineLesson = {
  id: string;
  title: string;
  type: LessonType;
  durationMinutes: number | null;
  freePreview: boolean;
};

/** A published course as its page shows it: the catalogue's fields and the curriculum by section. */
export type CourseDetail = CourseCard & {
  /** The description as sanitised HTML (stored so by the builder). */
  descriptionHtml: string;
  level: CourseLevel;
  language: string | null;
  category: { name: string; slug: string } | null;
  instructors: { name: string; avatar: string | null }[];
  /** The instructor's estimate, else the lessons' sum; null when neither is known. */
  durationMinutes: number | null;
  sections: { id: string; title: string; lessons: CourseOutlineLesson[] }[];
  /** Every lesson in curriculum order (the outline's flat list). */
  lessons: CourseOutlineLesson[];
};

/** A published course with its curriculum, or null (drafts and private courses are not public). */
export function getCourse(
  database: Database,
  { accountId, slug }: { accountId: string; slug: string },
): Promise<CourseDetail | null> {
  return database.forAccount(accountId, async (tx) => {
    const course = await publishedCourseBySlug(tx, { accountId, slug });
    if (!course) return null;
    const curriculum = await curriculumOf(tx, { accountId, courseId: course.id });
    const sections = curriculum.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: section.lessons.map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        type: lesson.type,
        durationMinutes: lesson.durationMinutes,
        freePreview: lesson.freePreview,
      })),
    }));
    const lessons = sections.flatMap((section) => section.lessons);
    const [category] = course.categoryId
      ? await tx
          .select({ name: courseCategories.name, slug: courseCategories.slug })
          .from(courseCategories)
          .where(
            and(
              eq(courseCategories.accountId, accountId),
              eq(courseCategories.id, course.categoryId),
            ),
          )
      : [];
    const author = course.authorId
      ? await tx
          .select({ name: members.name, avatar: members.avatar })
          .from(members)
          .where(and(eq(members.accountId, accountId), eq(members.userId, course.authorId)))
      : [];
    const coTeachers = await tx
      .select({ name: members.name, avatar: members.avatar })
      .from(courseInstructors)
      .innerJoin(
        members,
        and(
          eq(members.accountId, courseInstructors.accountId),
          eq(members.userId, courseInstructors.userId),
        ),
      )
      .where(
        and(eq(courseInstructors.accountId, accountId), eq(courseInstructors.courseId, course.id)),
      )
      .orderBy(asc(courseInstructors.position));
    const lessonMinutes = lessons.reduce((sum, lesson) => sum + (lesson.durationMinutes ?? 0), 0);
    return {
      id: course.id,
      title: course.title,
      slug: course.slug,
      subtitle: course.subtitle,
      description: course.subtitle || contentText(course.description).slice(0, 400),
      // Stored sanitised by the builder; sanitised again for rows written before it.
      descriptionHtml: sanitizeContentHtml(course.description),
      featuredImage: safeFeaturedImage(course.featuredImage),
      price: course.price,
      level: course.level,
      language: course.language,
      category: category ?? null,
      instructors: [...author, ...coTeachers].map((person) => ({
        name: person.name,
        avatar: safeUrl(person.avatar),
      })),
      durationMinutes: course.durationMinutes ?? (lessonMinutes || null),
      sections,
      lessons,
    };
  });
}

export * from "./categories.server";
export * from "./course-builder.server";
export * from "./course-commands.server";
export * from "./course-access.server";
