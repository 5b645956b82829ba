import {
  groupComments,
  groupMembers,
  groupPosts,
  groupReactions,
  groups,
} from "~/features/groups/tables.server";
import type { Database } from "~/platform/db/database.server";

/** A group with its member, one post, a comment and a reaction, written as raw rows. */
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
      .values({ accountId, groupId: group!.id, authorId: userId, body: "<p>Hello</p>" })
      .returning();
    await tx
      .insert(groupComments)
      .values({ accountId, postId: post!.id, authorId: userId, body: "Welcome" });
    await tx
      .insert(groupReactions)
      .values({ accountId, postId: post!.id, targetId: post!.id, userId, kind: "like" });
  });
}
