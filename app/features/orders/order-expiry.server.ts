// Issue 31 point 2, decision 041: an unpaid order holds its coupon's use (and its place in a
// per-person limit) only so long. The round cancels checkout orders left pending past their
// time, through the order machine, which gives the use back. A payment heard after all still
// counts (a cancelled order may become paid, its coupon counted then).
import { and, asc, eq, isNull, lt, ne, or } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import type { Database } from "~/platform/db/database.server";
import { EXPIRED_CAUSE, moveOrder } from "./order-machine.server";
import { orders } from "./tables.server";

/** The schedule's queue (server/job-workers.ts). */
export const ORDER_EXPIRY_JOB = "orders.expire-unpaid";

export type ExpiryTerms = {
  /** Hours a card, PayPal or Razorpay checkout may wait for its payment. */
  onlineHours: number;
  /** Days a bank transfer may take before its order is given up. */
  offlineDays: number;
};

const HOUR = 3_600_000;

/**
 * Cancels every account's checkout orders still pending past their time (renewal orders keep
 * their own course: decision 033), each account in its own transaction, the orders locked by
 * the move. Run twice, or on two instances at once, the second finds nothing pending.
 */
export async function expireUnpaidOrders(
  { database }: { database: Database },
  { terms, now = new Date() }: { terms: ExpiryTerms; now?: Date },
): Promise<{ expired: number }> {
  const onlineBefore = new Date(now.getTime() - terms.onlineHours * HOUR);
  const offlineBefore = new Date(now.getTime() - terms.offlineDays * 24 * HOUR);
  // Orders are tenant rows: the round enters each account in turn.
  const ids = await database.asApp((tx) =>
    tx.select({ accountId: accounts.accountId }).from(accounts).orderBy(asc(accounts.accountId)),
  );
  let expired = 0;
  for (const { accountId } of ids) {
    expired += await database.forAccount(accountId, async (tx) => {
      const stale = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.accountId, accountId),
            eq(orders.status, "pending"),
            isNull(orders.renewalOf),
            or(
              and(eq(orders.provider, "offline"), lt(orders.createdAt, offlineBefore)),
              and(ne(orders.provider, "offline"), lt(orders.createdAt, onlineBefore)),
            ),
          ),
        )
        .orderBy(asc(orders.id));
      let count = 0;
      for (const { id } of stale) {
        const { moved } = await moveOrder(tx, {
          accountId,
          orderId: id,
          to: "cancelled",
          cause: EXPIRED_CAUSE,
          now,
        });
        if (moved) count++;
      }
      return count;
    });
  }
  return { expired };
}
