import { and, asc, desc, eq, ilike, inArray, ne, or } from "drizzle-orm";
import { slugify } from "~/features/content/content";
import { can } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import {
  courseLimit,
  isCourseManager,
  requireCourseTeacher,
  requireLms,
} from "./course-access.server";
import { courseStatuses, type CourseStatus } from "./course-shapes";
import { curriculumOf, replaceCurriculum } from "./curriculum.server";
import { courseCategories, courseInstructors, courses } from "./tables.server";
import { courseCreateSchema, courseSaveSchema } from "./validation";
import {
  checkNewCourse,
  escapeLike,
  freeSlug,
  instructorCandidates,
  requireCourseMaker,
  taughtBy,
  type Teaching,
} from "./course-rules.server";

/** M1 the instructor's course list: search by title or slug, filter by status. */
export async function listTeacherCourses(
  { database, account, viewer }: Teaching,
  search: URLSearchParams,
) {
  await requireLms(database, account);
  requireCourseMaker(viewer);
  const q = (search.get("q") ?? "").trim().slice(0, 100);
  const statusParam = search.get("status");
  const status = courseStatuses.includes(statusParam as CourseStatus)
    ? (statusParam as CourseStatus)
    : null;
  const rows = await database.forAccount(account.accountId, (tx) =>
    tx
      .select({
        id: courses.id,
        title: courses.title,
        slug: courses.slug,
        status: courses.status,
        updatedAt: courses.updatedAt,
        authorId: courses.authorId,
        authorName: members.name,
        categoryName: courseCategories.name,
      })
      .from(courses)
      .leftJoin(
        members,
        and(eq(members.accountId, courses.accountId), eq(members.userId, courses.authorId)),
      )
      .leftJoin(
        courseCategories,
        and(
          eq(courseCategories.accountId, courses.accountId),
          eq(courseCategories.id, courses.categoryId),
        ),
      )
      .where(
        and(
          taughtBy(account.accountId, viewer),
          q
            ? or(
                ilike(courses.title, `%${escapeLike(q)}%`),
                ilike(courses.slug, `%${escapeLike(q)}%`),
              )
            : undefined,
          status ? eq(courses.status, status) : undefined,
        ),
      )
      .orderBy(desc(courses.updatedAt))
      .limit(500),
  );
  return {
    rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    query: { q, status },
    manager: isCourseManager(viewer),
  };
}

/** M1 a new course: a draft with only a title, its author the viewer; the plan's cap applies. */
export async function createCourse(
  { database, account, viewer }: Teaching,
  input: unknown,
): Promise<{ ok: true; id: string }> {
  await requireLms(database, account);
  requireCourseMaker(viewer);
  const parsed = courseCreateSchema.safeParse(input);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const cap = await courseLimit(database, account);
  return database.forAccount(account.accountId, async (tx) => {
    await checkNewCourse(tx, { account, viewer }, cap);
    const title = parsed.data.title.trim();
    const slug = await freeSlug(tx, account.accountId, slugify(title));
    const [row] = await tx
      .insert(courses)
      .values({
        accountId: account.accountId,
        title,
        slug,
        status: "draft",
        authorId: viewer.user.id,
      })
      .returning({ id: courses.id });
    return { ok: true as const, id: row!.id };
  });
}

/** M1 the builder's data: the course, its curriculum, and the lists its fields pick from. */
export async function loadCourseForBuilder({ database, account, viewer }: Teaching, id: string) {
  await requireLms(database, account);
  const accountId = account.accountId;
  return database.forAccount(accountId, async (tx) => {
    const role = await requireCourseTeacher(tx, { accountId, courseId: id, viewer });
    const [course] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.accountId, accountId), eq(courses.id, id)))
      .limit(1);
    if (!course) throw new AppError({ code: "route.notFound" });
    const coTeachers = await tx
      .select({ userId: courseInstructors.userId })
      .from(courseInstructors)
      .where(and(eq(courseInstructors.accountId, accountId), eq(courseInstructors.courseId, id)))
      .orderBy(asc(courseInstructors.position));
    const categories = await tx
      .select({ id: courseCategories.id, name: courseCategories.name })
      .from(courseCategories)
      .where(eq(courseCategories.accountId, accountId))
      .orderBy(asc(courseCategories.position), asc(courseCategories.name));
    // Prerequisites: the site's published courses, and those already chosen.
    const others = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(
        and(
          eq(courses.accountId, accountId),
          ne(courses.id, id),
          course.prerequisiteIds.length
            ? or(eq(courses.status, "published"), inArray(courses.id, course.prerequisiteIds))
            : eq(courses.status, "published"),
        ),
      )
      .orderBy(asc(courses.title))
      .limit(500);
    return {
      course: {
        id: course.id,
        title: course.title,
        slug: course.slug,
        subtitle: course.subtitle,
        description: course.description,
        featuredImage: course.featuredImage,
        categoryId: course.categoryId,
        level: course.level,
        language: course.language,
        price: course.price,
        status: course.status,
        durationMinutes: course.durationMinutes,
        prerequisiteIds: course.prerequisiteIds,
        instructorIds: coTeachers.map((row) => row.userId),
        settings: course.settings,
        version: course.version,
        authorId: course.authorId,
      },
      curriculum: await curriculumOf(tx, { accountId, courseId: id }),
      categories,
      prerequisites: others,
      instructors: (await instructorCandidates(tx, accountId)).filter(
        (person) => person.userId !== course.authorId,
      ),
      canEditCurriculum: role === "manager" || can(viewer, "manage_curriculum"),
    };
  });
}

export type CourseSaveAnswer =
  | { ok: true; id: string; version: number; slug: string; status: CourseStatus }
  | { ok: false; code: string; version?: number; field?: string };

/**
 * M1 one save of the builder: its fields and (for curriculum editors) the whole curriculum, in
 * one transaction, refused over a newer version (optimistic concurrency) or a slug in use.
 */
export async function saveCourse(
  { database, account, viewer, caches }: Teaching,
  id: string,
  input: unknown,
): Promise<CourseSaveAnswer> {
  await requireLms(database, account);
  const accountId = account.accountId;
  const parsed = courseSaveSchema.safeParse(input);
  if (!parsed.success) {
    // Who may not teach the course learns nothing of it, not even that the input was wrong.
    await database.forAccount(accountId, (tx) =>
      requireCourseTeacher(tx, { accountId, courseId: id, viewer }),
    );
    const field = parsed.error.issues[0]?.path.join(".");
    return { ok: false, code: "request.invalid", field };
  }
  const { version, course: fields, curriculum } = parsed.data;
  try {
    const answer = await database.forAccount(accountId, async (tx) => {
      const role = await requireCourseTeacher(tx, { accountId, courseId: id, viewer });
      if (curriculum && role === "instructor" && !can(viewer, "manage_curriculum"))
        throw new AppError({ code: "auth.forbidden" });
      const [current] = await tx
        .select({ version: courses.version, authorId: courses.authorId })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), eq(courses.id, id)))
        .for("update")
        .limit(1);
      if (!current) throw new AppError({ code: "route.notFound" });
      if (current.version !== version)
        return { ok: false as const, code: "courses.conflict", version: current.version };
      if ((await freeSlug(tx, accountId, fields.slug, id)) !== fields.slug)
        return { ok: false as const, code: "courses.slugTaken", field: "slug" };
      if (fields.categoryId) {
        const [category] = await tx
          .select({ id: courseCategories.id })
          .from(courseCategories)
          .where(
            and(
              eq(courseCategories.accountId, accountId),
              eq(courseCategories.id, fields.categoryId),
            ),
          );
        if (!category) return { ok: false as const, code: "request.invalid", field: "categoryId" };
      }
      const prerequisiteIds = [...new Set(fields.prerequisiteIds)].filter((other) => other !== id);
      if (prerequisiteIds.length) {
        const found = await tx
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), inArray(courses.id, prerequisiteIds)));
        if (found.length !== prerequisiteIds.length)
          return { ok: false as const, code: "request.invalid", field: "prerequisiteIds" };
      }
      const instructorIds = [...new Set(fields.instructorIds)].filter(
        (userId) => userId !== current.authorId,
      );
      if (instructorIds.length) {
        const allowed = new Set(
          (await instructorCandidates(tx, accountId)).map((person) => person.userId),
        );
        if (instructorIds.some((userId) => !allowed.has(userId)))
          return { ok: false as const, code: "request.invalid", field: "instructorIds" };
      }
      const image = fields.featuredImage.image ? safeUrl(fields.featuredImage.image) : null;
      const [saved] = await tx
        .update(courses)
        .set({
          title: fields.title.trim(),
          slug: fields.slug,
          subtitle: fields.subtitle.trim(),
          description: sanitizeContentHtml(fields.description),
          featuredImage: image ? { image, alt: fields.featuredImage.alt ?? "" } : {},
          categoryId: fields.categoryId,
          level: fields.level,
          language: fields.language,
          price: fields.price,
          status: fields.status,
          durationMinutes: fields.durationMinutes,
          prerequisiteIds,
          settings: fields.settings,
          version: version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(courses.accountId, accountId), eq(courses.id, id)))
        .returning({ version: courses.version, slug: courses.slug, status: courses.status });
      await tx
        .delete(courseInstructors)
        .where(and(eq(courseInstructors.accountId, accountId), eq(courseInstructors.courseId, id)));
      if (instructorIds.length)
        await tx.insert(courseInstructors).values(
          instructorIds.map((userId, position) => ({
            accountId,
            courseId: id,
            userId,
            position,
          })),
        );
      if (curriculum) await replaceCurriculum(tx, { accountId, courseId: id, curriculum });
      return { ok: true as const, id, ...saved! };
    });
    if (answer.ok) await caches?.invalidateAccount(accountId, null);
    return answer;
  } catch (error) {
    // A check inside the transaction (a lesson's address, an id of another course) rolls it all back.
    if (error instanceof AppError && error.code === "request.invalid") {
      const details = error.details as { field?: string } | undefined;
      return { ok: false, code: "request.invalid", field: details?.field };
    }
    throw error;
  }
}
