import { and, asc, eq, notInArray } from "drizzle-orm";
import { embedOf } from "~/features/content/content";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import type { LessonContent, LessonFile } from "./course-shapes";
import { courseSections, lessons } from "./tables.server";
import type { CurriculumInput } from "./validation";

/** A course's curriculum as the builder and the course page read it: sections in order, each with its lessons. */
export async function curriculumOf(
  tx: Tx,
  { accountId, courseId }: { accountId: string; courseId: string },
) {
  const sections = await tx
    .select({ id: courseSections.id, title: courseSections.title })
    .from(courseSections)
    .where(and(eq(courseSections.accountId, accountId), eq(courseSections.courseId, courseId)))
    .orderBy(asc(courseSections.position), asc(courseSections.id));
  const rows = await tx
    .select({
      id: lessons.id,
      sectionId: lessons.sectionId,
      title: lessons.title,
      type: lessons.type,
      content: lessons.content,
      freePreview: lessons.freePreview,
      drip: lessons.drip,
      durationMinutes: lessons.durationMinutes,
    })
    .from(lessons)
    .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)))
    .orderBy(asc(lessons.position), asc(lessons.id));
  return sections.map((section) => ({
    ...section,
    lessons: rows
      .filter((row) => row.sectionId === section.id)
      .map(({ sectionId: _section, ...lesson }) => lesson),
  }));
}
export type Curriculum = Awaited<ReturnType<typeof curriculumOf>>;

function cleanFile(file: LessonFile): LessonFile {
  const url = safeUrl(file.url);
  if (!url) throw new AppError({ code: "request.invalid", details: { field: "file" } });
  return { ...file, url };
}

/**
 * A lesson's content as it may be stored: its text sanitised, every address a safe one, a
 * YouTube or Vimeo video and an embed only from the providers the content embeds allow.
 */
export function cleanLessonContent(content: LessonContent): LessonContent {
  const clean: LessonContent = {};
  if (content.html !== undefined) clean.html = sanitizeContentHtml(content.html);
  if (content.files) clean.files = content.files.map(cleanFile);
  if (content.file) clean.file = cleanFile(content.file);
  if (content.video) {
    const { source, url, mediaId } = content.video;
    const external = source === "youtube" || source === "vimeo";
    const embed = external && url.trim() !== "" ? embedOf(url) : null;
    if (external && url.trim() !== "" && embed?.provider !== source)
      throw new AppError({ code: "request.invalid", details: { field: "video" } });
    const safe = external ? url.trim() : url.trim() === "" ? "" : safeUrl(url);
    if (safe === null) throw new AppError({ code: "request.invalid", details: { field: "video" } });
    clean.video = { source, url: safe, ...(mediaId ? { mediaId } : {}) };
  }
  if (content.embedUrl !== undefined && content.embedUrl.trim() !== "") {
    const embed = embedOf(content.embedUrl);
    if (!embed || embed.provider === "audio")
      throw new AppError({ code: "request.invalid", details: { field: "embedUrl" } });
    clean.embedUrl = content.embedUrl.trim();
  }
  if (content.quizId) clean.quizId = content.quizId;
  return clean;
}

/**
 * Writes a course's whole curriculum as the builder sends it, inside the caller's transaction:
 * sections and lessons in the order given (a lesson may have moved to another section), new
 * ones added, those left out deleted. An id that is not this course's is refused.
 */
export async function replaceCurriculum(
  tx: Tx,
  {
    accountId,
    courseId,
    curriculum,
  }: { accountId: string; courseId: string; curriculum: CurriculumInput },
): Promise<void> {
  const ownSections = new Set(
    (
      await tx
        .select({ id: courseSections.id })
        .from(courseSections)
        .where(and(eq(courseSections.accountId, accountId), eq(courseSections.courseId, courseId)))
    ).map((row) => row.id),
  );
  const ownLessons = new Set(
    (
      await tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)))
    ).map((row) => row.id),
  );
  const sectionIds = curriculum.flatMap((section) => (section.id ? [section.id] : []));
  const lessonIds = curriculum.flatMap((section) =>
    section.lessons.flatMap((lesson) => (lesson.id ? [lesson.id] : [])),
  );
  const unique = (ids: string[]) => new Set(ids).size === ids.length;
  if (
    !unique(sectionIds) ||
    !unique(lessonIds) ||
    sectionIds.some((id) => !ownSections.has(id)) ||
    lessonIds.some((id) => !ownLessons.has(id))
  )
    throw new AppError({ code: "request.invalid", details: { field: "curriculum" } });

  // Lessons left out go first (their sections may stay), then sections left out.
  const scope = and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId));
  await tx
    .delete(lessons)
    .where(lessonIds.length ? and(scope, notInArray(lessons.id, lessonIds)) : scope);
  const sectionScope = and(
    eq(courseSections.accountId, accountId),
    eq(courseSections.courseId, courseId),
  );
  await tx
    .delete(courseSections)
    .where(
      sectionIds.length
        ? and(sectionScope, notInArray(courseSections.id, sectionIds))
        : sectionScope,
    );

  const now = new Date();
  for (const [position, section] of curriculum.entries()) {
    let sectionId = section.id;
    if (sectionId) {
      await tx
        .update(courseSections)
        .set({ title: section.title.trim(), position })
        .where(and(eq(courseSections.accountId, accountId), eq(courseSections.id, sectionId)));
    } else {
      const [row] = await tx
        .insert(courseSections)
        .values({ accountId, courseId, title: section.title.trim(), position })
        .returning({ id: courseSections.id });
      sectionId = row!.id;
    }
    for (const [lessonPosition, lesson] of section.lessons.entries()) {
      const values = {
        sectionId,
        title: lesson.title.trim(),
        position: lessonPosition,
        type: lesson.type,
        content: cleanLessonContent(lesson.content),
        freePreview: lesson.freePreview,
        drip: lesson.drip,
        durationMinutes: lesson.durationMinutes,
        updatedAt: now,
      };
      if (lesson.id)
        await tx
          .update(lessons)
          .set(values)
          .where(and(eq(lessons.accountId, accountId), eq(lessons.id, lesson.id)));
      else await tx.insert(lessons).values({ ...values, accountId, courseId });
    }
  }
}

/** Copies one course's curriculum into another (a duplicate), inside the caller's transaction. */
export async function copyCurriculum(
  tx: Tx,
  { accountId, fromId, toId }: { accountId: string; fromId: string; toId: string },
): Promise<void> {
  const sections = await curriculumOf(tx, { accountId, courseId: fromId });
  for (const [position, section] of sections.entries()) {
    const [row] = await tx
      .insert(courseSections)
      .values({ accountId, courseId: toId, title: section.title, position })
      .returning({ id: courseSections.id });
    if (section.lessons.length === 0) continue;
    await tx.insert(lessons).values(
      section.lessons.map(({ id: _id, ...lesson }, lessonPosition) => ({
        ...lesson,
        accountId,
        courseId: toId,
        sectionId: row!.id,
        position: lessonPosition,
      })),
    );
  }
}
