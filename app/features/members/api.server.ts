import { serveStoredFile } from "~/platform/storage/serve-file.server";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import { accountBucket, MAX_AVATAR_BYTES, setAvatar, updateOwnProfile } from "./avatar.server";
import { getMemberEmail, isSiteOwner, type Viewer } from "./members.server";
import { getUserEmailByIdSchema, isSiteOwnerSchema, ownProfileSchema } from "./validation";

export type MembersApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

/** Spec §7 member calls: POST /api/account/isSiteOwner and POST /api/users/getUserEmailById. */
export function membersApi({ database, storage }: { database: Database; storage: Storage }) {
  const api = new Hono<MembersApiEnv>();
  // Who asks comes before what they ask: anonymous callers learn nothing, not even validation.
  const signedIn = createMiddleware<MembersApiEnv>(async (c, next) => {
    if (!c.var.viewer) throw new AppError({ code: "not_authenticated" });
    await next();
  });

  api.post("/account/isSiteOwner", signedIn, async (c) => {
    const input = isSiteOwnerSchema.parse(await c.req.json().catch(() => ({})));
    const status = await isSiteOwner(database, {
      viewer: c.var.viewer,
      hostAccountId: hostAccountOf(c.var.tenant),
      accountId: input.account_id,
      email: input.email,
    });
    return c.json({ status });
  });

  api.post("/users/getUserEmailById", signedIn, async (c) => {
    const input = getUserEmailByIdSchema.parse(await c.req.json().catch(() => ({})));
    const user = await getMemberEmail(database, {
      viewer: c.var.viewer,
      hostAccountId: hostAccountOf(c.var.tenant),
      accountId: input.account_id,
      userId: input.user_id,
    });
    return c.json({ status: Boolean(user), user });
  });

  api.post("/account/avatar", signedIn, async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > MAX_AVATAR_BYTES + 64 * 1024) throw new AppError({ code: "upload.invalidImage" });
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) throw new AppError({ code: "upload.invalidImage" });
    const avatar = await setAvatar(
      { database, storage },
      {
        viewer: c.var.viewer!,
        accountId: tenant.account.accountId,
        upload: Buffer.from(await file.arrayBuffer()),
      },
    );
    return c.json({ avatar });
  });

  api.post("/account/profile", signedIn, async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const changes = ownProfileSchema.parse(await c.req.json().catch(() => ({})));
    await updateOwnProfile(database, {
      viewer: c.var.viewer!,
      accountId: tenant.account.accountId,
      changes,
    });
    return c.json(changes);
  });

  return api;
}

/** Public files of the host's account only (GET /files/{bucket}/{key}). */
export function filesRoute({ storage }: { storage: Storage }) {
  const files = new Hono<MembersApiEnv>();
  files.get("/:bucket/*", async (c) => {
    const tenant = c.var.tenant;
    const bucket = c.req.param("bucket");
    if (tenant.kind !== "account" || bucket !== accountBucket(tenant.account.accountId)) {
      throw new AppError({ code: "route.notFound" });
    }
    const key = c.req.path.slice(`/files/${bucket}/`.length);
    const answer = await serveStoredFile(storage, { bucket, key }, c.req.raw);
    if (!answer) throw new AppError({ code: "route.notFound" });
    return answer;
  });
  return files;
}
