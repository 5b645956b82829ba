import { and, eq, isNull } from "drizzle-orm";
import { maskProfanity } from "~/features/comments/comments.server";
import { awardPoints } from "~/features/gamification/gamification.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { plainText } from "~/platform/plain-text";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import type { GroupRights, GroupRow } from "./group-access.server";
import type { Place } from "./group-records.server";
import type { GroupAnswer, GroupCommand } from "./group-shapes";
import { groupComments, groupPosts, groupReactions } from "./tables.server";

type Command<K extends GroupCommand["intent"]> = Extract<GroupCommand, { intent: K }>;
type Within = { group: GroupRow; rights: GroupRights };

/** A post's HTML as it is kept: sanitised, swear words masked (V2); empty once stripped is refused. */
function keptBody(html: string): string {
  const safe = sanitizeContentHtml(html);
  if (!plainText(safe).trim() && !/<(img|iframe|video|audio)\b/i.test(safe))
    throw new AppError({ code: "request.invalid" });
  return maskProfanity(safe);
}

export async function writePost(
  tx: Tx,
  { accountId, viewer, now }: Place,
  { group, rights }: Within,
  command: Command<"post">,
): Promise<GroupAnswer> {
  if (!rights.take || !viewer) throw new AppError({ code: "auth.forbidden" });
  const [post] = await tx
    .insert(groupPosts)
    .values({
      accountId,
      groupId: group.id,
      authorId: viewer.user.id,
      body: keptBody(command.body),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: groupPosts.id });
  await awardPoints(tx, {
    accountId,
    userId: viewer.user.id,
    reason: "group_post",
    sourceId: post!.id,
  });
  return { ok: true, id: post!.id };
}

/** A post of this group the viewer may act on (a hidden one only for its moderators). */
export async function postIn(
  tx: Tx,
  { accountId }: { accountId: string },
  postId: string,
): Promise<typeof groupPosts.$inferSelect> {
  const [post] = await tx
    .select()
    .from(groupPosts)
    .where(and(eq(groupPosts.accountId, accountId), eq(groupPosts.id, postId)));
  if (!post) throw new AppError({ code: "route.notFound" });
  return post;
}

export async function writeComment(
  tx: Tx,
  { accountId, viewer, now }: Place,
  { rights, post }: Within & { post: typeof groupPosts.$inferSelect },
  command: Command<"comment">,
): Promise<GroupAnswer> {
  if (!rights.take || !viewer) throw new AppError({ code: "auth.forbidden" });
  if ((post.hiddenAt || post.commentsClosed) && !rights.moderate)
    throw new AppError({ code: "groups.commentsClosed" });
  if (command.parentId) {
    // One level of replies: a reply answers a top-level comment of the same post.
    const [parent] = await tx
      .select({ id: groupComments.id })
      .from(groupComments)
      .where(
        and(
          eq(groupComments.accountId, accountId),
          eq(groupComments.id, command.parentId),
          eq(groupComments.postId, post.id),
          isNull(groupComments.parentId),
        ),
      );
    if (!parent) throw new AppError({ code: "request.invalid" });
  }
  const body = maskProfanity(plainText(command.body).trim());
  if (!body) throw new AppError({ code: "request.invalid" });
  const [comment] = await tx
    .insert(groupComments)
    .values({
      accountId,
      postId: post.id,
      parentId: command.parentId,
      authorId: viewer.user.id,
      body,
      createdAt: now,
    })
    .returning({ id: groupComments.id });
  await awardPoints(tx, {
    accountId,
    userId: viewer.user.id,
    reason: "group_comment",
    sourceId: comment!.id,
  });
  return { ok: true, id: comment!.id };
}

/** The viewer's one reaction to a post or a comment: set, changed, or (kind null) taken back. */
export async function react(
  tx: Tx,
  { accountId, viewer, now }: Place,
  { rights, post }: Within & { post: typeof groupPosts.$inferSelect },
  command: Command<"react">,
): Promise<GroupAnswer> {
  if (!rights.take || !viewer) throw new AppError({ code: "auth.forbidden" });
  let targetId = post.id;
  if (command.commentId) {
    const [comment] = await tx
      .select({ id: groupComments.id })
      .from(groupComments)
      .where(
        and(
          eq(groupComments.accountId, accountId),
          eq(groupComments.id, command.commentId),
          eq(groupComments.postId, post.id),
        ),
      );
    if (!comment) throw new AppError({ code: "route.notFound" });
    targetId = comment.id;
  }
  const mine = and(
    eq(groupReactions.accountId, accountId),
    eq(groupReactions.targetId, targetId),
    eq(groupReactions.userId, viewer.user.id),
  );
  if (!command.kind) await tx.delete(groupReactions).where(mine);
  else
    await tx
      .insert(groupReactions)
      .values({
        accountId,
        postId: post.id,
        targetId,
        userId: viewer.user.id,
        kind: command.kind,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [groupReactions.accountId, groupReactions.targetId, groupReactions.userId],
        set: { kind: command.kind, createdAt: now },
      });
  return { ok: true, id: targetId };
}

/** A moderator's hand on a post: pinned, comments closed, or hidden (a comment may be hidden too). */
export async function moderatePost(
  tx: Tx,
  { accountId, now }: Place,
  { rights, post }: Within & { post: typeof groupPosts.$inferSelect },
  command: Command<"pin" | "closeComments" | "hide">,
): Promise<GroupAnswer> {
  if (!rights.moderate) throw new AppError({ code: "auth.forbidden" });
  const thisPost = and(eq(groupPosts.accountId, accountId), eq(groupPosts.id, post.id));
  if (command.intent === "hide" && command.commentId) {
    await tx
      .update(groupComments)
      .set({ hiddenAt: command.hidden ? now : null })
      .where(
        and(
          eq(groupComments.accountId, accountId),
          eq(groupComments.id, command.commentId),
          eq(groupComments.postId, post.id),
        ),
      );
    return { ok: true, id: command.commentId };
  }
  const change =
    command.intent === "pin"
      ? { pinnedAt: command.pinned ? now : null }
      : command.intent === "closeComments"
        ? { commentsClosed: command.closed }
        : { hiddenAt: command.hidden ? now : null };
  await tx
    .update(groupPosts)
    .set({ ...change, updatedAt: now })
    .where(thisPost);
  return { ok: true, id: post.id };
}
