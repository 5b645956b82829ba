import { and, eq, isNull } from "drizzle-orm";
import { maskProfanity } from "~/features/comments/comments.server";
import { awardPoints } from "~/features/gamification/gamification.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { plainText } from "~/platform/plain-text";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { closeReports, fileReport } from "~/features/moderation/moderation.server";
import type { GroupRights, GroupRow } from "./group-access.server";
import { tellOfWriting, type Told } from "./group-echo.server";
import { keptPoll } from "./group-polls.server";
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
  place: Place,
  { group, rights }: Within,
  command: Command<"post">,
  told: Told,
): Promise<GroupAnswer> {
  const { accountId, viewer, now } = place;
  if (!rights.take || !viewer) throw new AppError({ code: "auth.forbidden" });
  const body = keptBody(command.body);
  const [post] = await tx
    .insert(groupPosts)
    .values({
      accountId,
      groupId: group.id,
      authorId: viewer.user.id,
      body,
      poll: keptPoll(command.poll),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: groupPosts.id });
  await tellOfWriting(tx, place, told, {
    group,
    postId: post!.id,
    text: plainText(body),
    answered: null,
    comment: false,
  });
  told.changed = { groupId: group.id, kind: "post" };
  await awardPoints(tx, {
    accountId,
    userId: viewer.user.id,
    reason: "group_post",
    sourceId: post!.id,
    groupId: group.id,
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
  place: Place,
  { group, rights, post }: Within & { post: typeof groupPosts.$inferSelect },
  command: Command<"comment">,
  told: Told,
): Promise<GroupAnswer> {
  const { accountId, viewer, now } = place;
  if (!rights.take || !viewer) throw new AppError({ code: "auth.forbidden" });
  if ((post.hiddenAt || post.commentsClosed) && !rights.moderate)
    throw new AppError({ code: "groups.commentsClosed" });
  let answered: { userId: string; notice: "commented" | "replied" } = {
    userId: post.authorId,
    notice: "commented",
  };
  if (command.parentId) {
    // One level of replies: a reply answers a top-level comment of the same post.
    const [parent] = await tx
      .select({ id: groupComments.id, authorId: groupComments.authorId })
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
    answered = { userId: parent.authorId, notice: "replied" };
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
    groupId: group.id,
  });
  await tellOfWriting(tx, place, told, {
    group,
    postId: post.id,
    text: body,
    answered,
    comment: true,
  });
  told.changed = { groupId: group.id, kind: "comment" };
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
  { accountId, viewer, now }: Place,
  { rights, post }: Within & { post: typeof groupPosts.$inferSelect },
  command: Command<"pin" | "closeComments" | "hide" | "dismissReport">,
  told: Told,
): Promise<GroupAnswer> {
  if (!rights.moderate || !viewer) throw new AppError({ code: "auth.forbidden" });
  told.changed = { groupId: post.groupId, kind: "moderated" };
  const by = viewer.user.id;
  if (command.intent === "dismissReport") {
    const target = command.commentId
      ? { kind: "group_comment" as const, targetId: command.commentId }
      : { kind: "group_post" as const, targetId: post.id };
    await closeReports(tx, { accountId, ...target, by, status: "dismissed" });
    return { ok: true, id: target.targetId };
  }
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
    if (command.hidden) {
      const target = { kind: "group_comment" as const, targetId: command.commentId };
      await closeReports(tx, { accountId, ...target, by, status: "resolved" });
    }
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
  if (command.intent === "hide" && command.hidden)
    await closeReports(tx, {
      accountId,
      kind: "group_post",
      targetId: post.id,
      by,
      status: "resolved",
    });
  return { ok: true, id: post.id };
}

/**
 * A member's report of a post or a comment they may read (not their own), once each; the
 * group's moderators find it in their queue. Returns whether it was new.
 */
export async function reportPost(
  tx: Tx,
  { accountId, viewer }: Place,
  { group, post }: Within & { post: typeof groupPosts.$inferSelect },
  command: Command<"report">,
): Promise<boolean> {
  if (!viewer) throw new AppError({ code: "auth.forbidden" });
  let target = { kind: "group_post" as "group_post" | "group_comment", targetId: post.id };
  let authorId = post.authorId;
  if (command.commentId) {
    const [comment] = await tx
      .select({ id: groupComments.id, authorId: groupComments.authorId })
      .from(groupComments)
      .where(
        and(
          eq(groupComments.accountId, accountId),
          eq(groupComments.id, command.commentId),
          eq(groupComments.postId, post.id),
        ),
      );
    if (!comment) throw new AppError({ code: "route.notFound" });
    target = { kind: "group_comment", targetId: comment.id };
    authorId = comment.authorId;
  }
  if (authorId === viewer.user.id) throw new AppError({ code: "request.invalid" });
  return fileReport(tx, {
    accountId,
    ...target,
    groupId: group.id,
    reporterId: viewer.user.id,
    reason: command.reason,
  });
}
