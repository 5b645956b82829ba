import { isLanguageCode, preferredLanguage } from "~/platform/i18n/languages";

/**
 * Which anonymous requests the page cache may answer (spec §2, P18): `/`, `/blog`,
 * `/blog/[slug]`, the blog's archives (`/blog/category/[slug]`, `/blog/tag/[slug]`), `/course`, `/course/[slug]`, `/product/[slug]`, `/[pageSlug]`, `/login`, `/signup`, `/thankyou`,
 * `/subscribed`, and the sitemap (`/sitemap.xml`, `/sitemap-*.xml`). Everything else renders
 * every time.
 */

const segment = "[^/.]+";
const sitemapFile = /^\/sitemap(?:-[a-z0-9-]+)?\.xml$/;
const blogArchive = new RegExp(`^/blog/(?:category|tag)/${segment}$`);
const cacheablePath = new RegExp(
  `^/(?:|blog|course|(?:blog|course|product)/${segment}|blog/(?:category|tag)/${segment}|${segment})$`,
);
/** Paths whose `?page=N` makes another page: the blog and its archives. */
const paged = (pathname: string) => pathname === "/blog" || blogArchive.test(pathname);

/** Content types the cache keeps: HTML pages and the sitemap's XML. */
export const cacheableContentType = /^(?:text\/html|application\/xml)\b/;

/**
 * The group a cached path drops with: the sitemap's child files go with `/sitemap.xml`, so
 * revalidating it (spec §7 revalidateCache, path `sitemap.xml`) refreshes all of them.
 */
export const cacheGroupOf = (pathname: string) =>
  sitemapFile.test(pathname) ? "/sitemap.xml" : pathname;

/** Single segments that are screens of their own, not page slugs. */
const notPages = new Set(["checkout", "dashboard", "docs", "api", "files", "media", "assets"]);

/** Query parameters only the browser reads (analytics, funnels): they do not change the HTML. */
const clientOnlyParameter = /^(?:utm_[a-z]+|gclid|fbclid|msclkid)$/;

/** A post's or a page's own address: it may be read in a translation (decision 025). */
const translatable = new RegExp(
  `^/(?:blog/${segment}|(?!(?:blog|course|login|signup|thankyou|subscribed)$)${segment})$`,
);

/**
 * The cache key for a request URL: scheme, host, path and the query parameters that shape the page
 * (`?page=N` on the blog and its archives; `?lang=xx` on a post or page; `?category=slug` on
 * the course catalogue), or null when the
 * request must not be answered from the cache — an unknown query parameter may change the page
 * (`/login?redirectedFrom=`), and caching every variant would let anyone fill the cache. A
 * post or page is shown in the visitor's language when it has that translation, so its key
 * also carries that language: at most one copy per language.
 */
export function pageCacheKey(url: URL, acceptLanguage: string | null = null): string | null {
  const { pathname } = url;
  if (!cacheablePath.test(pathname) && !sitemapFile.test(pathname)) return null;
  if (notPages.has(pathname.slice(1))) return null;
  const inLanguages = translatable.test(pathname);
  let shaping = "";
  for (const [name, value] of url.searchParams) {
    if (clientOnlyParameter.test(name)) continue;
    if (paged(pathname) && name === "page" && /^[1-9]\d{0,4}$/.test(value) && !shaping) {
      shaping = `?page=${value}`;
      continue;
    }
    // The catalogue's category filter: one copy per category slug.
    if (
      pathname === "/course" &&
      name === "category" &&
      /^[a-z0-9-]{1,80}$/.test(value) &&
      !shaping
    ) {
      shaping = `?category=${value}`;
      continue;
    }
    if (inLanguages && name === "lang" && isLanguageCode(value) && !shaping) {
      shaping = `?lang=${value}`;
      continue;
    }
    return null;
  }
  const visitor = inLanguages && !shaping ? `#${preferredLanguage(acceptLanguage) ?? "-"}` : "";
  // The scheme too: a page drawn for a direct http:// request (a probe inside the network) links
  // to http:// and must never be what visitors through the TLS proxy get.
  return `${url.protocol}//${url.host}${pathname}${shaping}${visitor}`;
}

/** Option keys of spec §7 invalidateCache, each dropping the account's option cache and pages. */
export const optionCacheKeys = [
  "getSiteOption-theme",
  "getSiteOption-menus",
  "getSiteOption-header",
  "getSiteOption-footer",
  "getSiteOption-misc",
] as const;
export type OptionCacheKey = (typeof optionCacheKeys)[number];
