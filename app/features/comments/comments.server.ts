// The comments feature's server door: members comment on published posts; managers moderate.
import { and, eq } from "drizzle-orm";
import { can, type Viewer } from "~/features/members/members.server";
import { settingsSaveSchema } from "~/features/options/options";
import {
  getSiteOptions,
  saveSiteOption,
  type OptionCaches,
} from "~/features/options/options.server";
import { posts } from "~/features/posts/tables.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import type { Limiter, RateLimits } from "~/platform/rate-limits/rate-limits.server";
import {
  commentInputSchema,
  commentsOption,
  commentsPart,
  moderationInputSchema,
  type CommentStatus,
  type PublicComment,
  type QueuedComment,
} from "./comment-rules";
import { maskProfanity } from "./profanity.server";
import {
  approvedCount,
  commentById,
  commentQueue,
  hasApprovedComment,
  queueCounts,
  threadOf,
} from "./queries.server";
import { postComments } from "./tables.server";

export { maskProfanity, hasProfanity } from "./profanity.server";

/** Drops one public page on every instance (the site cache's revalidatePath). */
export type CommentCaches = { revalidatePath(accountId: string, path: string): Promise<unknown> };

/** Five comments a minute per person and site: a conversation, not a flood. */
export const commentLimiter = (rateLimits: RateLimits): Limiter =>
  rateLimits.create("comments", { points: 5, duration: 60 });

const isManager = (viewer: Viewer | null) =>
  Boolean(viewer && (viewer.isSuperAdmin || can(viewer, "manage_options")));

const postPath = (slug: string) => `blog/${encodeURIComponent(slug)}`;

/** The thread a post's page shows, its approved count, and whether the viewer may write. */
export async function loadPostComments(
  database: Database,
  { accountId, postId, viewer }: { accountId: string; postId: string; viewer: Viewer | null },
): Promise<{ comments: PublicComment[]; count: number; canComment: boolean }> {
  const viewerId = viewer?.membership ? viewer.user.id : null;
  return database.forAccount(accountId, async (tx) => ({
    comments: await threadOf(tx, { accountId, postId, viewerId }),
    count: await approvedCount(tx, { accountId, postId }),
    canComment: viewerId !== null,
  }));
}

export type CommentAnswer =
  | { ok: true; comment: PublicComment; held: boolean }
  | { ok: false; code: string; issues: FieldIssue[] };

/**
 * A member's comment on a published post: checked (zod), rate-limited per person, its swear
 * words masked (V2), stored as plain text, held or shown by the site's setting (every comment
 * held, a member's first one held — the default —, or none; a manager's own never), and the
 * post's cached page dropped when it shows at once.
 */
export async function addComment(
  database: Database,
  {
    accountId,
    viewer,
    slug,
    input,
    caches,
    limiter,
    now = new Date(),
  }: {
    accountId: string;
    viewer: Viewer | null;
    slug: string;
    input: unknown;
    caches: CommentCaches | null;
    limiter: Limiter;
    now?: Date;
  },
): Promise<CommentAnswer> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (viewer.membership?.accountId !== accountId) throw new AppError({ code: "auth.forbidden" });
  const parsed = commentInputSchema.safeParse(input);
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] !== "body"))
      throw new AppError({ code: "request.invalid" });
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  }
  await limiter.take(`${accountId}:${viewer.user.id}`);
  const body = maskProfanity(parsed.data.body);
  const saved = await database.forAccount(accountId, async (tx) => {
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(eq(posts.accountId, accountId), eq(posts.slug, slug), eq(posts.status, "published")),
      )
      .limit(1);
    if (!post) throw new AppError({ code: "route.notFound" });
    let parentId: string | null = null;
    if (parsed.data.parentId) {
      const parent = await commentById(tx, { accountId, id: parsed.data.parentId });
      if (!parent || parent.comment.postId !== post.id || parent.comment.status !== "approved")
        throw new AppError({ code: "route.notFound" });
      // One level deep: a reply to a reply joins the thread of the comment it answers.
      parentId = parent.comment.parentId ?? parent.comment.id;
    }
    const { comments: settings } = await getSiteOptions(tx, {
      accountId,
      options: [commentsOption],
    });
    const hold = settings?.hold ?? "first";
    const trusted =
      isManager(viewer) ||
      hold === "none" ||
      (hold === "first" && (await hasApprovedComment(tx, { accountId, authorId: viewer.user.id })));
    const status: CommentStatus = trusted ? "approved" : "pending";
    const [row] = await tx
      .insert(postComments)
      .values({
        accountId,
        postId: post.id,
        parentId,
        authorId: viewer.user.id,
        authorName: viewer.user.name,
        body,
        status,
        createdAt: now,
      })
      .returning();
    return row!;
  });
  if (saved.status === "approved") await caches?.revalidatePath(accountId, postPath(slug));
  return {
    ok: true,
    held: saved.status === "pending",
    comment: {
      id: saved.id,
      parentId: saved.parentId,
      authorName: saved.authorName,
      body: saved.body,
      createdAt: saved.createdAt.toISOString(),
      status: saved.status,
    },
  };
}

/** Who reads the queue: managers every post's comments, edit_posts authors their posts'. */
function queueScope(viewer: Viewer | null): string | null {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (isManager(viewer)) return null;
  if (can(viewer, "edit_posts")) return viewer.user.id;
  throw new AppError({ code: "auth.forbidden" });
}

const queueStatus = (value: string | null): CommentStatus =>
  value === "approved" || value === "spam" ? value : "pending";

/** The dashboard's comments: one state's list, the counts, the setting, and who may moderate. */
export async function loadCommentQueue(
  database: Database,
  {
    accountId,
    viewer,
    search,
  }: { accountId: string; viewer: Viewer | null; search: URLSearchParams },
): Promise<{
  status: CommentStatus;
  comments: QueuedComment[];
  counts: Record<CommentStatus, number>;
  canModerate: boolean;
  hold: "all" | "first" | "none";
}> {
  const authorId = queueScope(viewer);
  const status = queueStatus(search.get("status"));
  return database.forAccount(accountId, async (tx) => {
    const { comments: settings } = await getSiteOptions(tx, {
      accountId,
      options: [commentsOption],
    });
    return {
      status,
      comments: await commentQueue(tx, { accountId, status, authorId }),
      counts: await queueCounts(tx, { accountId, authorId }),
      canModerate: authorId === null,
      hold: settings?.hold ?? "first",
    };
  });
}

/**
 * A manager approves a comment, marks it spam, or deletes it (its replies with it). The post's
 * cached page is dropped when what visitors see changes.
 */
export async function moderateComment(
  database: Database,
  {
    accountId,
    viewer,
    input,
    caches,
  }: { accountId: string; viewer: Viewer | null; input: unknown; caches: CommentCaches | null },
): Promise<{ ok: true; status: CommentStatus | "deleted" }> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!isManager(viewer)) throw new AppError({ code: "auth.forbidden" });
  const parsed = moderationInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const { intent, commentId } = parsed.data;
  const result = await database.forAccount(accountId, async (tx) => {
    const found = await commentById(tx, { accountId, id: commentId });
    if (!found) throw new AppError({ code: "route.notFound" });
    const where = and(eq(postComments.accountId, accountId), eq(postComments.id, commentId));
    const wasShown = found.comment.status === "approved";
    if (intent === "delete") {
      await tx.delete(postComments).where(where);
      return { status: "deleted" as const, slug: found.postSlug, changed: wasShown };
    }
    const status: CommentStatus = intent === "approve" ? "approved" : "spam";
    await tx.update(postComments).set({ status }).where(where);
    return { status, slug: found.postSlug, changed: wasShown !== (status === "approved") };
  });
  if (result.changed) await caches?.revalidatePath(accountId, postPath(result.slug));
  return { ok: true, status: result.status };
}

/** The site's hold setting (which comments wait for approval): managers only. */
export async function saveCommentSettings(
  database: Database,
  {
    accountId,
    viewer,
    input,
    caches,
  }: { accountId: string; viewer: Viewer | null; input: unknown; caches: OptionCaches | null },
) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!isManager(viewer)) throw new AppError({ code: "auth.forbidden" });
  const parsed = settingsSaveSchema.safeParse(input);
  if (!parsed.success || parsed.data.part !== commentsPart.name)
    throw new AppError({ code: "request.invalid" });
  return saveSiteOption(database, {
    accountId,
    part: commentsPart,
    value: parsed.data.value,
    caches,
  });
}
