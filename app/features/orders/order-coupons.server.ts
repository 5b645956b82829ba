import { redeemCoupon, releaseCoupon, reserveCoupon } from "~/features/coupons/coupons.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError, type ErrorCode } from "~/platform/errors";
import type { OrderStatus } from "./order-shapes";
import type { OrderRow } from "./queries.server";

export const couponRefusalCode: Record<"limit" | "unavailable" | "expired" | "unknown", ErrorCode> =
  {
    limit: "cart.couponLimit",
    unavailable: "cart.couponUnavailable",
    expired: "cart.couponExpired",
    unknown: "cart.couponUnknown",
  };

/**
 * Decision 041: the order being placed takes its coupon's use in the placement's transaction,
 * under the coupon's lock; a refusal throws its toast's code, and the order is never written.
 */
export async function holdCoupon(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (!order.couponId) return;
  const refusal = await reserveCoupon(tx, {
    accountId: order.accountId,
    couponId: order.couponId,
    orderId: order.id,
    userId: order.userId,
    now,
  });
  if (refusal) throw new AppError({ code: couponRefusalCode[refusal] });
}

/** An order that asked for no money, now or after a trial: a 100 % coupon's, typically. */
export const chargedNothing = (order: Pick<OrderRow, "total" | "dueLater">) =>
  order.total === 0 && order.dueLater === 0;

/**
 * What an order's move does to its coupon's use, in the move's transaction (`moveOrder`, so
 * every route and job that moves an order agrees): paid counts it once, however often payment
 * news arrives; cancelled or failed (an expired order is cancelled) gives a held use back; an
 * order that charged nothing, refunded, gives its use back (a paid one keeps it counted: the
 * discount was given on money that changed hands).
 */
export async function couponFollows(tx: Tx, order: OrderRow, to: OrderStatus): Promise<void> {
  if (!order.couponId) return;
  const { accountId } = order;
  if (to === "paid")
    await redeemCoupon(tx, {
      accountId,
      couponId: order.couponId,
      orderId: order.id,
      userId: order.userId,
    });
  else if (to === "cancelled" || to === "failed")
    await releaseCoupon(tx, { accountId, orderId: order.id });
  else if (to === "refunded" && chargedNothing(order))
    await releaseCoupon(tx, { accountId, orderId: order.id, paid: true });
}
