import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { PublicProfilePage } from "~/features/member-profiles/member-profiles";
import { loadPublicProfile } from "~/features/member-profiles/member-profiles.server";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { servicesContext } from "~/platform/request-context";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/member";

// HTML plus the site frame's islands (decision 048): nothing on it acts in the browser.
export const handle = islandsHandle;

/**
 * Issue 35 `/members/{slug}` (decision 071): a member's public profile, for anyone, while the
 * site allows public profiles and the member chose to show theirs; else not found. Never kept
 * by a shared cache (a member may hide it at any moment), and not for search engines.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang, database } = context.get(servicesContext);
  const profile = await loadPublicProfile(database, {
    accountId: account.accountId,
    slug: params.slug.slice(0, 200),
  });
  if (!profile) notFound();
  return {
    title: profile.name,
    profile,
    ...sitePageData({ account, request, lang }, ["publicProfilePage"]),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

export default function Member({ loaderData }: Route.ComponentProps) {
  return <PublicProfilePage profile={loaderData.profile} />;
}
