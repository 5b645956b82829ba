// Who is in a group's page: authors' names, the requests and reports its moderators decide,
// and the members a writer may mention (issue 35, decision 064).
import { and, asc, eq, inArray } from "drizzle-orm";
import { peopleOf } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import { openReports } from "~/features/moderation/moderation.server";
import type { Tx } from "~/platform/db/database.server";
import { plainText } from "~/platform/plain-text";
import { MENTIONABLE_MAX, type GroupReport, type PostAuthor } from "./group-shapes";
import { groupComments, groupMembers, groupPosts } from "./tables.server";

export async function authorsOf(
  tx: Tx,
  accountId: string,
  userIds: string[],
): Promise<Map<string, PostAuthor>> {
  const people = await peopleOf(tx, accountId, userIds);
  return new Map(
    [...people.values()].map(({ userId, name, avatar }) => [userId, { userId, name, avatar }]),
  );
}

export const someone = (userId: string): PostAuthor => ({ userId, name: "", avatar: null });

/** The group's moderation queue: each reported post or comment with its text and author. */
export async function reportsOf(
  tx: Tx,
  accountId: string,
  groupId: string,
): Promise<GroupReport[]> {
  const open = await openReports(tx, { accountId, groupId });
  if (open.length === 0) return [];
  const ids = open.map((report) => report.targetId);
  const posts = await tx
    .select({
      id: groupPosts.id,
      postId: groupPosts.id,
      authorId: groupPosts.authorId,
      body: groupPosts.body,
    })
    .from(groupPosts)
    .where(and(eq(groupPosts.accountId, accountId), inArray(groupPosts.id, ids)));
  const comments = await tx
    .select({
      id: groupComments.id,
      postId: groupComments.postId,
      authorId: groupComments.authorId,
      body: groupComments.body,
    })
    .from(groupComments)
    .where(and(eq(groupComments.accountId, accountId), inArray(groupComments.id, ids)));
  const things = new Map(
    [...posts.map((post) => ({ ...post, body: plainText(post.body) })), ...comments].map(
      (thing) => [thing.id, thing],
    ),
  );
  const authors = await authorsOf(
    tx,
    accountId,
    [...things.values()].map((thing) => thing.authorId),
  );
  return open.flatMap((report) => {
    const thing = things.get(report.targetId);
    if (!thing) return [];
    return [
      {
        ...report,
        postId: thing.postId,
        excerpt: thing.body.replace(/\s+/g, " ").trim().slice(0, 200),
        author: authors.get(thing.authorId) ?? someone(thing.authorId),
      },
    ];
  });
}

/** The group's members a writer may name with `@slug` (the composer's suggestions). */
export async function mentionableIn(tx: Tx, accountId: string, groupId: string) {
  return tx
    .select({
      userId: members.userId,
      name: members.name,
      slug: members.slug,
      avatar: members.avatar,
    })
    .from(groupMembers)
    .innerJoin(
      members,
      and(eq(members.accountId, groupMembers.accountId), eq(members.userId, groupMembers.userId)),
    )
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, "active"),
      ),
    )
    .orderBy(asc(members.name))
    .limit(MENTIONABLE_MAX);
}

export async function requestsOf(
  tx: Tx,
  accountId: string,
  groupId: string,
): Promise<PostAuthor[]> {
  const rows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, "requested"),
      ),
    )
    .orderBy(asc(groupMembers.joinedAt));
  const authors = await authorsOf(
    tx,
    accountId,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => authors.get(row.userId) ?? someone(row.userId));
}
