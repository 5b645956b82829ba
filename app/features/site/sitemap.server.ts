import { listCourseSlugs } from "~/features/courses/courses.server";
import { listPublishedPages, pageTranslationLanguages } from "~/features/pages/pages.server";
import {
  listPostChunks,
  listPostLinkChunk,
  postTranslationLanguages,
  termsByKind,
} from "~/features/posts/posts.server";
import { readThrough, type Remember } from "~/platform/cache/account-memo";
import type { Database } from "~/platform/db/database.server";

export type SitemapEntry = {
  path: string;
  lastModified?: Date | null;
  /** Every language version of the address, itself included (hreflang); none: one language. */
  alternates?: { language: string; path: string }[];
};

/** URLs in one child sitemap at most (the protocol allows 50 000; smaller files stay cheap). */
export const SITEMAP_MAX_URLS = 10_000;

/**
 * An account's child sitemaps, all at the site's root (a sitemap may only list addresses under
 * its own folder): `/sitemap-pages.xml` (home, catalogues, pages), `/sitemap-posts-N.xml`
 * (10 000 posts each, newest first), `/sitemap-courses.xml` and `/sitemap-docs.xml`.
 */
export type SitemapPart =
  { kind: "pages" } | { kind: "posts"; chunk: number } | { kind: "courses" } | { kind: "docs" };

const partFile = /^sitemap-(?:(pages|courses|docs)|posts-([1-9]\d{0,5}))\.xml$/;

/** `sitemap-posts-2.xml` → the part it names, or null for any other file name. */
export function parseSitemapPart(file: string): SitemapPart | null {
  const match = partFile.exec(file);
  if (!match) return null;
  if (match[2]) return { kind: "posts", chunk: Number(match[2]) };
  return { kind: match[1] as "pages" | "courses" | "docs" };
}

export const sitemapPartFile = (part: SitemapPart) =>
  part.kind === "posts" ? `sitemap-posts-${part.chunk}.xml` : `sitemap-${part.kind}.xml`;

type Scope = { accountId: string; remember?: Remember };

/**
 * An original's entry with its published translations as hreflang alternates: the original at
 * its plain address, each translation at `?lang=` (as their pages' own hreflang links say).
 * Only originals are listed as URLs: a file's count stays that of its posts or pages.
 */
function withTranslations(
  entry: SitemapEntry,
  siteLanguage: string,
  translations: string[] | undefined,
): SitemapEntry {
  const others = (translations ?? []).filter((language) => language !== siteLanguage);
  if (others.length === 0) return entry;
  return {
    ...entry,
    alternates: [
      { language: siteLanguage, path: entry.path },
      ...others.map((language) => ({ language, path: `${entry.path}?lang=${language}` })),
    ],
  };
}

/** A slug as one path segment: `/`, `?` or `#` in it cannot change the address. */
const segment = (slug: string) => encodeURIComponent(slug);

/**
 * `/sitemap.xml` of an account: the index of its child sitemaps, each with the date of its
 * newest dated address when it has one. Reads the post order (kept by the site cache) and two
 * one-row queries: its cost does not grow with the number of posts.
 */
export async function siteSitemapIndex(
  database: Database,
  { accountId, remember = readThrough }: Scope,
): Promise<{ part: SitemapPart; lastModified: Date | null }[]> {
  const [chunks, courses, docs] = await Promise.all([
    listPostChunks(database, { accountId, size: SITEMAP_MAX_URLS, remember }),
    listCourseSlugs(database, { accountId, limit: 1 }),
    listPublishedPages(database, { accountId, kind: "doc", limit: 1 }),
  ]);
  return [
    // Home and /blog change with the newest post.
    { part: { kind: "pages" }, lastModified: chunks[0]?.newest ?? null },
    ...chunks.map(({ chunk, newest }) => ({
      part: { kind: "posts", chunk } as const,
      lastModified: newest,
    })),
    ...(courses.length > 0 ? [{ part: { kind: "courses" } as const, lastModified: null }] : []),
    ...(docs.length > 0 ? [{ part: { kind: "docs" } as const, lastModified: null }] : []),
  ];
}

/** A urlset holds one address at least: a part with none does not exist (the index omits it). */
const nonEmpty = (entries: SitemapEntry[]) => (entries.length > 0 ? entries : null);

/**
 * The addresses of one child sitemap, at most SITEMAP_MAX_URLS, published content of this one
 * account only; null when the part has none (a posts chunk past the last post, no docs).
 */
export async function siteSitemapPart(
  database: Database,
  {
    accountId,
    part,
    siteLanguage,
    remember = readThrough,
  }: Scope & { part: SitemapPart; siteLanguage: string },
): Promise<SitemapEntry[] | null> {
  const pagesWithTranslations = async <Row extends { id: string; slug: string }>(
    rows: Row[],
    folder: string,
  ) => {
    const ids = rows.map((row) => row.id);
    const languages = await pageTranslationLanguages(database, { accountId, ids });
    return rows.map((row) =>
      withTranslations(
        { path: `${folder}${segment(row.slug)}` },
        siteLanguage,
        languages.get(row.id),
      ),
    );
  };
  switch (part.kind) {
    case "posts": {
      const posts = await listPostLinkChunk(database, {
        accountId,
        chunk: part.chunk,
        size: SITEMAP_MAX_URLS,
        remember,
      });
      if (!posts) return null;
      const languages = await postTranslationLanguages(database, {
        accountId,
        ids: posts.map((post) => post.id),
      });
      return posts.map((post) =>
        withTranslations(
          { path: `/blog/${segment(post.slug)}`, lastModified: post.publishedAt },
          siteLanguage,
          languages.get(post.id),
        ),
      );
    }
    case "courses": {
      const slugs = await listCourseSlugs(database, { accountId, limit: SITEMAP_MAX_URLS });
      return nonEmpty(slugs.map((slug) => ({ path: `/course/${segment(slug)}` })));
    }
    case "docs": {
      const docs = await listPublishedPages(database, {
        accountId,
        kind: "doc",
        limit: SITEMAP_MAX_URLS,
      });
      return nonEmpty(await pagesWithTranslations(docs, "/docs/"));
    }
    case "pages": {
      const [chunks, pages, docs, categories, tags] = await Promise.all([
        listPostChunks(database, { accountId, size: SITEMAP_MAX_URLS, remember }),
        listPublishedPages(database, { accountId, kind: "page", limit: SITEMAP_MAX_URLS - 4 }),
        listPublishedPages(database, { accountId, kind: "doc", limit: 1 }),
        termsByKind(database, { accountId, kind: "category", remember }),
        termsByKind(database, { accountId, kind: "tag", remember }),
      ]);
      // Home and /blog change with the newest post.
      const latestPost = chunks[0]?.newest ?? null;
      return [
        { path: "/", lastModified: latestPost },
        { path: "/blog", lastModified: latestPost },
        { path: "/course" },
        ...(docs.length > 0 ? [{ path: "/docs" }] : []),
        ...(await pagesWithTranslations(pages, "/")),
        // The blog's archives, in what room the file has left.
        ...Object.keys(categories).map((slug) => ({ path: `/blog/category/${segment(slug)}` })),
        ...Object.keys(tags).map((slug) => ({ path: `/blog/tag/${segment(slug)}` })),
      ].slice(0, SITEMAP_MAX_URLS);
    }
  }
}

const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => xmlEntities[char]!);

/**
 * `path` comes URI-encoded and rooted, so joining it to the origin is the address; at 10 000
 * addresses a file this costs a quarter of what `new URL` does.
 */
const loc = (origin: string, path: string) => `<loc>${xml(`${origin}${path}`)}</loc>`;
const lastmod = (date: Date | null | undefined) =>
  date ? `<lastmod>${date.toISOString()}</lastmod>` : "";
const xmlDeclaration = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const namespace = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`;
const xhtmlNamespace = `xmlns:xhtml="http://www.w3.org/1999/xhtml"`;

/** A sitemaps.org urlset with absolute addresses on `origin`; paths come URI-encoded. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastModified, alternates }) =>
      `  <url>${loc(origin, path)}${lastmod(lastModified)}${hreflang(origin, alternates)}</url>\n`,
  );
  const namespaces = entries.some((entry) => entry.alternates)
    ? `${namespace} ${xhtmlNamespace}`
    : namespace;
  return `${xmlDeclaration}<urlset ${namespaces}>\n${urls.join("")}</urlset>\n`;
}

/** Google's sitemap form of hreflang: every version, then the original as x-default. */
function hreflang(origin: string, alternates: SitemapEntry["alternates"]): string {
  if (!alternates) return "";
  const link = (language: string, path: string) =>
    `<xhtml:link rel="alternate" hreflang="${xml(language)}" href="${xml(`${origin}${path}`)}"/>`;
  return (
    alternates.map(({ language, path }) => link(language, path)).join("") +
    link("x-default", alternates[0]!.path)
  );
}

/** A sitemaps.org sitemapindex naming child sitemaps on `origin`. */
export function renderSitemapIndex(
  origin: string,
  children: { part: SitemapPart; lastModified: Date | null }[],
): string {
  const sitemaps = children.map(
    ({ part, lastModified }) =>
      `  <sitemap>${loc(origin, `/${sitemapPartFile(part)}`)}${lastmod(lastModified)}</sitemap>\n`,
  );
  return `${xmlDeclaration}<sitemapindex ${namespace}>\n${sitemaps.join("")}</sitemapindex>\n`;
}

/** robots.txt: everything may be crawled but the listed paths, and where the sitemap is. */
export function renderRobots(origin: string, disallow: string[]): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallow.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
