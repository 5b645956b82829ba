import { Hono } from "hono";
import { z } from "zod";
import type { Tenant } from "~/features/accounts/tenant";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import { saveSiteOption } from "~/features/options/options.server";
import { optionKeySchema } from "~/features/options/validation";
import type { Database } from "~/platform/db/database.server";
import { optionCacheKeys } from "./cacheable-pages";
import type { SiteCache } from "./site-cache.server";

type SiteApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const revalidateSchema = z.object({
  site: z.uuid(),
  // Spec §7: the path without its leading slash; empty means the home page.
  path: z.string().max(500).default(""),
});

const invalidateSchema = z.object({
  account_id: z.uuid(),
  key: z.enum(optionCacheKeys),
});

const hostAccountOf = (tenant: Tenant) =>
  tenant.kind === "account" ? tenant.account.accountId : null;

/**
 * Spec §7 cache calls and the option editor's save. Only the site's managers (and super-admins)
 * may call them: anyone else could otherwise make every page render again, on every instance.
 */
export function siteApi({ database, siteCache }: { database: Database; siteCache: SiteCache }) {
  const api = new Hono<SiteApiEnv>();

  api.get("/site/revalidateCache", async (c) => {
    const input = revalidateSchema.parse(c.req.query());
    requireSiteManager(c.var.viewer, {
      accountId: input.site,
      hostAccountId: hostAccountOf(c.var.tenant),
    });
    await siteCache.revalidatePath(input.site, input.path);
    return c.json({ revalidated: true, path: `/${input.path.replace(/^\/+/, "")}` });
  });

  api.get("/site/invalidateCache", async (c) => {
    const input = invalidateSchema.parse(c.req.query());
    requireSiteManager(c.var.viewer, {
      accountId: input.account_id,
      hostAccountId: hostAccountOf(c.var.tenant),
    });
    await siteCache.invalidateAccount(input.account_id, input.key);
    return c.json({ invalidated: true, key: input.key });
  });

  // Settings editors save a whole option; the site shows it on the next request everywhere.
  api.put("/site/options/:key", async (c) => {
    const accountId = hostAccountOf(c.var.tenant);
    requireSiteManager(c.var.viewer, { accountId: accountId ?? "", hostAccountId: accountId });
    const key = optionKeySchema.parse(c.req.param("key"));
    const body = await c.req.json().catch(() => undefined);
    const value = await database.forAccount(accountId!, (tx) =>
      saveSiteOption(tx, { accountId: accountId!, key, value: body }),
    );
    await siteCache.invalidateAccount(accountId!, `getSiteOption-${key}`);
    return c.json({ key, value });
  });

  return api;
}
