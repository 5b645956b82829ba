import { accountMemo, contentAccount, notFound } from "~/features/accounts/accounts.server";
import { listTermArchivePage } from "~/features/posts/posts.server";
import { breadcrumbTrail, siteCacheContext, sitePageData } from "~/features/site/site.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { breadcrumbLd, jsonLd, seo } from "~/features/site/site";
import { BlogScreen, feedDiscoveryLinks, type TermKind } from "~/features/posts/posts";
import { redirect } from "react-router";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/blog-archive";

// HTML plus its islands (decision 048): posts and paging are links.
export const handle = islandsHandle;

/** `/blog/category/{slug}` and `/blog/tag/{slug}`: one module, the kind read from the path. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = contentAccount(context);
  const url = new URL(request.url);
  const kind: TermKind = url.pathname.replace(/\.data$/, "").startsWith("/blog/tag/")
    ? "tag"
    : "category";
  const page = Number(url.searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1) notFound();
  const { database, lang } = context.get(servicesContext);
  const remember = accountMemo(context, context.get(siteCacheContext)?.remember);
  const archive = await listTermArchivePage(database, {
    accountId: account.accountId,
    kind,
    slug: params.slug,
    page,
    remember,
  });
  if (!archive) notFound();
  // One address per archive: an old accentless or a decomposed address moves to the canonical.
  if (archive.slug !== params.slug)
    throw redirect(`/blog/${kind}/${encodeURIComponent(archive.slug)}${url.search}`, 301);
  // textIn gives the template; the name is text, put in as it is (React and seo escape it).
  const named = (key: string) => textIn(lang, key).replace("{{name}}", archive.name);
  const pageData = sitePageData(
    { account, request, lang },
    ["siteContent"],
    page > 1 ? ["page"] : [],
  );
  return {
    ...archive,
    title: named(kind === "tag" ? "site.blog.tagTitle" : "site.blog.categoryTitle"),
    description: named("site.blog.archiveDescription"),
    kind,
    basePath: `/blog/${kind}/${encodeURIComponent(params.slug)}`,
    ...pageData,
    trail: breadcrumbTrail(pageData.site, lang, "blog"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, description, siteName, url, kind, slug, name, trail } = loaderData;
  return [
    ...seo({ title, description, siteName, url }),
    ...feedDiscoveryLinks({ url, title: siteName, archive: { kind, slug, name } }),
    ...jsonLd(breadcrumbLd([...trail, { name, url }])),
  ];
}

/** A category's or tag's posts, newest first, nine a page. */
export default function BlogArchive({ loaderData }: Route.ComponentProps) {
  return (
    <BlogScreen
      posts={loaderData.posts}
      page={loaderData.page}
      pages={loaderData.pages}
      title={loaderData.title}
      basePath={loaderData.basePath}
    />
  );
}
