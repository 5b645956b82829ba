import { accountMemo, contentAccount, notFound } from "~/features/accounts/accounts.server";
import { listPostsPage } from "~/features/posts/posts.server";
import { siteCacheContext, sitePageData } from "~/features/site/site.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { BlogScreen, feedDiscoveryLinks } from "~/features/posts/posts";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/blog";

// HTML plus its islands (decision 048): posts and paging are links.
export const handle = islandsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = contentAccount(context);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1) notFound();
  const { database, lang } = context.get(servicesContext);
  // The post order (count and marks) is kept with the account's cached pages: no page reads
  // more than its own posts, however deep.
  const remember = accountMemo(context, context.get(siteCacheContext)?.remember);
  const result = await listPostsPage(database, { accountId: account.accountId, page, remember });
  if (page > result.pages) notFound();
  return {
    ...result,
    title: textIn(lang, "site.blog.title"),
    ...sitePageData({ account, request, lang }, ["siteContent"], page > 1 ? ["page"] : []),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, siteName, url } = loaderData;
  return [...seo({ title, siteName, url }), ...feedDiscoveryLinks({ url, title: siteName })];
}

/** The blog: newest posts first, nine a page. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogScreen posts={loaderData.posts} page={loaderData.page} pages={loaderData.pages} />;
}
