import { Hono, type Context } from "hono";
import { z } from "zod";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import { dashboardOption } from "~/features/dashboard/dashboard";
import { footerOption } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import { menusSavePart } from "~/features/menus/menus.server";
import type { SiteOption } from "~/features/options/options";
import { saveSiteOption, type SavablePart } from "~/features/options/options.server";
import { themeOption } from "~/features/theme/theme";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { CacheTokens } from "./cache-token.server";
import { optionCacheKeys } from "./cacheable-pages";
import { miscOption, settingsOption } from "./site-option";
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

const cacheTokenSchema = z.object({ days: z.number().int().min(1).max(730).default(365) });

/**
 * `PUT /api/site/options/:key`: each key saved through the options' one save. An option of named
 * fields keeps the stored fields the body leaves out (the header's notices, the footer's notice,
 * which other screens edit); free-form settings are replaced whole.
 */
const wholeOption = (option: SiteOption): SavablePart => ({
  name: option.key,
  ...option,
  merge: option.schema instanceof z.ZodObject,
});
const optionParts: Record<string, SavablePart> = Object.fromEntries(
  [
    menusSavePart,
    ...[headerOption, footerOption, themeOption, miscOption, settingsOption, dashboardOption].map(
      wholeOption,
    ),
  ].map((part) => [part.key, part]),
);

/**
 * Who may refresh an account's cache with a GET (spec §7 keeps these GET): a machine holding a
 * signed token of that account (`Authorization: Bearer`), or a manager of the host's account
 * asking from its own pages — a GET that another site starts (a link, an image) carries the
 * manager's Lax cookie, so the browser's Sec-Fetch-Site must say it is this site.
 */
function requireCacheCaller(
  c: Context<SiteApiEnv>,
  { accountId, cacheTokens }: { accountId: string; cacheTokens: CacheTokens },
) {
  const hostAccountId = hostAccountOf(c.var.tenant);
  const bearer = /^Bearer (\S+)$/.exec(c.req.header("authorization") ?? "")?.[1];
  if (bearer !== undefined) {
    if (accountId === hostAccountId && cacheTokens.verify(bearer, accountId)) return;
    throw new AppError({ code: "auth.forbidden" });
  }
  requireSiteManager(c.var.viewer, { accountId, hostAccountId });
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none")
    throw new AppError({ code: "request.crossSite" });
}

/**
 * Spec §7 cache calls and the option editor's save. Only the site's managers (and super-admins)
 * may call them: anyone else could otherwise make every page render again, on every instance.
 */
export function siteApi({
  database,
  siteCache,
  cacheTokens,
}: {
  database: Database;
  siteCache: SiteCache;
  cacheTokens: CacheTokens;
}) {
  const api = new Hono<SiteApiEnv>();

  api.get("/site/revalidateCache", async (c) => {
    const input = revalidateSchema.parse(c.req.query());
    requireCacheCaller(c, { accountId: input.site, cacheTokens });
    await siteCache.revalidatePath(input.site, input.path);
    return c.json({ revalidated: true, path: `/${input.path.replace(/^\/+/, "")}` });
  });

  api.get("/site/invalidateCache", async (c) => {
    const input = invalidateSchema.parse(c.req.query());
    requireCacheCaller(c, { accountId: input.account_id, cacheTokens });
    await siteCache.invalidateAccount(input.account_id, input.key);
    return c.json({ invalidated: true, key: input.key });
  });

  // Settings editors save a whole option; the site shows it on the next request everywhere.
  api.put("/site/options/:key", async (c) => {
    const accountId = hostAccountOf(c.var.tenant);
    requireSiteManager(c.var.viewer, { accountId: accountId ?? "", hostAccountId: accountId });
    const key = c.req.param("key");
    const part = Object.hasOwn(optionParts, key) ? optionParts[key] : undefined;
    if (!part) throw new AppError({ code: "request.invalid" });
    const body: unknown = await c.req.json().catch(() => undefined);
    const answer = await saveSiteOption(database, {
      accountId: accountId!,
      part,
      value: body,
      caches: siteCache,
    });
    if (!answer.ok) throw new AppError({ code: "request.invalid", details: answer.issues });
    return c.json({ key, value: answer.value });
  });

  /** A token for machine calls of the two refresh endpoints, for this account's managers. */
  api.post("/site/cache-token", async (c) => {
    const accountId = hostAccountOf(c.var.tenant);
    requireSiteManager(c.var.viewer, { accountId: accountId ?? "", hostAccountId: accountId });
    const { days } = cacheTokenSchema.parse(await c.req.json().catch(() => ({})));
    return c.json(cacheTokens.issue(accountId!, { days }));
  });

  return api;
}
