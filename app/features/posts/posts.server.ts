import type { Database, Tx } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeUserHtml } from "~/platform/sanitize.server";
import {
  countPublishedPosts,
  latestPublishedPosts,
  publishedPostBySlug,
  publishedPostLinks,
  publishedPostsPage,
  type PostSummary,
} from "./queries.server";
import { posts } from "./tables.server";

export type { PostSummary };

export const POSTS_PER_PAGE = 9;

export function listLatestPosts(
  database: Database,
  { accountId, limit = 6 }: { accountId: string; limit?: number },
): Promise<PostSummary[]> {
  return database.forAccount(accountId, (tx) => latestPublishedPosts(tx, { accountId, limit }));
}

/** Every published post's slug and date, for the sitemap. */
export function listPostLinks(
  database: Database,
  { accountId, limit = 10_000 }: { accountId: string; limit?: number },
) {
  return database.forAccount(accountId, (tx) => publishedPostLinks(tx, { accountId, limit }));
}

/** One page of the blog, newest first; `page` starts at 1. */
export function listPostsPage(
  database: Database,
  { accountId, page }: { accountId: string; page: number },
) {
  return database.forAccount(accountId, async (tx) => {
    const total = await countPublishedPosts(tx, { accountId });
    const posts = await publishedPostsPage(tx, {
      accountId,
      limit: POSTS_PER_PAGE,
      offset: (page - 1) * POSTS_PER_PAGE,
    });
    return { posts, page, pages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)) };
  });
}

/** A published post with its HTML made safe, or null. */
export async function getPost(
  database: Database,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const post = await database.forAccount(accountId, (tx) =>
    publishedPostBySlug(tx, { accountId, slug }),
  );
  if (!post) return null;
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    html: sanitizeUserHtml(post.content),
    featured: safeUrl(post.settings.featured),
    publishedAt: post.publishedAt?.toISOString() ?? null,
  };
}

/** Inside the caller's transaction: a new post, its HTML sanitised on the way in. */
export async function addPost(tx: Tx, values: typeof posts.$inferInsert) {
  const [row] = await tx
    .insert(posts)
    .values({ ...values, content: sanitizeUserHtml(values.content ?? "") })
    .returning({ id: posts.id });
  return row!;
}
