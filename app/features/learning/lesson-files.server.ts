import { and, eq } from "drizzle-orm";
import type { LessonContent } from "~/features/courses/courses";
import { lessons } from "~/features/courses/tables.server";
import { media } from "~/features/media/tables.server";
import { accountBucket, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { privateDownload } from "~/platform/storage/attachment";
import type { Storage } from "~/platform/storage/storage.server";
import { accessError, lessonAccess } from "./lesson-access.server";

/** The player's address for a lesson's library download: through the one access rule. */
export const lessonFilePath = (lessonId: string, mediaId: string) =>
  `/api/learning/lessons/${lessonId}/files/${mediaId}`;

/** The library files a lesson hands out as downloads (its `files` and its audio/pdf `file`). */
function lessonMediaIds(content: LessonContent): string[] {
  return [...(content.files ?? []), ...(content.file ? [content.file] : [])]
    .map((file) => file.mediaId)
    .filter((id): id is string => Boolean(id));
}

/**
 * Issue 31 point 3, decision 042: `GET /api/learning/lessons/:lessonId/files/:mediaId`, a
 * lesson's library file as an attachment, to whoever the lesson's access rule opens it to
 * (drip, enrolment, expiry, previews, order). A file the lesson does not name, or a lesson not
 * open, is refused whatever the file's id.
 */
export async function lessonFileResponse(
  { database, storage }: { database: Database; storage: Storage },
  {
    accountId,
    viewer,
    lessonId,
    mediaId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; lessonId: string; mediaId: string; now?: Date },
): Promise<Response> {
  const file = await database.forAccount(accountId, async (tx) => {
    const access = await lessonAccess(tx, { accountId, viewer, lessonId, now });
    if (!access.allowed) throw accessError(access);
    const [lesson] = await tx
      .select({ content: lessons.content })
      .from(lessons)
      .where(and(eq(lessons.accountId, accountId), eq(lessons.id, lessonId)));
    if (!lesson || !lessonMediaIds(lesson.content).includes(mediaId)) return null;
    const [row] = await tx
      .select()
      .from(media)
      .where(and(eq(media.accountId, accountId), eq(media.id, mediaId)));
    return row ?? null;
  });
  if (!file?.storageKey) throw new AppError({ code: "route.notFound" });
  const ref = { bucket: accountBucket(accountId), key: file.storageKey };
  return privateDownload(storage, ref, file);
}
