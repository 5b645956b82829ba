import type { Database, Tx } from "~/platform/db/database.server";
import { readThrough, type Remember } from "~/platform/cache/account-memo";
import { isLanguageCode, type LanguageCode } from "~/platform/i18n/languages";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { readingMinutes } from "~/features/content/content";
import { publishedTranslationLanguages } from "~/features/content/content.server";
import { termSlug } from "~/platform/slugs";
import { MARK_EVERY, chunksOf, locate, type PostOrder } from "./post-order";
import {
  countPublishedPostsFrom,
  publishedPostBySlug,
  publishedPostLinksFrom,
  publishedPostMarks,
  publishedPostsFrom,
  publishedTranslationsOf,
  publishedPostsWithTerm,
  publishedTerms,
  type PostSummary,
  type TermKind,
} from "./queries.server";
import { posts } from "./tables.server";

export type { PostSummary, TermKind };

export const POSTS_PER_PAGE = 9;

export function listLatestPosts(
  database: Database,
  { accountId, limit = 6 }: { accountId: string; limit?: number },
): Promise<PostSummary[]> {
  return database.forAccount(accountId, (tx) => publishedPostsFrom(tx, { accountId, limit }));
}

/**
 * The marks of the account's published posts, and their count: one pass over the index for the
 * marks, then only the posts from the last mark on are counted (fewer than MARK_EVERY).
 */
function readPostOrder(database: Database, accountId: string): Promise<PostOrder> {
  return database.forAccount(accountId, async (tx) => {
    const marks = await publishedPostMarks(tx, { accountId, every: MARK_EVERY });
    const last = marks.at(-1);
    const tail = last ? await countPublishedPostsFrom(tx, { accountId, mark: last }) : 0;
    return { total: Math.max(0, marks.length - 1) * MARK_EVERY + tail, marks };
  });
}

/**
 * The account's post order, through `remember` (the site cache keeps it like a page, so the
 * count is not a scan per request).
 */
export function postOrderOf(
  database: Database,
  { accountId, remember = readThrough }: { accountId: string; remember?: Remember },
): Promise<PostOrder> {
  return remember(accountId, "post-order", () => readPostOrder(database, accountId));
}

/**
 * One page of the blog, newest first; `page` starts at 1. The page starts from the nearest
 * mark of the post order, so page 1 000 costs what page 2 does.
 */
export async function listPostsPage(
  database: Database,
  {
    accountId,
    page,
    remember = readThrough,
  }: { accountId: string; page: number; remember?: Remember },
) {
  const order = await postOrderOf(database, { accountId, remember });
  const pages = Math.max(1, Math.ceil(order.total / POSTS_PER_PAGE));
  const start = locate(order, (page - 1) * POSTS_PER_PAGE);
  const posts = start
    ? await database.forAccount(accountId, (tx) =>
        publishedPostsFrom(tx, { accountId, ...start, limit: POSTS_PER_PAGE }),
      )
    : [];
  return { posts, page, pages };
}

const checkChunkSize = (size: number) => {
  if (size <= 0 || size % MARK_EVERY !== 0)
    throw new Error(`a chunk must hold a multiple of ${MARK_EVERY} posts`);
};

/** The published posts cut into chunks of `size`, each with its newest post's date. */
export async function listPostChunks(
  database: Database,
  {
    accountId,
    size,
    remember = readThrough,
  }: { accountId: string; size: number; remember?: Remember },
) {
  checkChunkSize(size);
  return chunksOf(await postOrderOf(database, { accountId, remember }), size);
}

/**
 * Chunk `chunk` (from 1) of the published posts' addresses and dates, `size` a chunk (a
 * multiple of MARK_EVERY), newest first; null past the last chunk.
 */
export async function listPostLinkChunk(
  database: Database,
  {
    accountId,
    chunk,
    size,
    remember = readThrough,
  }: { accountId: string; chunk: number; size: number; remember?: Remember },
) {
  checkChunkSize(size);
  const order = await postOrderOf(database, { accountId, remember });
  const start = locate(order, (chunk - 1) * size);
  if (!start) return null;
  return database.forAccount(accountId, (tx) =>
    publishedPostLinksFrom(tx, { accountId, ...start, limit: size }),
  );
}

/** The languages each of these posts is also published in (the sitemap's hreflang). */
export function postTranslationLanguages(
  database: Database,
  scope: { accountId: string; ids: string[] },
) {
  return publishedTranslationLanguages(database, posts, scope);
}

/** A category or tag with the address of its archive (`/blog/category/{slug}`). */
export type Term = { name: string; slug: string };

const termsOf = (names: string[]): Term[] =>
  names.map((name) => ({ name, slug: termSlug(name) })).filter((term) => term.slug !== "");

/** A published post as its page shows it. */
export type PostDetail = {
  /** The original's id (a translation shares its original's comments). */
  id: string;
  /** The version shown: null for the original, else the translation's language. */
  language: LanguageCode | null;
  /** The languages it is also published in. */
  translations: LanguageCode[];
  title: string;
  slug: string;
  excerpt: string;
  /** Sanitised on the way out. */
  html: string;
  featured: string | null;
  publishedAt: string | null;
  /** The author's name on this site; empty for a seeded or orphaned post. */
  authorName: string;
  readingMinutes: number;
  categories: Term[];
  tags: Term[];
};

/**
 * A published post with its HTML made safe, or null; `choose` picks the version to show among
 * the languages it is published in (the original when it answers null or none is given).
 */
export async function getPost(
  database: Database,
  {
    accountId,
    slug,
    choose,
  }: {
    accountId: string;
    slug: string;
    choose?: (translations: LanguageCode[]) => LanguageCode | null;
  },
): Promise<PostDetail | null> {
  const found = await database.forAccount(accountId, async (tx) => {
    const original = await publishedPostBySlug(tx, { accountId, slug });
    if (!original) return null;
    const versions = await publishedTranslationsOf(tx, { accountId, originalId: original.id });
    const translations = versions.map((row) => row.language).filter(isLanguageCode);
    const wanted = choose?.(translations) ?? null;
    const shown = versions.find((row) => row.language === wanted) ?? original;
    return { original, shown, translations };
  });
  if (!found) return null;
  const { original, shown: post, translations } = found;
  const html = sanitizeContentHtml(post.content);
  return {
    id: original.id,
    language: isLanguageCode(post.language) ? post.language : null,
    translations,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    html,
    featured: safeUrl(post.settings.featured ?? original.settings.featured),
    publishedAt: original.publishedAt?.toISOString() ?? null,
    authorName: original.authorName,
    readingMinutes: readingMinutes(html),
    // The archives are the originals' terms: a translation links to the same ones.
    categories: termsOf(original.categories),
    tags: termsOf(original.tags),
  };
}

/**
 * The categories (or tags) of the account's published posts, by archive address: several
 * names may share one slug ("News", "news"), and an archive lists them all. Kept through
 * `remember`, so an archive's page and the sitemap do not read every post each time.
 */
export function termsByKind(
  database: Database,
  {
    accountId,
    kind,
    remember = readThrough,
  }: { accountId: string; kind: TermKind; remember?: Remember },
): Promise<Record<string, string[]>> {
  return remember(accountId, `terms-${kind}`, async () => {
    const names = await database.forAccount(accountId, (tx) =>
      publishedTerms(tx, { accountId, kind }),
    );
    // No prototype: a slug such as "__proto__" or "constructor" is only ever a key here.
    const bySlug: Record<string, string[]> = Object.create(null);
    for (const { name, slug } of termsOf(names)) (bySlug[slug] ??= []).push(name);
    return bySlug;
  });
}

/**
 * One page of a category's (or tag's) archive, newest first, nine a page as the blog; null
 * for a term no published post carries, or a page past the last.
 */
export async function listTermArchivePage(
  database: Database,
  {
    accountId,
    kind,
    slug,
    page,
    remember = readThrough,
  }: { accountId: string; kind: TermKind; slug: string; page: number; remember?: Remember },
) {
  const terms = await termsByKind(database, { accountId, kind, remember });
  const found = archiveSlug(terms, slug);
  if (!found) return null;
  const names = terms[found]!;
  const { posts, total } = await database.forAccount(accountId, (tx) =>
    publishedPostsWithTerm(tx, {
      accountId,
      kind,
      names,
      skip: (page - 1) * POSTS_PER_PAGE,
      limit: POSTS_PER_PAGE,
    }),
  );
  const pages = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
  if (page > pages) return null;
  return { name: names[0]!, slug: found, posts, page, pages };
}

/** A slug without its Latin accents, as archive addresses were before decision 045. */
const accentless = (slug: string) => slug.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/**
 * The archive `slug` names: itself (in its canonical form: an address may arrive decomposed),
 * else, for an ASCII address from before decision 045 ("/blog/tag/cafe"), the one term whose
 * accented slug it was ("café"), so old links reach the archive (the route redirects).
 */
function archiveSlug(terms: Record<string, string[]>, slug: string): string | null {
  const canonical = slug.normalize("NFC");
  if (Object.hasOwn(terms, canonical)) return canonical;
  if (!/^[a-z0-9-]+$/.test(slug)) return null;
  const legacy = Object.keys(terms).filter((key) => key !== slug && accentless(key) === slug);
  return legacy.length === 1 ? legacy[0]! : null;
}

/** Inside the caller's transaction: a new post, its HTML sanitised on the way in. */
export async function addPost(tx: Tx, values: typeof posts.$inferInsert) {
  const [row] = await tx
    .insert(posts)
    .values({ ...values, content: sanitizeContentHtml(values.content ?? "") })
    .returning({ id: posts.id });
  return row!;
}
export * from "./post-editor.server";
export * from "./post-addresses.server";
export { postsUsingFile } from "./post-usage.server";
export * from "./revision-compare.server";
export { FEED_ITEMS, renderBlogFeed, type ClosedPosts } from "./feeds.server";
