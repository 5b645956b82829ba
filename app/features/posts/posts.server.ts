import type { Database, Tx } from "~/platform/db/database.server";
import { readThrough, type Remember } from "~/platform/cache/account-memo";
import { isLanguageCode, type LanguageCode } from "~/platform/i18n/languages";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { MARK_EVERY, chunksOf, locate, type PostOrder } from "./post-order";
import {
  countPublishedPostsFrom,
  publishedPostBySlug,
  publishedPostLinksFrom,
  publishedPostMarks,
  publishedPostsFrom,
  publishedTranslationsOf,
  type PostSummary,
} from "./queries.server";
import { posts } from "./tables.server";

export type { PostSummary };

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

/** A published post as its page shows it. */
export type PostDetail = {
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
  return {
    language: isLanguageCode(post.language) ? post.language : null,
    translations,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    html: sanitizeContentHtml(post.content),
    featured: safeUrl(post.settings.featured ?? original.settings.featured),
    publishedAt: original.publishedAt?.toISOString() ?? null,
  };
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
