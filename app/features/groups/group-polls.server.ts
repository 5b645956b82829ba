// Issue 35 polls under group posts (decision 069): options kept with the post, one answer row per
// member and poll (an upsert on its key), counted when the feed reads its page.
import { and, eq, inArray, sql } from "drizzle-orm";
import { maskProfanity } from "~/features/comments/comments.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Place } from "./group-records.server";
import type { GroupAnswer, GroupCommand, PollSpec, PollView } from "./group-shapes";
import type { GroupRights } from "./group-access.server";
import { groupPollVotes, groupPosts } from "./tables.server";

type PollInput = NonNullable<Extract<GroupCommand, { intent: "post" }>["poll"]>;

/** A poll as it is kept: each option numbered, swear words masked (V2). */
export function keptPoll(poll: PollInput | null): PollSpec | null {
  if (!poll) return null;
  return {
    options: poll.options.map((label, index) => ({
      id: `o${index + 1}`,
      label: maskProfanity(label),
    })),
    multiple: poll.multiple,
  };
}

/**
 * The viewer's answer: the options chosen replace their earlier answer; none takes it back. A
 * member who may take part answers while the post's comments are open.
 */
export async function vote(
  tx: Tx,
  { accountId, viewer, now }: Place,
  { rights, post }: { rights: GroupRights; post: typeof groupPosts.$inferSelect },
  command: Extract<GroupCommand, { intent: "vote" }>,
): Promise<GroupAnswer> {
  if (!rights.take || !viewer) throw new AppError({ code: "auth.forbidden" });
  const poll = post.poll;
  if (!poll) throw new AppError({ code: "route.notFound" });
  if (post.commentsClosed) throw new AppError({ code: "groups.pollClosed" });
  const chosen = [...new Set(command.optionIds)];
  const known = new Set(poll.options.map((option) => option.id));
  if (chosen.some((id) => !known.has(id)) || (!poll.multiple && chosen.length > 1))
    throw new AppError({ code: "request.invalid", details: [{ path: "optionIds" }] });
  const mine = and(
    eq(groupPollVotes.accountId, accountId),
    eq(groupPollVotes.postId, post.id),
    eq(groupPollVotes.userId, viewer.user.id),
  );
  if (chosen.length === 0) await tx.delete(groupPollVotes).where(mine);
  else
    await tx
      .insert(groupPollVotes)
      .values({
        accountId,
        postId: post.id,
        userId: viewer.user.id,
        optionIds: chosen,
        votedAt: now,
      })
      .onConflictDoUpdate({
        target: [groupPollVotes.accountId, groupPollVotes.postId, groupPollVotes.userId],
        set: { optionIds: chosen, votedAt: now },
      });
  return { ok: true, id: post.id };
}

/** The page's polls with their counts and the viewer's answers: two statements for the page. */
export async function pollsOf(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
  posts: (typeof groupPosts.$inferSelect)[],
): Promise<Map<string, PollView>> {
  const withPolls = posts.filter((post) => post.poll);
  const views = new Map<string, PollView>();
  if (withPolls.length === 0) return views;
  const postIds = withPolls.map((post) => post.id);
  const { rows } = await tx.execute<{ post_id: string; option_id: string | null; n: number }>(sql`
    select v.post_id, o.option_id, count(distinct v.user_id)::int as n
      from ${groupPollVotes} v
      left join lateral unnest(v.option_ids) as o(option_id) on true
     where v.account_id = ${accountId}
       and v.post_id = any(${`{${postIds.join(",")}}`}::uuid[])
     group by grouping sets ((v.post_id, o.option_id), (v.post_id))`);
  const answers = await tx
    .select({ postId: groupPollVotes.postId, optionIds: groupPollVotes.optionIds })
    .from(groupPollVotes)
    .where(
      and(
        eq(groupPollVotes.accountId, accountId),
        inArray(groupPollVotes.postId, postIds),
        eq(groupPollVotes.userId, userId),
      ),
    );
  for (const post of withPolls) {
    const spec = post.poll!;
    const counted = rows.filter((row) => row.post_id === post.id);
    // The grouping set without an option counts the people who answered.
    const voters = counted.find((row) => row.option_id === null)?.n ?? 0;
    views.set(post.id, {
      options: spec.options.map((option) => ({
        ...option,
        votes: counted.find((row) => row.option_id === option.id)?.n ?? 0,
      })),
      multiple: spec.multiple,
      voters,
      mine: answers.find((answer) => answer.postId === post.id)?.optionIds ?? [],
      closed: post.commentsClosed,
    });
  }
  return views;
}
