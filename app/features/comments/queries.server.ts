import { and, asc, count, desc, eq, or, type SQL } from "drizzle-orm";
import { posts } from "~/features/posts/tables.server";
import type { Tx } from "~/platform/db/database.server";
import type { CommentStatus, PublicComment, QueuedComment } from "./comment-rules";
import { postComments } from "./tables.server";

export type CommentRow = typeof postComments.$inferSelect;

const publicShape = {
  id: postComments.id,
  parentId: postComments.parentId,
  authorName: postComments.authorName,
  body: postComments.body,
  createdAt: postComments.createdAt,
  status: postComments.status,
};

const asPublic = <T extends { createdAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A post's thread, oldest first: the approved comments, and the viewer's own that wait for a
 * manager (so a held comment does not seem lost to the one who wrote it).
 */
export async function threadOf(
  tx: Tx,
  { accountId, postId, viewerId }: { accountId: string; postId: string; viewerId: string | null },
): Promise<PublicComment[]> {
  const visible: SQL | undefined = viewerId
    ? or(
        eq(postComments.status, "approved"),
        and(eq(postComments.status, "pending"), eq(postComments.authorId, viewerId)),
      )
    : eq(postComments.status, "approved");
  const rows = await tx
    .select(publicShape)
    .from(postComments)
    .where(and(eq(postComments.accountId, accountId), eq(postComments.postId, postId), visible))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(500);
  return rows.map(asPublic);
}

export async function approvedCount(
  tx: Tx,
  { accountId, postId }: { accountId: string; postId: string },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(postComments)
    .where(
      and(
        eq(postComments.accountId, accountId),
        eq(postComments.postId, postId),
        eq(postComments.status, "approved"),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function commentById(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select({ comment: postComments, postSlug: posts.slug, postStatus: posts.status })
    .from(postComments)
    .innerJoin(
      posts,
      and(eq(posts.accountId, postComments.accountId), eq(posts.id, postComments.postId)),
    )
    .where(and(eq(postComments.accountId, accountId), eq(postComments.id, id)))
    .limit(1);
  return row;
}

/** Whether a manager has approved one of this person's comments on the site before. */
export async function hasApprovedComment(
  tx: Tx,
  { accountId, authorId }: { accountId: string; authorId: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: postComments.id })
    .from(postComments)
    .where(
      and(
        eq(postComments.accountId, accountId),
        eq(postComments.authorId, authorId),
        eq(postComments.status, "approved"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const QUEUE_PAGE = 50;

/**
 * The moderation queue: comments in one state, newest first, with their post; only those on
 * `authorId`'s posts unless null (managers see every post's).
 */
export async function commentQueue(
  tx: Tx,
  {
    accountId,
    status,
    authorId,
  }: { accountId: string; status: CommentStatus; authorId: string | null },
): Promise<QueuedComment[]> {
  const rows = await tx
    .select({
      ...publicShape,
      postId: posts.id,
      postTitle: posts.title,
      postSlug: posts.slug,
    })
    .from(postComments)
    .innerJoin(
      posts,
      and(eq(posts.accountId, postComments.accountId), eq(posts.id, postComments.postId)),
    )
    .where(
      and(
        eq(postComments.accountId, accountId),
        eq(postComments.status, status),
        authorId === null ? undefined : eq(posts.authorId, authorId),
      ),
    )
    .orderBy(desc(postComments.createdAt), desc(postComments.id))
    .limit(QUEUE_PAGE);
  return rows.map(asPublic);
}

/** How many comments wait in each state (managers: all; authors: on their posts). */
export async function queueCounts(
  tx: Tx,
  { accountId, authorId }: { accountId: string; authorId: string | null },
): Promise<Record<CommentStatus, number>> {
  const rows = await tx
    .select({ status: postComments.status, n: count() })
    .from(postComments)
    .innerJoin(
      posts,
      and(eq(posts.accountId, postComments.accountId), eq(posts.id, postComments.postId)),
    )
    .where(
      and(
        eq(postComments.accountId, accountId),
        authorId === null ? undefined : eq(posts.authorId, authorId),
      ),
    )
    .groupBy(postComments.status);
  const counts = { pending: 0, approved: 0, spam: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
