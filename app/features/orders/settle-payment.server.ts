import { and, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { moveOrder, partlyRefundedEvent } from "./order-machine.server";
import { ORDER_FULFIL_JOB, type JobSender } from "./order-jobs";
import { lockOrder, type OrderRow } from "./queries.server";
import { revokeOrder } from "./revoke-order.server";
import { orderEvents, orders } from "./tables.server";

const paymentOutcomes = ["paid", "failed", "cancelled", "refunded"] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

/** News about an order's own payment (the rest is about its subscription's later periods). */
export const isPaymentOutcome = (kind: string): kind is PaymentOutcome =>
  (paymentOutcomes as readonly string[]).includes(kind);

/**
 * Applies what a provider (or a manager, for offline payments) says happened to an order's
 * payment, inside the caller's transaction. Every branch is a conditional move, so the same
 * news twice changes nothing, and news out of order ends in the right state:
 * - paid: from pending, failed or cancelled (money arrived after all); counts the coupon (the
 *   move does) and asks for fulfilment, both once, in this transaction;
 * - failed / cancelled: only a pending order;
 * - refunded: a paid or fulfilled order loses what it gave; a refund heard before the payment
 *   records the payment first, so the late "paid" finds a refunded order and does nothing.
 *   With `partialRefund` (what went back of the payment so far, every refund together) only
 *   that part is refunded: `refunded` rises to it (never falls: an older sum heard late, or
 *   the same news twice, changes nothing), the order's history records what this news added,
 *   and the order keeps its status and access until the sum reaches its total.
 */
export async function settlePayment(
  tx: Tx,
  {
    jobs,
    order,
    outcome,
    cause,
    paymentRef,
    partialRefund,
    now,
  }: {
    jobs: JobSender;
    order: OrderRow;
    outcome: PaymentOutcome;
    cause: string;
    paymentRef?: string;
    /** For "refunded": a part only, the payment's refunded sum so far (minor units). */
    partialRefund?: number;
    now: Date;
  },
): Promise<OrderRow> {
  const { accountId } = order;
  const base = { accountId, orderId: order.id, cause, now };
  if (outcome === "failed" || outcome === "cancelled") {
    return (await moveOrder(tx, { ...base, to: outcome })).order;
  }
  if (outcome === "paid") {
    const { moved, order: paid } = await moveOrder(tx, {
      ...base,
      to: "paid",
      set: paymentRef ? { paymentRef } : {},
    });
    if (moved) {
      await jobs.send(
        tx,
        ORDER_FULFIL_JOB,
        { accountId, orderId: order.id },
        { singletonKey: order.id },
      );
    }
    return paid;
  }
  // refunded
  let current = (await lockOrder(tx, { accountId, id: order.id })) ?? order;
  const soFar =
    partialRefund === undefined
      ? current.total
      : Math.min(Math.max(partialRefund, 0), current.total);
  const partial = soFar < current.total;
  if (
    current.status === "pending" ||
    current.status === "failed" ||
    current.status === "cancelled"
  ) {
    if (partial) {
      // A part refunded of a payment not heard of yet: the payment counts as any (its coupon,
      // its fulfilment), then the part.
      current = await settlePayment(tx, {
        jobs,
        order: current,
        outcome: "paid",
        cause,
        paymentRef,
        now,
      });
    } else {
      const paid = await moveOrder(tx, {
        ...base,
        to: "paid",
        set: paymentRef ? { paymentRef } : {},
      });
      // The money did arrive: the move to paid counted its coupon (moveOrder), refunded or not.
      current = paid.order;
    }
  }
  if (current.status !== "paid" && current.status !== "fulfilled") return current;
  if (partial) {
    if (soFar <= current.refunded) return current;
    const [updated] = await tx
      .update(orders)
      .set({ refunded: soFar })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, order.id)))
      .returning();
    await tx.insert(orderEvents).values({
      accountId,
      orderId: order.id,
      fromStatus: current.status,
      toStatus: current.status,
      cause,
      amount: soFar - current.refunded,
      createdAt: now,
    });
    await partlyRefundedEvent(tx, updated!, now);
    return updated!;
  }
  const rest = current.total - current.refunded;
  const { moved, order: refunded } = await moveOrder(tx, {
    ...base,
    to: "refunded",
    set: { refunded: current.total },
    amount: rest > 0 ? rest : null,
  });
  if (moved && current.fulfilledAt) await revokeOrder(tx, refunded);
  return refunded;
}
