import { accountNotifications, memberNotifications } from "~/features/notifications/tables.server";
import type { Database } from "~/platform/db/database.server";

/** One account notification and one chat notification for a member, written as raw rows. */
export async function createNotificationRows(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
) {
  await database.forAccount(accountId, async (tx) => {
    await tx
      .insert(accountNotifications)
      .values({ accountId, message: "<p>Hello</p>", severity: 2 });
    await tx.insert(memberNotifications).values({
      accountId,
      userId,
      type: "chat",
      message: "New message",
      data: { user_id: userId, message: "Hi" },
    });
  });
}
