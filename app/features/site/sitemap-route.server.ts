import { Hono } from "hono";
import { siteOrigin } from "~/features/accounts/accounts.server";
import type { Tenant } from "~/features/accounts/accounts";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { defaultLanguage } from "~/platform/i18n/languages";
import type { SiteCache } from "./site-cache.server";
import { parseSitemapPart, renderSitemap, siteSitemapPart } from "./sitemap.server";

type SitemapRouteEnv = { Variables: { tenant: Tenant } };

/**
 * An account's child sitemaps, `/sitemap-pages.xml`, `/sitemap-posts-N.xml`, … (the index is
 * the React Router resource route `/sitemap.xml`). Served here because React Router matches
 * whole path segments only, and a sitemap must sit at the root to list the whole site. The page
 * cache in front keeps them like pages.
 */
export function sitemapRoute({
  database,
  siteCache,
  baseDomain,
}: {
  database: Database;
  siteCache: SiteCache;
  baseDomain: string;
}) {
  const route = new Hono<SitemapRouteEnv>();
  route.get("/:file{sitemap-[a-z0-9-]+\\.xml}", async (c) => {
    const tenant = c.var.tenant;
    const part = parseSitemapPart(c.req.param("file"));
    if (tenant.kind !== "account" || !part) throw new AppError({ code: "route.notFound" });
    const entries = await siteSitemapPart(database, {
      accountId: tenant.account.accountId,
      part,
      siteLanguage: tenant.account.settings.defaultLanguage ?? defaultLanguage,
      remember: siteCache.remember,
    });
    if (!entries) throw new AppError({ code: "route.notFound" });
    const origin = siteOrigin({ ...tenant.account, baseDomain, like: c.req.url });
    return c.body(renderSitemap(origin, entries), 200, {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    });
  });
  return route;
}
