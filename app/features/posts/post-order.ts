import type { PostMark } from "./queries.server";

/**
 * One mark every 100 posts: 100 marks for 10 000 posts, and whatever page is asked, at most 99
 * index entries lie between its mark and its first post. 10 000 (a sitemap's share) is a multiple.
 */
export const MARK_EVERY = 100;

/** How many published posts an account has and where every `MARK_EVERY`th one stands. */
export type PostOrder = { total: number; marks: PostMark[] };

/**
 * Where the post at `position` (0 is the newest) is reached from: its nearest mark at or before
 * it and how many posts lie between; null past the last post.
 */
export function locate(
  order: PostOrder,
  position: number,
): { mark: PostMark | null; skip: number } | null {
  if (!Number.isInteger(position) || position < 0 || position >= order.total) return null;
  const index = Math.floor(position / MARK_EVERY);
  // Marks and total are read in one transaction; a missing mark cannot happen, but reading
  // from the top stays right, only slower.
  const mark = order.marks[index];
  return mark ? { mark, skip: position - index * MARK_EVERY } : { mark: null, skip: position };
}

/** A mark's date as a Date (to the millisecond: ECMAScript reads three decimals exactly). */
const dateOf = (mark: PostMark) => new Date(mark.publishedAt.replace(/(\.\d{3})\d*Z$/, "$1Z"));

/**
 * The order cut into chunks of `size` posts (a multiple of MARK_EVERY), each with the date of
 * its newest post: the sitemap index's children and their lastmod, without reading a post.
 */
export function chunksOf(order: PostOrder, size: number): { chunk: number; newest: Date }[] {
  const chunks = [];
  for (let chunk = 1; (chunk - 1) * size < order.total; chunk++) {
    const mark = order.marks[((chunk - 1) * size) / MARK_EVERY];
    if (mark) chunks.push({ chunk, newest: dateOf(mark) });
  }
  return chunks;
}
