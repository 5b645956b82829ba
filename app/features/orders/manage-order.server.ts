import { and, eq, sql } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import { priceCartLines } from "~/features/products/products.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { requireMove } from "./order-machine.server";
import { chargedNothing } from "./order-coupons.server";
import type { OrderDeps } from "./order-jobs";
import { renewOfflineSubscription } from "./offline-renewals.server";
import { lockOrder, orderItemRows, type OrderRow } from "./queries.server";
import { settlePayment } from "./settle-payment.server";
import { refundAtProvider, reserveRefund, settleRefund } from "./refund-reservation.server";
import { orderEvents, orderItems, orders } from "./tables.server";

type Deps = OrderDeps;
type Command = { accountId: string; viewer: Viewer | null; orderId: string; now?: Date };

async function lockedOrder(
  tx: Parameters<Parameters<Database["forAccount"]>[1]>[0],
  accountId: string,
  orderId: string,
) {
  const order = await lockOrder(tx, { accountId, id: orderId });
  if (!order) throw new AppError({ code: "order.notFound" });
  return order;
}

/**
 * An offline (bank transfer) order the manager has seen paid: paid now, fulfilled by the queue.
 * A renewal of an offline subscription lengthens it by one period first (decision 033).
 */
export async function confirmOfflinePayment(
  { database, jobs }: Deps,
  { accountId, viewer, orderId, now = new Date() }: Command,
): Promise<OrderRow> {
  requireCapability(viewer, "manage_options");
  return database.forAccount(accountId, async (tx) => {
    const order = await lockedOrder(tx, accountId, orderId);
    if (order.provider !== "offline" || order.status !== "pending")
      throw new AppError({ code: "order.transitionRefused" });
    // An offline subscription's renewal: one period more before fulfilment reads it.
    await renewOfflineSubscription(tx, { order, now });
    return settlePayment(tx, {
      jobs,
      order,
      outcome: "paid",
      cause: `manager:${viewer!.user.id}`,
      now,
    });
  });
}

/**
 * A pending order the manager (or its buyer) gives up on; the use of its coupon it held is given
 * back (decision 041). An order that charged nothing (a 100 % coupon) was paid when placed: a
 * manager cancels it by refunding it, which takes back what it gave and gives its coupon's use
 * back too, since nothing was paid for it.
 */
export async function cancelOrder(
  deps: Deps,
  { accountId, viewer, orderId, now = new Date() }: Command,
): Promise<OrderRow> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const cancelled = await deps.database.forAccount(accountId, async (tx) => {
    const order = await lockedOrder(tx, accountId, orderId);
    const own = order.userId === viewer.user.id;
    if (!own) requireCapability(viewer, "manage_options");
    if (chargedNothing(order) && (order.status === "paid" || order.status === "fulfilled"))
      return null;
    return requireMove(tx, {
      accountId,
      orderId,
      to: "cancelled",
      cause: `${own ? "buyer" : "manager"}:${viewer.user.id}`,
      now,
    });
  });
  return cancelled ?? refundOrder(deps, { accountId, viewer, orderId, now });
}

/**
 * A manager's refund: of `amount` minor units, or without one of all that is left of a paid or
 * fulfilled order. What is left is `total − refunded`: an amount above it is refused
 * (order.refundTooLarge, nothing changes). A part keeps the order's status and what it gave;
 * once the refunded sum reaches the total, the order becomes refunded and loses what it gave,
 * its subscriptions ended at their provider. An order that charged nothing (a free order, a
 * subscription's first order in its trial) never asks its provider for money: refunding it ends
 * its subscriptions and what it gave.
 *
 * Concurrency and crashes (refund-reservation.server.ts). The provider is called outside any
 * transaction (a call over the network must not hold the order's lock), so the amount is
 * reserved before it: under the order's lock, `refunded` grows by the amount, the history
 * records it (cause `manager:<id>`, the amount) and the refund's check job is enqueued, in one
 * transaction. A second refund at the same moment waits for that lock and sees only what is
 * left, so two refunds together never pass the total. Then:
 * - when the refund completes the order, its subscriptions end at the provider first: a refund
 *   refused after that leaves no subscription charging someone who was given everything back;
 * - the provider gives the money back under a key of the order, what was refunded before and
 *   the amount: the same refund asked again (after an unclear answer, or by the check) is the
 *   same refund at the provider, not a second one;
 * - a refusal gives the reservation back (the sum and its history line) and the manager may try
 *   again; a refund the provider made after all comes back with its webhook, which raises
 *   `refunded` to the provider's own sum;
 * - a crash anywhere after the reservation leaves its check (`orders.refund-check`, minutes
 *   later), which asks the provider again with the same key and finishes the refund (refunded,
 *   access revoked, once), or gives the reservation back if the provider refuses.
 * The provider's own webhook for this refund arrives later and finds nothing left to do.
 */
export async function refundOrder(
  deps: Deps,
  { accountId, viewer, orderId, amount, now = new Date() }: Command & { amount?: number },
): Promise<OrderRow> {
  const reserved = await reserveRefund(deps, { accountId, viewer, orderId, amount, now });
  await refundAtProvider(deps, reserved);
  return settleRefund(deps, {
    accountId,
    orderId,
    completes: reserved.completes,
    cause: `manager:${viewer!.user.id}`,
    now,
  });
}

/**
 * A sale made elsewhere (cash, an invoice) recorded by a manager for a member: a paid manual
 * order that the queue fulfils like any other, so access follows the same single path.
 */
export async function recordManualOrder(
  { database, jobs }: Deps,
  {
    accountId,
    viewer,
    userEmail,
    productIds,
    currency,
    now = new Date(),
  }: {
    accountId: string;
    viewer: Viewer | null;
    userEmail: string;
    productIds: string[];
    currency: string;
    now?: Date;
  },
): Promise<OrderRow> {
  requireCapability(viewer, "manage_options");
  return database.forAccount(accountId, async (tx) => {
    // The buyer must already be a member of this site; members keep their address.
    const [person] = await tx
      .select({ id: members.userId, email: members.email })
      .from(members)
      .where(
        and(eq(members.accountId, accountId), sql`lower(${members.email}) = lower(${userEmail})`),
      );
    if (!person) throw new AppError({ code: "order.notFound" });
    const lines = await priceCartLines(tx, {
      accountId,
      lines: productIds.map((id) => ({ id, quantity: 1 })),
      currency,
      now,
    });
    const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        accountId,
        userId: person.id,
        email: person.email,
        currency,
        subtotal,
        total: subtotal,
        provider: "manual",
        checkoutKey: crypto.randomUUID(),
        createdAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(orderItemRows(accountId, order!.id, lines));
    await tx.insert(orderEvents).values({
      accountId,
      orderId: order!.id,
      toStatus: "pending",
      cause: `manager:${viewer!.user.id}`,
      createdAt: now,
    });
    return settlePayment(tx, {
      jobs,
      order: order!,
      outcome: "paid",
      cause: `manager:${viewer!.user.id}`,
      now,
    });
  });
}
