import { PLATFORM_ACCOUNT_ID, siteOrigin } from "~/features/accounts/accounts.server";
import { listDocs } from "~/features/pages/pages.server";
import { tenantContext } from "~/features/accounts/accounts";
import { siteCacheContext } from "~/features/site/site.server";
import { renderSitemap, renderSitemapIndex, siteSitemapIndex } from "~/features/site/site.server";
import type { Database } from "~/platform/db/database.server";
import { servicesContext } from "~/platform/request-context";
import { platformSitemapPaths } from "~/features/marketing/marketing.server";
import type { Route } from "./+types/sitemap";

/**
 * `/sitemap.xml`, a resource route outside the HTML layout. An account's is the index of its
 * child sitemaps (`/sitemap-*.xml`, served by features/site/sitemap-route.server.ts) on the
 * account's canonical origin (custom domain, else its sub-domain); the base domain's lists the
 * marketing pages and the platform's published docs. The page cache keeps an account's like pages.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const tenant = context.get(tenantContext);
  const { database, baseDomain } = context.get(servicesContext);
  const remember = context.get(siteCacheContext)?.remember;
  const xml =
    tenant.kind === "account"
      ? renderSitemapIndex(
          siteOrigin({ ...tenant.account, baseDomain, like: request.url }),
          await siteSitemapIndex(database, { accountId: tenant.account.accountId, remember }),
        )
      : renderSitemap(new URL(request.url).origin, await platformPaths(database));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

/** The marketing pages, then `/docs` and each published doc of the platform, if it has any. */
async function platformPaths(database: Database) {
  const docs = await listDocs(database, { accountId: PLATFORM_ACCOUNT_ID });
  const docPaths = docs.length > 0 ? ["/docs", ...docs.map((doc) => `/docs/${doc.slug}`)] : [];
  return [...platformSitemapPaths, ...docPaths].map((path) => ({ path }));
}
