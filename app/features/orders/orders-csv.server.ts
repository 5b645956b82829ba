// The shop's orders as CSV (managers): every order of the screen's search and filters, newest
// first, amounts in the currency's major unit. A cell a spreadsheet would read as a formula
// (=, +, -, @, a tab or a carriage return first) is written as text.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { minorToMajor, currencyDigits } from "~/features/cart/cart";
import { members } from "~/features/members/tables.server";
import { toCsv } from "~/platform/csv";
import type { Database } from "~/platform/db/database.server";
import { orderFilters, requireShopManager, type OrdersRequest } from "./order-lists.server";
import { parseShopQuery } from "./order-views";
import { orderItems, orders } from "./tables.server";

/** At most this many orders in one file; a bigger shop narrows its dates. */
export const ORDERS_CSV_LIMIT = 50_000;

const money = (minor: number, currency: string) =>
  minorToMajor(minor, currency).toFixed(currencyDigits(currency));

const header = [
  "number",
  "created_at",
  "status",
  "provider",
  "name",
  "email",
  "items",
  "currency",
  "subtotal",
  "discount",
  "total",
  "refunded",
  "coupon",
  "paid_at",
  "closed_at",
];

export async function exportOrdersCsv(
  database: Database,
  { account, viewer, search }: OrdersRequest & { search: URLSearchParams },
): Promise<{ filename: string; csv: string }> {
  requireShopManager(viewer);
  const query = parseShopQuery(search);
  const { accountId } = account;
  const rows = await database.forAccount(accountId, async (tx) => {
    const found = await tx
      .select({ order: orders, name: members.name })
      .from(orders)
      .leftJoin(members, and(eq(members.accountId, accountId), eq(members.userId, orders.userId)))
      .where(and(...orderFilters(accountId, query)))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(ORDERS_CSV_LIMIT);
    const items = new Map<string, string[]>();
    const ids = found.map((row) => row.order.id);
    for (let at = 0; at < ids.length; at += 1000) {
      const lines = await tx
        .select({
          orderId: orderItems.orderId,
          title: orderItems.title,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(
          and(
            eq(orderItems.accountId, accountId),
            inArray(orderItems.orderId, ids.slice(at, at + 1000)),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.position));
      for (const line of lines) {
        const list = items.get(line.orderId) ?? [];
        list.push(line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title);
        items.set(line.orderId, list);
      }
    }
    return found.map((row) => ({ ...row, items: items.get(row.order.id) ?? [] }));
  });
  const data = rows.map(({ order, name, items }) => [
    order.number,
    order.createdAt.toISOString(),
    order.status,
    order.provider,
    name,
    order.email,
    items.join("; "),
    order.currency,
    money(order.subtotal, order.currency),
    money(order.discount, order.currency),
    money(order.total, order.currency),
    money(order.refunded, order.currency),
    order.coupon,
    order.paidAt?.toISOString() ?? null,
    order.closedAt?.toISOString() ?? null,
  ]);
  const stamp = new Date().toISOString().slice(0, 10);
  return { filename: `orders-${account.slug}-${stamp}.csv`, csv: toCsv({ fields: header, data }) };
}
