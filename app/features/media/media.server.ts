import { z } from "zod";
import type { AccountSummary } from "~/features/accounts/accounts";
import { can, type Viewer } from "~/features/members/members.server";
import { defineOptionPart } from "~/features/options/options";
import { saveSiteOption } from "~/features/options/options.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import {
  bunnyCredsOption,
  bunnyCredsSchema,
  readBunnyCreds,
  viewOfCreds,
  type BunnyCredsView,
} from "./bunny.server";

import { mediaBucket, mediaUrl, responsiveOf, toMediaItem } from "./media-item.server";
import {
  mediaKindList,
  normaliseFolder,
  type MediaItem,
  type MediaUse,
  type ResponsiveImageData,
} from "./media-types";
import {
  deleteMediaRow,
  findMediaByKey,
  findMediaRow,
  listMediaRows,
  mediaFolders,
  storageUsed,
  countVideos,
  updateMediaRow,
} from "./queries.server";
import { storageLimitBytes } from "./store.server";

const bunnyCredsPart = defineOptionPart({
  name: "bunnyCreds",
  key: "bunnyCreds",
  schema: bunnyCredsSchema,
});

export { bunnyCredsOption, readBunnyCreds } from "./bunny.server";
export { storeUploads, type StorageGate } from "./store.server";
export { receiveUpload } from "./upload.server";
export type { MediaUse };

/**
 * Where a file is used, asked of the features that show files (posts, pages) at the moment it
 * matters; the server's wiring passes it in, so the library depends on none of them.
 */
export type FindUses = (tx: Tx, file: { accountId: string; url: string }) => Promise<MediaUse[]>;

/** Who may upload: everyone who makes content (managers, writers, course makers). */
export const canUploadMedia = (viewer: Viewer | null | undefined) =>
  can(viewer, "manage_options") || can(viewer, "edit_posts") || can(viewer, "create_courses");
/** Managers see and change every file of their site; others only their own. */
export const canManageAllMedia = (viewer: Viewer | null | undefined) =>
  can(viewer, "manage_options");

/**
 * Every member of the site keeps pictures of their own, for their group posts and messages
 * (decision 073); the other kinds of file, and more room, are for those who make content.
 */
export const canKeepImages = (viewer: Viewer | null | undefined) =>
  canUploadMedia(viewer) || Boolean(viewer?.membership);
/** The room a member who makes no content has for their pictures (decision 073). */
export const MEMBER_IMAGES_BYTES = 50 * 1024 * 1024;

/** Who may use their own library: every member, for pictures; content makers for everything. */
export function requireUploader(viewer: Viewer | null | undefined) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!canKeepImages(viewer)) throw new AppError({ code: "auth.forbidden" });
  return viewer;
}

export const mediaFilterSchema = z.object({
  scope: z.enum(["own", "all"]).default("own"),
  kind: z.enum(mediaKindList as [string, ...string[]]).optional(),
  folder: z.string().max(400).optional(),
  q: z.string().trim().max(100).optional(),
});

export type MediaLibrary = {
  items: MediaItem[];
  folders: string[];
  usedBytes: number;
  limitBytes: number | null;
};

/** The library as the viewer may see it: their own files, or (managers, scope all) the site's. */
export async function listMedia(
  database: Database,
  {
    viewer,
    accountId,
    planId,
    filter,
  }: { viewer: Viewer | null; accountId: string; planId?: string | null; filter: unknown },
): Promise<MediaLibrary> {
  const who = requireUploader(viewer);
  const parsed = mediaFilterSchema.parse(filter ?? {});
  if (parsed.scope === "all" && !canManageAllMedia(who))
    throw new AppError({ code: "auth.forbidden" });
  const ownerId = parsed.scope === "all" ? undefined : who.user.id;
  // A member who makes no content keeps pictures only (decision 073).
  const kind = canUploadMedia(who) ? (parsed.kind as MediaItem["kind"] | undefined) : "image";
  const folder = parsed.folder === undefined ? undefined : normaliseFolder(parsed.folder);
  if (folder === null) throw new AppError({ code: "request.invalid" });
  const [rows, folders, usedBytes] = await database.forAccount(
    accountId,
    async (tx) =>
      [
        await listMediaRows(tx, {
          accountId,
          ownerId,
          kind,
          folder,
          search: parsed.q || undefined,
          limit: 500,
        }),
        await mediaFolders(tx, accountId, ownerId),
        await storageUsed(tx, accountId),
      ] as const,
  );
  return {
    items: rows.map(toMediaItem),
    folders,
    usedBytes,
    limitBytes: await storageLimitBytes(database, planId),
  };
}

/** A file the viewer may change: their own, or any of the site's for a manager; else 404. */
async function editableRow(tx: Tx, viewer: Viewer, accountId: string, id: string) {
  if (!z.uuid().safeParse(id).success) throw new AppError({ code: "media.notFound" });
  const row = await findMediaRow(tx, accountId, id);
  if (!row) throw new AppError({ code: "media.notFound" });
  if (row.ownerId !== viewer.user.id && !canManageAllMedia(viewer))
    throw new AppError({ code: "auth.forbidden" });
  return row;
}

/** At least one change: an empty one has nothing to write (and an empty UPDATE is an error). */
export const mediaChangesSchema = z
  .strictObject({
    alt: z.string().trim().max(500).optional(),
    folder: z.string().max(400).optional(),
  })
  .refine((changes) => changes.alt !== undefined || changes.folder !== undefined, {
    params: { origin: "emptyPatch" },
  });

export async function updateMedia(
  database: Database,
  {
    viewer,
    accountId,
    id,
    input,
  }: { viewer: Viewer | null; accountId: string; id: string; input: unknown },
): Promise<MediaItem> {
  const who = requireUploader(viewer);
  const changes = mediaChangesSchema.parse(input);
  const folder = changes.folder === undefined ? undefined : normaliseFolder(changes.folder);
  if (folder === null) throw new AppError({ code: "request.invalid" });
  const row = await database.forAccount(accountId, async (tx) => {
    await editableRow(tx, who, accountId, id);
    return updateMediaRow(tx, accountId, id, { alt: changes.alt, folder });
  });
  if (!row) throw new AppError({ code: "media.notFound" });
  return toMediaItem(row);
}

export async function mediaUsage(
  { database, findUses }: { database: Database; findUses: FindUses },
  { viewer, accountId, id }: { viewer: Viewer | null; accountId: string; id: string },
): Promise<MediaUse[]> {
  const who = requireUploader(viewer);
  return database.forAccount(accountId, async (tx) => {
    const row = await editableRow(tx, who, accountId, id);
    return findUses(tx, { accountId, url: mediaUrl(row) });
  });
}

/**
 * Deletes a file and its variants. A file still used by a post or page is kept unless `force`:
 * the answer names where it is used, so the person decides knowing what breaks.
 */
export async function deleteMedia(
  {
    database,
    storage,
    findUses,
    deleteBunnyVideo,
  }: {
    database: Database;
    storage: Storage;
    findUses: FindUses;
    deleteBunnyVideo?: (videoId: string) => Promise<void>;
  },
  {
    viewer,
    accountId,
    id,
    force,
  }: { viewer: Viewer | null; accountId: string; id: string; force: boolean },
): Promise<void> {
  const who = requireUploader(viewer);
  const row = await database.forAccount(accountId, async (tx) => {
    const found = await editableRow(tx, who, accountId, id);
    const uses = await findUses(tx, { accountId, url: mediaUrl(found) });
    if (uses.length > 0 && !force) throw new AppError({ code: "media.inUse", details: { uses } });
    await deleteMediaRow(tx, accountId, id);
    return found;
  });
  const bucket = mediaBucket(accountId);
  const keys = [row.storageKey, ...row.variants.map((variant) => variant.key)].filter(Boolean);
  for (const key of keys) await storage.delete({ bucket, key: key! }).catch(() => undefined);
  if (row.bunnyVideoId && deleteBunnyVideo)
    await deleteBunnyVideo(row.bunnyVideoId).catch(() => undefined);
}

/**
 * The library image behind an address, ready for `<picture>`: used by the public post page for
 * its featured image. Null for anything else (an outside address, a file without variants).
 */
export async function responsiveImageFor(
  tx: Tx,
  { accountId, url }: { accountId: string; url: string | null },
): Promise<ResponsiveImageData | null> {
  const prefix = `/files/${mediaBucket(accountId)}/`;
  if (!url?.startsWith(prefix)) return null;
  const row = await findMediaByKey(tx, accountId, url.slice(prefix.length));
  return row ? responsiveOf(row) : null;
}

/** M9 (spec §7, §8): the account's Bunny credentials as a manager may see them, or false. */
export async function accountDefaults(
  database: Database,
  {
    viewer,
    hostAccountId,
    input,
  }: { viewer: Viewer | null; hostAccountId: string | null; input: unknown },
): Promise<{ status: "ok"; bunnyCreds: BunnyCredsView | false }> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  // Who asks comes first: nobody else learns even what the input should be.
  if (!hostAccountId || !can(viewer, "manage_options"))
    throw new AppError({ code: "auth.forbidden" });
  const { account_id } = z
    .object({ account_id: z.uuid(), type: z.string().max(40).optional() })
    .parse(input);
  if (account_id !== hostAccountId) throw new AppError({ code: "auth.forbidden" });
  const creds = await readBunnyCreds(database, hostAccountId);
  return { status: "ok", bunnyCreds: creds ? viewOfCreds(creds) : false };
}

/** Saves the site's Bunny Stream credentials (managers); an empty key keeps the stored one. */
export async function saveBunnyCreds(
  database: Database,
  { viewer, accountId, input }: { viewer: Viewer | null; accountId: string; input: unknown },
): Promise<BunnyCredsView | false> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!can(viewer, "manage_options")) throw new AppError({ code: "auth.forbidden" });
  const body = z
    .object({ library_id: z.string(), api_key: z.string(), cdn_host: z.string() })
    .partial()
    .parse(input);
  // The key is never sent back to the screen: an empty one keeps what is stored.
  const stored = await readBunnyCreds(database, accountId);
  const value = { ...body, api_key: body.api_key?.trim() || stored?.api_key || "" };
  const saved = await saveSiteOption(database, {
    accountId,
    part: bunnyCredsPart,
    value,
    caches: null,
  });
  if (!saved.ok) throw new AppError({ code: "request.invalid", details: saved.issues });
  return viewOfCreds(bunnyCredsOption.schema.parse(value));
}

/** What a media screen's loader answers: the library, and the Bunny form for managers. */
export async function loadMediaScreen(
  database: Database,
  { viewer, account, scope }: { viewer: Viewer; account: AccountSummary; scope: "own" | "all" },
) {
  const library = await listMedia(database, {
    viewer,
    accountId: account.accountId,
    planId: account.settings.plan,
    filter: { scope },
  });
  const creds = scope === "all" ? await readBunnyCreds(database, account.accountId) : null;
  return {
    scope,
    library,
    bunny: scope === "all" ? (creds ? viewOfCreds(creds) : (false as const)) : null,
  };
}

/** The library image behind an address, for a public page (the post's featured image). */
export function libraryImage(
  database: Database,
  { accountId, url }: { accountId: string; url: string | null },
): Promise<ResponsiveImageData | null> {
  if (!url) return Promise.resolve(null);
  return database.forAccount(accountId, (tx) => responsiveImageFor(tx, { accountId, url }));
}

/** What the site holds, for its usage meters: bytes stored and videos in the library. */
export async function mediaTotals(
  database: Database,
  accountId: string,
): Promise<{ bytes: number; videos: number }> {
  return database.forAccount(accountId, async (tx) => ({
    bytes: await storageUsed(tx, accountId),
    videos: await countVideos(tx, accountId),
  }));
}
