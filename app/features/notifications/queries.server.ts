import { and, count, desc, eq, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { accountNotifications, memberNotifications } from "./tables.server";
import type { NotificationType } from "./validation";

/** Microsecond precision, so a history cursor never skips a row made in the same millisecond. */
const isoMicros = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Page = { before?: string; limit: number };

export async function insertMemberNotification(
  tx: Tx,
  row: typeof memberNotifications.$inferInsert,
) {
  const [inserted] = await tx.insert(memberNotifications).values(row).returning({
    id: memberNotifications.id,
  });
  return inserted!.id;
}

const accountColumns = {
  id: accountNotifications.id,
  message: accountNotifications.message,
  severity: accountNotifications.severity,
  read: accountNotifications.read,
  createdAt: isoMicros(accountNotifications.createdAt),
};

export async function insertAccountNotification(
  tx: Tx,
  row: typeof accountNotifications.$inferInsert,
) {
  const [inserted] = await tx.insert(accountNotifications).values(row).returning(accountColumns);
  return inserted!;
}

const memberColumns = {
  id: memberNotifications.id,
  type: memberNotifications.type,
  message: memberNotifications.message,
  data: memberNotifications.data,
  read: memberNotifications.read,
  createdAt: isoMicros(memberNotifications.createdAt),
};

/** An account's notifications, newest first: unread only, or a page of the history. */
export function selectAccountNotifications(
  tx: Tx,
  { accountId, unreadOnly, before, limit }: { accountId: string; unreadOnly: boolean } & Page,
) {
  const where: SQL[] = [eq(accountNotifications.accountId, accountId)];
  if (unreadOnly) where.push(eq(accountNotifications.read, false));
  if (before) where.push(lt(accountNotifications.createdAt, sql`${before}::timestamptz`));
  return tx
    .select(accountColumns)
    .from(accountNotifications)
    .where(and(...where))
    .orderBy(desc(accountNotifications.createdAt), desc(accountNotifications.id))
    .limit(limit);
}

/** One member's notifications, newest first: unread only (of one type), or a page of the history. */
export function selectMemberNotifications(
  tx: Tx,
  {
    accountId,
    userId,
    unreadOnly,
    type,
    before,
    limit,
  }: { accountId: string; userId: string; unreadOnly: boolean; type?: NotificationType } & Page,
) {
  const where: SQL[] = [
    eq(memberNotifications.accountId, accountId),
    eq(memberNotifications.userId, userId),
  ];
  if (unreadOnly) where.push(eq(memberNotifications.read, false));
  if (type) where.push(eq(memberNotifications.type, type));
  if (before) where.push(lt(memberNotifications.createdAt, sql`${before}::timestamptz`));
  return tx
    .select(memberColumns)
    .from(memberNotifications)
    .where(and(...where))
    .orderBy(desc(memberNotifications.createdAt), desc(memberNotifications.id))
    .limit(limit);
}

export async function countUnreadAccountNotifications(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({ count: count() })
    .from(accountNotifications)
    .where(
      and(eq(accountNotifications.accountId, accountId), eq(accountNotifications.read, false)),
    );
  return Number(row?.count ?? 0);
}

/** Unread notifications of one member, per type. */
export async function countUnreadMemberNotifications(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<Record<NotificationType, number>> {
  const rows = await tx
    .select({ type: memberNotifications.type, count: count() })
    .from(memberNotifications)
    .where(
      and(
        eq(memberNotifications.accountId, accountId),
        eq(memberNotifications.userId, userId),
        eq(memberNotifications.read, false),
      ),
    )
    .groupBy(memberNotifications.type);
  const counts = { chat: 0, other: 0 };
  for (const row of rows) counts[row.type] = Number(row.count);
  return counts;
}

/** Marks one account notification read; false when the account has no such notification. */
export async function markAccountNotificationRead(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
): Promise<boolean> {
  const rows = await tx
    .update(accountNotifications)
    .set({ read: true })
    .where(and(eq(accountNotifications.accountId, accountId), eq(accountNotifications.id, id)))
    .returning({ id: accountNotifications.id });
  return rows.length > 0;
}

/** Marks one of the member's own notifications read: its type, or null when they have no such one. */
export async function markMemberNotificationRead(
  tx: Tx,
  { accountId, userId, id }: { accountId: string; userId: string; id: string },
): Promise<NotificationType | null> {
  const rows = await tx
    .update(memberNotifications)
    .set({ read: true })
    .where(
      and(
        eq(memberNotifications.accountId, accountId),
        eq(memberNotifications.userId, userId),
        eq(memberNotifications.id, id),
      ),
    )
    .returning({ type: memberNotifications.type });
  return rows[0]?.type ?? null;
}

export async function markAllAccountNotificationsRead(tx: Tx, accountId: string) {
  const rows = await tx
    .update(accountNotifications)
    .set({ read: true })
    .where(and(eq(accountNotifications.accountId, accountId), eq(accountNotifications.read, false)))
    .returning({ id: accountNotifications.id });
  return rows.length;
}

export async function markAllMemberNotificationsRead(
  tx: Tx,
  { accountId, userId, type }: { accountId: string; userId: string; type: NotificationType },
) {
  const rows = await tx
    .update(memberNotifications)
    .set({ read: true })
    .where(
      and(
        eq(memberNotifications.accountId, accountId),
        eq(memberNotifications.userId, userId),
        eq(memberNotifications.type, type),
        eq(memberNotifications.read, false),
      ),
    )
    .returning({ id: memberNotifications.id });
  return rows.length;
}
