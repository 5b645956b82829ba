import { siteOrigin } from "~/features/accounts/accounts.server";
import { tenantContext } from "~/features/accounts/accounts";
import { siteCacheContext } from "~/features/site/site.server";
import { renderSitemap, renderSitemapIndex, siteSitemapIndex } from "~/features/site/site.server";
import { servicesContext } from "~/platform/request-context";
import { platformSitemapPaths } from "~/features/marketing/marketing.server";
import type { Route } from "./+types/sitemap";

/**
 * `/sitemap.xml`, a resource route outside the HTML layout. An account's is the index of its
 * child sitemaps (`/sitemap-*.xml`, served by features/site/sitemap-route.server.ts) on the
 * account's canonical origin (custom domain, else its sub-domain); the base domain's lists the
 * marketing pages. The page cache keeps both like pages.
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
      : renderSitemap(
          new URL(request.url).origin,
          platformSitemapPaths.map((path) => ({ path })),
        );
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
