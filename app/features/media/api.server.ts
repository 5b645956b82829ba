import fs from "node:fs/promises";
import { Hono } from "hono";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { bunnyStream, readBunnyCreds } from "./bunny.server";
import {
  accountDefaults,
  canUploadMedia,
  deleteMedia,
  type FindUses,
  listMedia,
  MEMBER_IMAGES_BYTES,
  mediaUsage,
  requireUploader,
  saveBunnyCreds,
  updateMedia,
} from "./media.server";
import { storeUploads, type StorageGate } from "./store.server";
import { receiveUpload } from "./upload.server";

type MediaApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null; logger: Logger } };

function siteOf(tenant: Tenant) {
  if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
  return tenant.account;
}

/**
 * The media library's API on an account's host: upload (multipart, streamed), list, change alt
 * text and folder, where used, delete; and M9's Bunny Stream settings (`POST /account/defaults`).
 */
export function mediaApi({
  database,
  storage,
  env,
  findUses,
  storageGate,
}: {
  database: Database;
  storage: Storage;
  env: { BUNNY_STREAM_API_URL: string };
  findUses: FindUses;
  storageGate: StorageGate;
}) {
  const api = new Hono<MediaApiEnv>();
  const bunnyApiUrl = env.BUNNY_STREAM_API_URL;

  api.post("/media/upload", async (c) => {
    const site = siteOf(c.var.tenant);
    const viewer = requireUploader(c.var.viewer);
    // A member who makes no content: pictures only, within their own room (decision 073).
    const member = canUploadMedia(viewer)
      ? null
      : { kinds: ["image" as const], bytes: MEMBER_IMAGES_BYTES };
    const upload = await receiveUpload(c.req.raw);
    try {
      const result = await storeUploads(
        { database, storage, bunnyApiUrl, storageGate, logger: c.var.logger },
        {
          accountId: site.accountId,
          ownerId: viewer.user.id,
          planId: site.settings.plan,
          bunny: await readBunnyCreds(database, site.accountId),
          upload,
          member,
        },
      );
      if (result.uploaded.length === 0 && result.rejected.length > 0) {
        const message = "Every file was refused.";
        return c.json({ error: { code: "media.rejected", message }, ...result }, 400);
      }
      return c.json(result);
    } finally {
      await fs.rm(upload.dir, { recursive: true, force: true });
    }
  });

  api.get("/media", async (c) => {
    const site = siteOf(c.var.tenant);
    const library = await listMedia(database, {
      viewer: c.var.viewer,
      accountId: site.accountId,
      planId: site.settings.plan,
      filter: c.req.query(),
    });
    return c.json(library);
  });

  api.put("/media/:id", async (c) => {
    const site = siteOf(c.var.tenant);
    const item = await updateMedia(database, {
      viewer: c.var.viewer,
      accountId: site.accountId,
      id: c.req.param("id"),
      input: await c.req.json().catch(() => undefined),
    });
    return c.json({ item });
  });

  api.get("/media/:id/usage", async (c) => {
    const site = siteOf(c.var.tenant);
    const uses = await mediaUsage(
      { database, findUses },
      {
        viewer: c.var.viewer,
        accountId: site.accountId,
        id: c.req.param("id"),
      },
    );
    return c.json({ uses });
  });

  api.post("/media/:id/delete", async (c) => {
    const site = siteOf(c.var.tenant);
    const body: unknown = await c.req.json().catch(() => ({}));
    const force =
      typeof body === "object" && body !== null && (body as { force?: unknown }).force === true;
    const creds = await readBunnyCreds(database, site.accountId);
    await deleteMedia(
      {
        database,
        storage,
        findUses,
        deleteBunnyVideo: creds
          ? (videoId) => bunnyStream({ apiUrl: bunnyApiUrl, creds }).remove(videoId)
          : undefined,
      },
      { viewer: c.var.viewer, accountId: site.accountId, id: c.req.param("id"), force },
    );
    return c.json({ ok: true });
  });

  api.post("/account/defaults", async (c) => {
    const answer = await accountDefaults(database, {
      viewer: c.var.viewer,
      hostAccountId: hostAccountOf(c.var.tenant),
      input: await c.req.json().catch(() => undefined),
    });
    return c.json(answer);
  });

  api.put("/account/bunny", async (c) => {
    const site = siteOf(c.var.tenant);
    const bunnyCreds = await saveBunnyCreds(database, {
      viewer: c.var.viewer,
      accountId: site.accountId,
      input: await c.req.json().catch(() => undefined),
    });
    return c.json({ bunnyCreds });
  });

  return api;
}
