import {
  groupComments,
  groupMembers,
  groupPollVotes,
  groupPosts,
  groupReactions,
  groups,
} from "~/features/groups/tables.server";
import type { Database } from "~/platform/db/database.server";

/** A group with its member, one post with a poll, a comment, a reaction and a vote, as raw rows. */
export async function createGroupRows(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
) {
  await database.forAccount(accountId, async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({ accountId, name: "Circle", slug: "circle" })
      .returning();
    await tx.insert(groupMembers).values({ accountId, groupId: group!.id, userId });
    const [post] = await tx
      .insert(groupPosts)
      .values({
        accountId,
        groupId: group!.id,
        authorId: userId,
        body: "<p>Hello</p>",
        poll: { options: [{ id: "o1", label: "Yes" }], multiple: false },
      })
      .returning();
    await tx
      .insert(groupComments)
      .values({ accountId, postId: post!.id, authorId: userId, body: "Welcome" });
    await tx
      .insert(groupReactions)
      .values({ accountId, postId: post!.id, targetId: post!.id, userId, kind: "like" });
    await tx
      .insert(groupPollVotes)
      .values({ accountId, postId: post!.id, userId, optionIds: ["o1"] });
  });
}
