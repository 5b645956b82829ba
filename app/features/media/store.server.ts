import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { bunnyStream, type BunnyCreds } from "./bunny.server";
import { checkContent, type MediaRejection } from "./content-check.server";
import { mediaBucket, toMediaItem } from "./media-item.server";
import type { MediaItem, MediaKind, MediaVariant } from "./media-types";
import { insertMedia, storageUsed, storageUsedBy } from "./queries.server";
import type { ReceivedUpload } from "./upload.server";
import { imageSize, makeVariants, MAX_IMAGE_PIXELS, oneImageAtATime } from "./variants.server";

export type Rejected = { name: string; reason: MediaRejection; format?: string };

/** The plan's storage limit in bytes (plan limits are in MB); null: no limit. */
export async function storageLimitBytes(
  database: Database,
  planId: string | null | undefined,
): Promise<number | null> {
  const plan = planId ? await findPlan(database, planId) : undefined;
  const mb = plan?.limits.storage;
  return typeof mb === "number" && Number.isFinite(mb) && mb > 0 ? mb * 1024 * 1024 : null;
}

/**
 * Past the plan's storage limit an upload is not refused at once: the usage meters give the site
 * a grace after it reaches 100 % (issue 17). Usage measures the library's files (it imports this
 * feature), so this feature cannot import usage without a cycle; it names what it needs here and
 * the server's wiring hands it usage's gate (`storageGate` of usage.server.ts), as with FindUses.
 */
export type StorageGate = {
  /** Whether the site may hold `projectedBytes`, over its limit: no once its grace has run out. */
  allows(accountId: string, projectedBytes: number): Promise<boolean>;
  /** The site's files changed: its meters measured again (the 80 %/100 % notices, the grace's start). */
  measured(accountId: string): Promise<void>;
};

type StoreServices = {
  database: Database;
  storage: Storage;
  bunnyApiUrl: string;
  storageGate: StorageGate;
  logger?: Logger;
};

/**
 * Files received by the upload route, one by one: checked by content, measured against the
 * plan's storage (over it, taken while the storage gate allows: the grace), images given their
 * variants, videos sent to Bunny Stream when the site has credentials; each accepted file becomes
 * a library row, each refused one says why. Once something was taken the meters are measured.
 */
export async function storeUploads(
  { database, storage, bunnyApiUrl, storageGate, logger }: StoreServices,
  {
    accountId,
    ownerId,
    planId,
    bunny,
    upload,
    member = null,
  }: {
    accountId: string;
    ownerId: string;
    planId: string | null | undefined;
    bunny: BunnyCreds | null;
    upload: ReceivedUpload;
    /** A member who makes no content: these kinds only, within this room of their own (decision 073). */
    member?: { kinds: MediaKind[]; bytes: number } | null;
  },
): Promise<{ uploaded: MediaItem[]; rejected: Rejected[] }> {
  const uploaded: MediaItem[] = [];
  const rejected: Rejected[] = [];
  const limit = await storageLimitBytes(database, planId);
  const bucket = mediaBucket(accountId);
  for (const received of upload.files) {
    if (received.truncated) {
      rejected.push({ name: received.name, reason: "tooLarge" });
      continue;
    }
    const verdict = await checkContent(received.file, received.name);
    if (!verdict.ok) {
      rejected.push({ name: received.name, reason: verdict.reason, format: verdict.format });
      continue;
    }
    if (member && !member.kinds.includes(verdict.kind)) {
      rejected.push({ name: received.name, reason: "notAllowed", format: verdict.ext });
      continue;
    }
    const id = crypto.randomUUID();
    const keyBase = `media/${id}`;
    const storageKey = `${keyBase}/original.${verdict.ext}`;
    const written: string[] = [];
    let variants: MediaVariant[] = [];
    let size = verdict.size ?? received.size;
    let dims: { width: number; height: number } | null = null;
    let bunnyVideo: { videoId: string; url: string } | null = null;
    // The gate's answer for this file, asked (outside any transaction) once it would go over.
    let overAllowed: boolean | null = null;
    try {
      if (limit !== null) {
        const used = await database.forAccount(accountId, (tx) => storageUsed(tx, accountId));
        if (used + size > limit) {
          overAllowed = await storageGate.allows(accountId, used + size);
          if (!overAllowed) {
            rejected.push({ name: received.name, reason: "quota" });
            continue;
          }
        }
      }
      if (verdict.kind === "image" && verdict.mime !== "image/svg+xml") {
        dims = await imageSize(received.file);
        if (!dims) {
          rejected.push({ name: received.name, reason: "mismatch", format: verdict.ext });
          continue;
        }
        if (dims.width * dims.height > MAX_IMAGE_PIXELS) {
          rejected.push({ name: received.name, reason: "tooManyPixels" });
          continue;
        }
        const measured = dims;
        const made = await oneImageAtATime(() =>
          makeVariants(received.file, { ...measured, keyBase }),
        );
        for (const variant of made) {
          await storage.putFile({
            bucket,
            key: variant.key,
            path: variant.file,
            contentType: `image/${variant.format}`,
          });
          written.push(variant.key);
        }
        await fs.rm(path.dirname(made[0]!.file), { recursive: true, force: true });
        variants = made.map(({ file: _file, ...variant }) => variant);
        size += variants.reduce((sum, variant) => sum + variant.size, 0);
      }
      if (verdict.kind === "video" && bunny) {
        bunnyVideo = await bunnyStream({ apiUrl: bunnyApiUrl, creds: bunny }).upload({
          file: received.file,
          title: received.name,
        });
      } else {
        await storage.putFile({
          bucket,
          key: storageKey,
          path: received.file,
          contentType: verdict.mime,
        });
        written.push(storageKey);
      }
      const insert = (mayExceed: boolean) =>
        database.forAccount(accountId, async (tx) => {
          // One upload at a time per account past this point, so two cannot both squeeze under the limit.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${accountId}`}))`);
          // A member's own room is theirs alone: no grace past it.
          if (member && (await storageUsedBy(tx, accountId, ownerId)) + size > member.bytes)
            return { over: "member" as const };
          if (limit !== null && !mayExceed) {
            const projected = (await storageUsed(tx, accountId)) + size;
            if (projected > limit) return { over: "plan" as const, projected };
          }
          const inserted = await insertMedia(tx, {
            accountId,
            id,
            ownerId,
            kind: verdict.kind,
            mime: verdict.mime,
            originalName: received.name,
            sizeBytes: size,
            width: dims?.width ?? null,
            height: dims?.height ?? null,
            folder: upload.folder,
            storageKey: bunnyVideo ? null : storageKey,
            variants,
            bunnyVideoId: bunnyVideo?.videoId ?? null,
            bunnyUrl: bunnyVideo?.url ?? null,
          });
          return { over: false as const, inserted };
        });
      let stored = await insert(overAllowed === true);
      // Over only now (its variants, or another upload in between): the gate is asked, then once more.
      if (stored.over === "plan" && overAllowed === null) {
        overAllowed = await storageGate.allows(accountId, stored.projected);
        if (overAllowed) stored = await insert(true);
      }
      const row = stored.over ? null : stored.inserted;
      if (!row) {
        await removeStored(storage, bucket, written);
        rejected.push({ name: received.name, reason: "quota" });
        continue;
      }
      uploaded.push(toMediaItem(row));
    } catch (error) {
      await removeStored(storage, bucket, written);
      if (bunnyVideo)
        await bunnyStream({ apiUrl: bunnyApiUrl, creds: bunny! })
          .remove(bunnyVideo.videoId)
          .catch(() => undefined);
      logger?.warn({ err: error }, "media upload failed");
      rejected.push({ name: received.name, reason: "failed" });
    }
  }
  if (uploaded.length > 0) {
    // The files are kept whatever happens here; the hourly roll-up measures again if this fails.
    await storageGate
      .measured(accountId)
      .catch((error: unknown) => logger?.warn({ err: error }, "media usage not measured"));
  }
  return { uploaded, rejected };
}

async function removeStored(storage: Storage, bucket: string, keys: string[]) {
  for (const key of keys) await storage.delete({ bucket, key }).catch(() => undefined);
}
