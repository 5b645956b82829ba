import {
  conversationMembers,
  conversations,
  messageBlocks,
  messages,
} from "~/features/messages/tables.server";
import { contentReports } from "~/features/moderation/tables.server";
import type { Database } from "~/platform/db/database.server";

/** A conversation with its member, a message, a block and a report of it, written as raw rows. */
export async function createMessageRows(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
) {
  await database.forAccount(accountId, async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ accountId, title: "Study group", createdBy: userId })
      .returning();
    await tx
      .insert(conversationMembers)
      .values({ accountId, conversationId: conversation!.id, userId });
    const [message] = await tx
      .insert(messages)
      .values({ accountId, conversationId: conversation!.id, senderId: userId, body: "Hi" })
      .returning();
    await tx.insert(messageBlocks).values({ accountId, blockerId: userId, blockedId: "someone" });
    await tx.insert(contentReports).values({
      accountId,
      kind: "message",
      targetId: message!.id,
      reporterId: userId,
    });
  });
}
