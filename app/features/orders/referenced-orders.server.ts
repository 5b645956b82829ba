// Decision 078: orders of something another feature sells (a held booking), found by the
// reference that feature gave the checkout. Orders never read what a reference names; the
// feature asks here whether its checkout is still open, gives up its open ones, or has the
// money given back when what was paid for will not happen.
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { moveOrder } from "./order-machine.server";
import type { OrderDeps } from "./order-jobs";
import { lockOrder } from "./queries.server";
import { refundAtProvider, reserveRefund, settleRefund } from "./refund-reservation.server";
import { orders } from "./tables.server";

/** Whether a checkout of `reference` still waits for its payment (a pending order). */
export async function openCheckoutOf(
  tx: Tx,
  { accountId, reference }: { accountId: string; reference: string },
): Promise<boolean> {
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.reference, reference),
        eq(orders.status, "pending"),
      ),
    )
    .limit(1);
  return Boolean(open);
}

/**
 * Gives up the pending orders of `reference` (what they would pay for is gone): cancelled
 * through the order machine, which gives a held coupon's use back. A payment heard for one
 * after all still counts (a cancelled order may become paid); its feature then refunds it.
 */
export async function cancelOpenCheckoutsOf(
  tx: Tx,
  {
    accountId,
    reference,
    cause,
    now,
  }: { accountId: string; reference: string; cause: string; now: Date },
): Promise<number> {
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.reference, reference),
        eq(orders.status, "pending"),
      ),
    )
    .orderBy(asc(orders.id));
  let cancelled = 0;
  for (const { id } of open) {
    const { moved } = await moveOrder(tx, { accountId, orderId: id, to: "cancelled", cause, now });
    if (moved) cancelled++;
  }
  return cancelled;
}

/**
 * Refunds what is left of a paid order because the site owes it by its own rule (a paid
 * session cancelled), through the same reservation, provider call and settlement as a
 * manager's refund (refund-reservation.server.ts): crash-safe, and asked twice, refunded once.
 * An order no longer paid (refunded already, never paid) is left as it is.
 */
export async function refundOrderFor(
  deps: OrderDeps,
  {
    accountId,
    orderId,
    cause,
    now = new Date(),
  }: { accountId: string; orderId: string; cause: string; now?: Date },
): Promise<"refunded" | "nothing"> {
  const order = await deps.database.forAccount(accountId, (tx) =>
    lockOrder(tx, { accountId, id: orderId }),
  );
  if (!order || (order.status !== "paid" && order.status !== "fulfilled")) return "nothing";
  if (order.total > 0 && order.refunded >= order.total) return "nothing";
  const reserved = await reserveRefund(deps, {
    accountId,
    viewer: null,
    orderId,
    now,
    sellerCause: cause,
  });
  await refundAtProvider(deps, reserved);
  await settleRefund(deps, { accountId, orderId, completes: reserved.completes, cause, now });
  return "refunded";
}
