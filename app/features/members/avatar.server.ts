import { eq, and } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import { invalidateMembership, type Viewer } from "./members.server";
import { members } from "./tables.server";

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif"]);

/** Each account's files live in a bucket named after it (spec §3). */
export const accountBucket = (accountId: string) => `account-${accountId}`;

/**
 * A new avatar for the viewer in this account: the image is checked by its content (not its
 * name), cropped square, resized to 256 px and stored as avatars/{user_id}/avatar.jpg.
 */
export async function setAvatar(
  { database, storage }: { database: Database; storage: Storage },
  { viewer, accountId, upload }: { viewer: Viewer; accountId: string; upload: Buffer },
): Promise<string> {
  if (!viewer.membership) throw new AppError({ code: "auth.forbidden" });
  if (upload.byteLength === 0 || upload.byteLength > MAX_AVATAR_BYTES) {
    throw new AppError({ code: "upload.invalidImage" });
  }
  // sharp (a native image library) is loaded with the first upload, not at every start.
  const { default: sharp } = await import("sharp");
  let jpeg: Buffer;
  try {
    const { format } = await sharp(upload).metadata();
    if (!format || !acceptedFormats.has(format)) throw new Error(`format ${format}`);
    jpeg = await sharp(upload)
      .rotate()
      .resize(256, 256, { fit: "cover" })
      .jpeg({ quality: 75 })
      .toBuffer();
  } catch {
    throw new AppError({ code: "upload.invalidImage" });
  }
  const file = { bucket: accountBucket(accountId), key: `avatars/${viewer.user.id}/avatar.jpg` };
  await storage.put({ ...file, body: jpeg, contentType: "image/jpeg" });
  // The version query makes browsers and caches fetch the new picture at once.
  const url = `${storage.publicUrl(file)}?v=${Date.now()}`;
  await database.forAccount(accountId, (tx) =>
    tx
      .update(members)
      .set({ avatar: url })
      .where(and(eq(members.accountId, accountId), eq(members.userId, viewer.user.id))),
  );
  invalidateMembership({ accountId, userId: viewer.user.id });
  return url;
}

/**
 * The member's own profile fields on this site: name, "about you", web addresses, public or not
 * (decisions 071, 074).
 */
export async function updateOwnProfile(
  database: Database,
  {
    viewer,
    accountId,
    changes,
  }: {
    viewer: Viewer;
    accountId: string;
    changes: { name?: string; bio?: string; links?: string[]; profilePublic?: boolean };
  },
): Promise<void> {
  if (!viewer.membership) throw new AppError({ code: "auth.forbidden" });
  const userId = viewer.user.id;
  await database.forAccount(accountId, (tx) =>
    tx
      .update(members)
      .set(changes)
      .where(and(eq(members.accountId, accountId), eq(members.userId, userId))),
  );
  if (changes.name !== undefined) invalidateMembership({ accountId, userId });
}
