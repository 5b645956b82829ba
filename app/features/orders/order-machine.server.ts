import { and, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { emitDomainEvent } from "~/features/events/events.server";
import { AppError } from "~/platform/errors";
import { couponFollows } from "./order-coupons.server";
import { canMove, type OrderStatus } from "./order-shapes";
import { lockOrder, type OrderRow } from "./queries.server";
import { orderEvents, orderItems, orders } from "./tables.server";

export type Move = {
  accountId: string;
  orderId: string;
  to: OrderStatus;
  /** What caused it: `stripe:evt_…`, `manager:<user id>`, `checkout`, `job:fulfil`. */
  cause: string;
  now: Date;
  set?: Partial<Pick<OrderRow, "paymentRef" | "failureReason" | "refunded">>;
  /** Money the move itself moved (the last part of a refund), kept on its history line. */
  amount?: number | null;
};

const stampFor: Partial<Record<OrderStatus, "paidAt" | "fulfilledAt" | "closedAt">> = {
  paid: "paidAt",
  fulfilled: "fulfilledAt",
  failed: "closedAt",
  cancelled: "closedAt",
  refunded: "closedAt",
};

/**
 * Moves an order one step of its state machine under the row's lock, and records the move.
 * Answers whether it moved: the same move asked twice (a provider's retry, a second worker)
 * finds the order already there and changes nothing, which is what makes every caller
 * idempotent. A move the machine does not allow also answers false: see `requireMove`. The
 * order's coupon follows its moves here (decision 041): paid counts the use, cancelled or failed
 * gives a held one back.
 */
export async function moveOrder(
  tx: Tx,
  { accountId, orderId, to, cause, now, set = {}, amount = null }: Move,
): Promise<{ moved: boolean; order: OrderRow }> {
  const order = await lockOrder(tx, { accountId, id: orderId });
  if (!order) throw new AppError({ code: "order.notFound" });
  if (order.status === to || !canMove(order.status, to)) return { moved: false, order };
  const stamp = stampFor[to];
  const [updated] = await tx
    .update(orders)
    .set({ status: to, ...set, ...(stamp ? { [stamp]: now } : {}) })
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
    .returning();
  await tx.insert(orderEvents).values({
    accountId,
    orderId,
    fromStatus: order.status,
    toStatus: to,
    cause,
    amount,
    createdAt: now,
  });
  await couponFollows(tx, updated!, to);
  if (to === "paid" || to === "refunded") await orderEvent(tx, updated!, to, now);
  // A checkout left unpaid until it expired: an abandoned checkout (automations follow it up).
  if (to === "cancelled" && cause === EXPIRED_CAUSE)
    await orderEvent(tx, updated!, "abandoned", now);
  return { moved: true, order: updated! };
}

/** The cause of the expiry sweep's moves (order-expiry.server.ts). */
export const EXPIRED_CAUSE = "job:expire";

/** An order paid or refunded is a domain event (automations, affiliates), with what it held. */
async function orderEvent(
  tx: Tx,
  order: OrderRow,
  to: "paid" | "refunded" | "abandoned" | "partlyRefunded",
  now: Date,
) {
  const items = await tx
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(and(eq(orderItems.accountId, order.accountId), eq(orderItems.orderId, order.id)));
  await emitDomainEvent(
    tx,
    order.accountId,
    {
      type: to === "abandoned" ? "checkout.abandoned" : `order.${to}`,
      userId: order.userId,
      email: order.email,
      data: {
        orderId: order.id,
        productIds: [...new Set(items.map((item) => item.productId))],
        total: order.total,
        currency: order.currency,
        // Every refund so far together (a part refunded: what the buyer kept is the rest).
        refunded: order.refunded,
        // What else it paid for, as the feature that sells it named it (decision 078).
        reference: order.reference,
      },
    },
    now,
  );
}

/**
 * A part of a paid order refunded (the provider said so, or a manager's refund went through):
 * the order keeps its status, and this event carries the refunded sum so far. Told again with
 * the same sum, it means the same: consumers read the sum, not a step.
 */
export const partlyRefundedEvent = (tx: Tx, order: OrderRow, now: Date) =>
  order.refunded > 0 && order.refunded < order.total
    ? orderEvent(tx, order, "partlyRefunded", now)
    : Promise.resolve();

/** As `moveOrder`, for a person's command: a move the machine refuses is their error. */
export async function requireMove(tx: Tx, move: Move): Promise<OrderRow> {
  const { moved, order } = await moveOrder(tx, move);
  if (!moved) throw new AppError({ code: "order.transitionRefused" });
  return order;
}
