import { redeemCoupon } from "~/features/coupons/coupons.server";
import type { Tx } from "~/platform/db/database.server";
import type { OrderRow } from "./queries.server";

/** A paid order's coupon use, counted once however often payment news arrives. */
export async function couponRedemption(tx: Tx, order: OrderRow): Promise<void> {
  if (!order.couponId) return;
  await redeemCoupon(tx, {
    accountId: order.accountId,
    couponId: order.couponId,
    orderId: order.id,
    userId: order.userId,
  });
}
