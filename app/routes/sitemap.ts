import { PLATFORM_ACCOUNT_ID, siteOrigin } from "~/features/accounts/accounts.server";
import { listDocs, listPublishedPages } from "~/features/pages/pages.server";
import { listPostLinkChunk, termsByKind } from "~/features/posts/posts.server";
import { tenantContext } from "~/features/accounts/accounts";
import { siteCacheContext } from "~/features/site/site.server";
import {
  renderSitemap,
  renderSitemapIndex,
  SITEMAP_MAX_URLS,
  siteSitemapIndex,
  type SitemapEntry,
} from "~/features/site/site.server";
import type { Database } from "~/platform/db/database.server";
import { servicesContext } from "~/platform/request-context";
import {
  isPlatformPageSlug,
  platformSitemapPaths,
} from "~/features/platform-site/platform-site.server";
import type { Route } from "./+types/sitemap";

/**
 * `/sitemap.xml`, a resource route outside the HTML layout. An account's is the index of its
 * child sitemaps (`/sitemap-*.xml`, served by features/site/sitemap-route.server.ts) on the
 * account's canonical origin (custom domain, else its sub-domain); the base domain's lists the
 * marketing pages and the platform's published docs, posts and pages. The page cache keeps an
 * account's like pages.
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

/** A slug as one path segment: `/`, `?` or `#` in it cannot change the address. */
const segment = (slug: string) => encodeURIComponent(slug);

/**
 * The marketing pages, then what the platform account published (decision 029): `/docs` and
 * each doc, `/blog` with each post and archive, and its pages but those a marketing page shadows.
 * One file: the platform writes far fewer than SITEMAP_MAX_URLS addresses.
 */
async function platformPaths(database: Database): Promise<SitemapEntry[]> {
  const accountId = PLATFORM_ACCOUNT_ID;
  const [docs, pages, posts, categories, tags] = await Promise.all([
    listDocs(database, { accountId }),
    listPublishedPages(database, { accountId, kind: "page", limit: SITEMAP_MAX_URLS }),
    listPostLinkChunk(database, { accountId, chunk: 1, size: SITEMAP_MAX_URLS }),
    termsByKind(database, { accountId, kind: "category" }),
    termsByKind(database, { accountId, kind: "tag" }),
  ]);
  const docPaths =
    docs.length > 0 ? ["/docs", ...docs.map((doc) => `/docs/${segment(doc.slug)}`)] : [];
  const blog: SitemapEntry[] = posts
    ? [
        { path: "/blog", lastModified: posts[0]?.publishedAt },
        ...posts.map((post) => ({
          path: `/blog/${segment(post.slug)}`,
          lastModified: post.publishedAt,
        })),
        ...Object.keys(categories).map((slug) => ({ path: `/blog/category/${segment(slug)}` })),
        ...Object.keys(tags).map((slug) => ({ path: `/blog/tag/${segment(slug)}` })),
      ]
    : [];
  const ownPages = pages
    .filter((page) => !isPlatformPageSlug(page.slug))
    .map((page) => ({ path: `/${segment(page.slug)}` }));
  return [
    ...[...platformSitemapPaths, ...docPaths].map((path) => ({ path })),
    ...ownPages,
    ...blog,
  ].slice(0, SITEMAP_MAX_URLS);
}
