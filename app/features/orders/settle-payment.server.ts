import type { Tx } from "~/platform/db/database.server";
import { couponRedemption } from "./order-coupons.server";
import { moveOrder } from "./order-machine.server";
import { ORDER_FULFIL_JOB, type JobSender } from "./order-jobs";
import type { OrderRow } from "./queries.server";
import { revokeOrder } from "./revoke-order.server";

const paymentOutcomes = ["paid", "failed", "cancelled", "refunded"] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

/** News about an order's own payment (the rest is about its subscription's later periods). */
export const isPaymentOutcome = (kind: string): kind is PaymentOutcome =>
  (paymentOutcomes as readonly string[]).includes(kind);

/**
 * Applies what a provider (or a manager, for offline payments) says happened to an order's
 * payment, inside the caller's transaction. Every branch is a conditional move, so the same
 * news twice changes nothing, and news out of order ends in the right state:
 * - paid: from pending, failed or cancelled (money arrived after all); counts the coupon and
 *   asks for fulfilment, both once, in this transaction;
 * - failed / cancelled: only a pending order;
 * - refunded: a paid or fulfilled order loses what it gave; a refund heard before the payment
 *   records the payment first, so the late "paid" finds a refunded order and does nothing.
 */
export async function settlePayment(
  tx: Tx,
  {
    jobs,
    order,
    outcome,
    cause,
    paymentRef,
    now,
  }: {
    jobs: JobSender;
    order: OrderRow;
    outcome: PaymentOutcome;
    cause: string;
    paymentRef?: string;
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
      await couponRedemption(tx, paid);
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
  let current = order;
  if (
    current.status === "pending" ||
    current.status === "failed" ||
    current.status === "cancelled"
  ) {
    const paid = await moveOrder(tx, {
      ...base,
      to: "paid",
      set: paymentRef ? { paymentRef } : {},
    });
    // The money did arrive: a paid order counts its coupon, refunded or not.
    if (paid.moved) await couponRedemption(tx, paid.order);
    current = paid.order;
  }
  const { moved, order: refunded } = await moveOrder(tx, {
    ...base,
    to: "refunded",
    set: { refunded: current.total },
  });
  if (moved && current.fulfilledAt) await revokeOrder(tx, refunded);
  return refunded;
}
