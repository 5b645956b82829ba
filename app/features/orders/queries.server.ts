import { and, asc, eq } from "drizzle-orm";
import type { PricedLine } from "~/features/products/products.server";
import type { Tx } from "~/platform/db/database.server";
import { orderItems, orders } from "./tables.server";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function orderById(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.id, id)));
  return row ?? null;
}

/** The order with its row locked until the transaction ends (every move takes this lock). */
export async function lockOrder(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.id, id)))
    .for("update");
  return row ?? null;
}

export async function orderByCheckoutKey(
  tx: Tx,
  { accountId, checkoutKey }: { accountId: string; checkoutKey: string },
) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.checkoutKey, checkoutKey)));
  return row ?? null;
}

export async function orderByProviderRef(
  tx: Tx,
  {
    accountId,
    provider,
    providerRef,
  }: { accountId: string; provider: OrderRow["provider"]; providerRef: string },
) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.provider, provider),
        eq(orders.providerRef, providerRef),
      ),
    );
  return row ?? null;
}

export async function itemsOf(
  tx: Tx,
  { accountId, orderId }: { accountId: string; orderId: string },
) {
  return tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.position));
}

/** The rows of an order's items: each price copied, so later edits never change an order. */
export function orderItemRows(accountId: string, orderId: string, lines: PricedLine[]) {
  return lines.map((line, position) => ({
    accountId,
    orderId,
    position,
    productId: line.productId,
    priceId: line.priceId,
    title: line.title,
    billing: line.billing,
    amount: line.unitAmount,
    quantity: line.quantity,
    trialDays: line.trialDays,
    iterations: line.iterations,
    frequency: line.frequency,
  }));
}
