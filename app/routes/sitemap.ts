import { siteOrigin } from "~/features/accounts/accounts.server";
import { tenantContext } from "~/features/accounts/tenant";
import { renderSitemap, siteSitemapEntries } from "~/features/site/sitemap.server";
import { servicesContext } from "~/platform/request-context";
import { platformSitemapPaths } from "./platform/marketing.server";
import type { Route } from "./+types/sitemap";

/**
 * `/sitemap.xml`, a resource route outside the HTML layout. An account's lists its public
 * content on the account's canonical origin (custom domain, else its sub-domain); the base
 * domain's lists the marketing pages.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const tenant = context.get(tenantContext);
  const { database, baseDomain } = context.get(servicesContext);
  const xml =
    tenant.kind === "account"
      ? renderSitemap(
          siteOrigin({ ...tenant.account, baseDomain, like: request.url }),
          await siteSitemapEntries(database, { accountId: tenant.account.accountId }),
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
