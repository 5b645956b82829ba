import { and, eq, ne, sql } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import { endSubscriptionAtProvider, refundPayment } from "~/features/payments/payments.server";
import { priceCartLines } from "~/features/products/products.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { requireMove } from "./order-machine.server";
import type { OrderDeps } from "./order-jobs";
import { renewOfflineSubscription } from "./offline-renewals.server";
import { lockOrder, orderItemRows, type OrderRow } from "./queries.server";
import { settlePayment } from "./settle-payment.server";
import { orderEvents, orderItems, orders, subscriptions } from "./tables.server";

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

/** A pending order the manager (or its buyer) gives up on; it never counts its coupon. */
export async function cancelOrder(
  { database }: Deps,
  { accountId, viewer, orderId, now = new Date() }: Command,
): Promise<OrderRow> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  return database.forAccount(accountId, async (tx) => {
    const order = await lockedOrder(tx, accountId, orderId);
    const own = order.userId === viewer.user.id;
    if (!own) requireCapability(viewer, "manage_options");
    return requireMove(tx, {
      accountId,
      orderId,
      to: "cancelled",
      cause: `${own ? "buyer" : "manager"}:${viewer.user.id}`,
      now,
    });
  });
}

/** A subscription of the order (a renewal: the one it paid for) that still runs somewhere. */
function liveSubscriptionsOf(tx: Tx, order: OrderRow) {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, order.accountId),
        order.renewalOf
          ? eq(subscriptions.id, order.renewalOf)
          : eq(subscriptions.orderId, order.id),
        ne(subscriptions.status, "ended"),
      ),
    );
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
 * Concurrency and crashes. The provider is called outside any transaction (a call over the
 * network must not hold the order's lock), so the amount is reserved before it: under the
 * order's lock, `refunded` grows by the amount and the history records it (cause
 * `manager:<id>`, the amount), in one transaction. A second refund at the same moment waits for
 * that lock and sees only what is left, so two refunds together never pass the total. Then:
 * - when the refund completes the order, its subscriptions end at the provider first: a refund
 *   refused after that leaves no subscription charging someone who was given everything back;
 * - the provider gives the money back under a key of the order, what was refunded before and
 *   the amount: the same refund asked again (after an unclear answer) is the same refund at the
 *   provider, not a second one;
 * - a refusal gives the reservation back (the sum and its history line) and the manager may try
 *   again; a refund the provider made after all comes back with its webhook, which raises
 *   `refunded` to the provider's own sum;
 * - a crash between the reservation and the provider's answer leaves the reservation: the order
 *   shows a refund the provider may not have made (never more than the total); its history line
 *   says who asked and when, for the manager to check at the provider. A crash after the
 *   provider's answer leaves the last step (refunded, access revoked) to the provider's refund
 *   webhook, which finds the sum already counted.
 * The provider's own webhook for this refund arrives later and finds nothing left to do.
 */
export async function refundOrder(
  deps: Deps,
  { accountId, viewer, orderId, amount, now = new Date() }: Command & { amount?: number },
): Promise<OrderRow> {
  const { database, jobs } = deps;
  requireCapability(viewer, "manage_options");
  const cause = `manager:${viewer!.user.id}`;
  const reserved = await database.forAccount(accountId, async (tx) => {
    const order = await lockedOrder(tx, accountId, orderId);
    if (order.status !== "paid" && order.status !== "fulfilled")
      throw new AppError({ code: "order.transitionRefused" });
    const left = order.total - order.refunded;
    if (amount !== undefined && amount > left)
      throw new AppError({ code: "order.refundTooLarge", details: { left } });
    const give = amount ?? left;
    // Everything left is already being refunded by another request.
    if (order.total > 0 && give <= 0) throw new AppError({ code: "order.transitionRefused" });
    const completes = order.refunded + give >= order.total;
    const subs = completes ? await liveSubscriptionsOf(tx, order) : [];
    const before = order.refunded;
    if (give === 0) return { order, give, eventId: null, completes, subs, before };
    const [row] = await tx
      .update(orders)
      .set({ refunded: order.refunded + give })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
      .returning();
    const [event] = await tx
      .insert(orderEvents)
      .values({
        accountId,
        orderId,
        fromStatus: order.status,
        toStatus: order.status,
        cause,
        amount: give,
        createdAt: now,
      })
      .returning({ id: orderEvents.id });
    return { order: row!, give, eventId: event!.id, completes, subs, before };
  });
  const { order, give, completes } = reserved;
  try {
    for (const sub of reserved.subs)
      if (sub.providerRef)
        await endSubscriptionAtProvider(deps, {
          accountId,
          provider: sub.provider,
          subscriptionRef: sub.providerRef,
        });
    if (give > 0)
      await refundPayment(deps, {
        accountId,
        order,
        amount: give,
        refundKey: `${order.id}:${reserved.before}:${give}`,
      });
  } catch (error) {
    if (reserved.eventId)
      await releaseRefund(deps, { accountId, orderId, eventId: reserved.eventId, give });
    throw error;
  }
  return database.forAccount(accountId, async (tx) => {
    const current = await lockedOrder(tx, accountId, orderId);
    if (!completes) return current;
    return settlePayment(tx, { jobs, order: current, outcome: "refunded", cause, now });
  });
}

/**
 * A refund the provider refused: its reservation is given back, unless the order was refunded
 * meanwhile (the provider's webhook said it was, after all). A failure here is logged; the
 * provider's refusal is what the manager is told.
 */
async function releaseRefund(
  { database, logger }: Deps,
  {
    accountId,
    orderId,
    eventId,
    give,
  }: { accountId: string; orderId: string; eventId: string; give: number },
): Promise<void> {
  try {
    await database.forAccount(accountId, async (tx) => {
      const order = await lockedOrder(tx, accountId, orderId);
      if (order.status !== "paid" && order.status !== "fulfilled") return;
      await tx
        .update(orders)
        .set({ refunded: sql`greatest(${orders.refunded} - ${give}, 0)` })
        .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
      await tx
        .delete(orderEvents)
        .where(and(eq(orderEvents.accountId, accountId), eq(orderEvents.id, eventId)));
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "a refused refund's reservation was not given back");
  }
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
