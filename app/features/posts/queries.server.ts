import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import { posts } from "./tables.server";

export type PostSummary = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured: string | null;
  publishedAt: string | null;
};

export function latestPublishedPosts(
  tx: Tx,
  { accountId, limit }: { accountId: string; limit: number },
): Promise<PostSummary[]> {
  return publishedPostsPage(tx, { accountId, limit, offset: 0 });
}

export async function countPublishedPosts(
  tx: Tx,
  { accountId }: { accountId: string },
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.accountId, accountId), eq(posts.status, "published")));
  return Number(row?.count ?? 0);
}

export async function publishedPostsPage(
  tx: Tx,
  { accountId, limit, offset }: { accountId: string; limit: number; offset: number },
): Promise<PostSummary[]> {
  const rows = await tx
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      settings: posts.settings,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(and(eq(posts.accountId, accountId), eq(posts.status, "published")))
    .orderBy(desc(posts.publishedAt))
    .limit(limit)
    .offset(offset);
  return rows.map(({ settings, publishedAt, ...row }) => ({
    ...row,
    // A cover image reaches src: a safe address or none, whatever was stored.
    featured: safeUrl(settings.featured),
    publishedAt: publishedAt?.toISOString() ?? null,
  }));
}

export async function publishedPostBySlug(
  tx: Tx,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.accountId, accountId), eq(posts.slug, slug), eq(posts.status, "published")))
    .limit(1);
  return row;
}

/** Every published post's address and date, newest first (at most `limit`). */
export function publishedPostLinks(
  tx: Tx,
  { accountId, limit }: { accountId: string; limit: number },
) {
  return tx
    .select({ slug: posts.slug, publishedAt: posts.publishedAt })
    .from(posts)
    .where(and(eq(posts.accountId, accountId), eq(posts.status, "published")))
    .orderBy(desc(posts.publishedAt))
    .limit(limit);
}
