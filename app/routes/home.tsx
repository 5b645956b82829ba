import { siteNameOf } from "~/features/accounts/accounts";
import { tenantContext } from "~/features/accounts/accounts";
import { listLatestPosts } from "~/features/posts/posts.server";
import { servicesContext } from "~/platform/request-context";
import { PlatformHome } from "~/features/platform-site/platform-site";
import {
  demoSiteUrls,
  planCards,
  platformMeta,
} from "~/features/platform-site/platform-site.server";
import { platformSeo } from "~/features/platform-site/platform-site";
import { SiteHome } from "~/features/site/site";
import { canonicalUrl, jsonLd, organizationLd, seo } from "~/features/site/site";
import { siteOrganizationOf } from "~/features/site/site.server";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/home";
import { islandsHandle } from "~/platform/islands/island-document";

// A site's home is HTML plus its islands (decision 048); the platform's stays an application.
export const handle = islandsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const tenant = context.get(tenantContext);
  const { database, baseDomain, lang } = context.get(servicesContext);
  if (tenant.kind === "account") {
    const posts = await listLatestPosts(database, { accountId: tenant.account.accountId });
    return {
      kind: "site" as const,
      title: siteNameOf(tenant.account),
      description: tenant.account.settings.description ?? "",
      url: canonicalUrl(request),
      site: siteOrganizationOf(tenant.account, request),
      posts,
      messages: areaMessages(lang, "siteContent"),
    };
  }
  return {
    kind: "platform" as const,
    meta: platformMeta({ lang, request }, "home"),
    plans: await planCards(database),
    demoUrls: await demoSiteUrls(database, { baseDomain, request }),
    messages: areaMessages(lang, "platformHome"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  if (loaderData.kind === "site") {
    const { title, description, url, site } = loaderData;
    return [
      ...seo({ title, siteName: title, description, url }),
      ...jsonLd(organizationLd(site, description), {
        "@type": "WebSite",
        name: title,
        url: site.url,
      }),
    ];
  }
  return platformSeo(loaderData.meta);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "site") {
    return (
      <SiteHome
        title={loaderData.title}
        description={loaderData.description}
        posts={loaderData.posts}
      />
    );
  }
  return <PlatformHome plans={loaderData.plans} demoUrls={loaderData.demoUrls} />;
}
