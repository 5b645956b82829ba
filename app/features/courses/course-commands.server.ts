import { and, eq } from "drizzle-orm";
import { AppError } from "~/platform/errors";
import { courseLimit, requireCourseTeacher, requireLms } from "./course-access.server";
import { checkNewCourse, freeSlug, type Teaching } from "./course-rules.server";
import { copyCurriculum } from "./curriculum.server";
import { courseInstructors, courses } from "./tables.server";
import { courseCommandSchema } from "./validation";

/** M1 the list's and the builder's commands: duplicate a course (as a draft) or delete it. */
export async function commandCourse(
  { database, account, viewer, caches }: Teaching,
  input: unknown,
): Promise<{ ok: true; id: string | null }> {
  await requireLms(database, account);
  const parsed = courseCommandSchema.safeParse(input);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const { intent, id } = parsed.data;
  const accountId = account.accountId;
  const cap = intent === "duplicate" ? await courseLimit(database, account) : 0;
  const answer = await database.forAccount(accountId, async (tx) => {
    await requireCourseTeacher(tx, { accountId, courseId: id, viewer });
    if (intent === "delete") {
      await tx.delete(courses).where(and(eq(courses.accountId, accountId), eq(courses.id, id)));
      return { ok: true as const, id: null };
    }
    await checkNewCourse(tx, { account, viewer }, cap);
    const [source] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.accountId, accountId), eq(courses.id, id)))
      .limit(1);
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      version: _version,
      ...copy
    } = source!;
    const slug = await freeSlug(tx, accountId, `${source!.slug.slice(0, 74)}-copy`);
    const [row] = await tx
      .insert(courses)
      .values({ ...copy, slug, status: "draft", authorId: viewer.user.id })
      .returning({ id: courses.id });
    const coTeachers = await tx
      .select()
      .from(courseInstructors)
      .where(and(eq(courseInstructors.accountId, accountId), eq(courseInstructors.courseId, id)));
    const kept = coTeachers.filter((teacher) => teacher.userId !== viewer.user.id);
    if (kept.length)
      await tx
        .insert(courseInstructors)
        .values(kept.map((teacher) => ({ ...teacher, courseId: row!.id })));
    await copyCurriculum(tx, { accountId, fromId: id, toId: row!.id });
    return { ok: true as const, id: row!.id };
  });
  await caches?.invalidateAccount(accountId, null);
  return answer;
}
