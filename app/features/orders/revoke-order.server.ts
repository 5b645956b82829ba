import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { revokeProducts } from "~/features/products/products.server";
import type { Tx } from "~/platform/db/database.server";
import { itemsOf, type OrderRow } from "./queries.server";
import { orderItems, orders, subscriptions } from "./tables.server";

/**
 * The products a person still holds through their other paid or fulfilled orders: not a
 * renewal (its subscription's order speaks for it), nor a subscription that has ended.
 */
export async function productsHeldElsewhere(tx: Tx, order: OrderRow, productIds: string[]) {
  if (productIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(
      orders,
      and(eq(orders.accountId, orderItems.accountId), eq(orders.id, orderItems.orderId)),
    )
    .where(
      and(
        eq(orders.accountId, order.accountId),
        eq(orders.userId, order.userId),
        ne(orders.id, order.id),
        inArray(orders.status, ["paid", "fulfilled"]),
        inArray(orderItems.productId, productIds),
        isNull(orders.renewalOf),
        sql`not exists (select 1 from ${subscriptions} s where s.account_id = ${orders.accountId}
          and s.order_id = ${orders.id} and s.position = ${orderItems.position}
          and s.status = 'ended')`,
      ),
    );
  return rows.map((row) => row.productId);
}

/**
 * A refunded order takes back what it gave — unless another paid order of the same person
 * still gives it — and its recurring payments end.
 */
export async function revokeOrder(tx: Tx, order: OrderRow): Promise<void> {
  if (order.renewalOf) {
    // A renewal refunded: the subscription it paid for ends, and with it what it gives.
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.accountId, order.accountId), eq(subscriptions.id, order.renewalOf)),
      );
    if (sub && sub.status !== "ended") await endSubscription(tx, sub);
    return;
  }
  const items = await itemsOf(tx, { accountId: order.accountId, orderId: order.id });
  const productIds = [...new Set(items.map((item) => item.productId))];
  await revokeProducts(tx, {
    accountId: order.accountId,
    userId: order.userId,
    orderId: order.id,
    productIds,
    keepProductIds: await productsHeldElsewhere(tx, order, productIds),
  });
  await tx
    .update(subscriptions)
    .set({ status: "ended" })
    .where(and(eq(subscriptions.accountId, order.accountId), eq(subscriptions.orderId, order.id)));
}

/**
 * A subscription ends now (the provider ended it, or its renewal was refunded): it takes back
 * what it gave, unless another paid order of the same person still gives it.
 */
export async function endSubscription(
  tx: Tx,
  sub: typeof subscriptions.$inferSelect,
): Promise<void> {
  const { accountId } = sub;
  await tx
    .update(subscriptions)
    .set({ status: "ended", cancelAtPeriodEnd: false })
    .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, sub.id)));
  const [first] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.id, sub.orderId)));
  if (!first) return;
  await revokeProducts(tx, {
    accountId,
    userId: sub.userId,
    orderId: sub.orderId,
    productIds: [sub.productId],
    keepProductIds: await productsHeldElsewhere(tx, first, [sub.productId]),
  });
}
