import { and, eq, sql } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import { refundPayment } from "~/features/payments/payments.server";
import { priceCartLines } from "~/features/products/products.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { requireMove } from "./order-machine.server";
import type { OrderDeps } from "./order-jobs";
import { renewOfflineSubscription } from "./offline-renewals.server";
import { lockOrder, orderItemRows, type OrderRow } from "./queries.server";
import { settlePayment } from "./settle-payment.server";
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

/**
 * A refund: the provider gives the money back first (a refusal changes nothing here), then the
 * order becomes refunded and loses what it gave in one transaction. The provider's own
 * "refunded" webhook arrives later and finds nothing left to do.
 */
export async function refundOrder(
  deps: Deps,
  { accountId, viewer, orderId, now = new Date() }: Command,
): Promise<OrderRow> {
  const { database, jobs } = deps;
  requireCapability(viewer, "manage_options");
  const order = await database.forAccount(accountId, (tx) => lockedOrder(tx, accountId, orderId));
  if (order.status !== "paid" && order.status !== "fulfilled")
    throw new AppError({ code: "order.transitionRefused" });
  if (order.provider !== "offline" && order.provider !== "manual")
    await refundPayment(deps, { accountId, order });
  return database.forAccount(accountId, async (tx) => {
    const current = await lockedOrder(tx, accountId, orderId);
    return settlePayment(tx, {
      jobs,
      order: current,
      outcome: "refunded",
      cause: `manager:${viewer!.user.id}`,
      now,
    });
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
