import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { Tenant } from "~/features/accounts/tenant";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { getMemberEmail, isSiteOwner, type Viewer } from "./members.server";
import { getUserEmailByIdSchema, isSiteOwnerSchema } from "./validation";

export type MembersApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const hostAccountOf = (tenant: Tenant) =>
  tenant.kind === "account" ? tenant.account.accountId : null;

/** Spec §7 member calls: POST /api/account/isSiteOwner and POST /api/users/getUserEmailById. */
export function membersApi({ database }: { database: Database }) {
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

  return api;
}
