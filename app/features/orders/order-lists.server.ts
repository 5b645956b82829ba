// The orders screens' reads: a member's own orders, the shop's orders searched, filtered and
// paged for managers, and one order with its items and history for the manager's drawer.
// Read-only; each runs in one transaction of the account.
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import { members } from "~/features/members/tables.server";
import { can, requireCapability, type Viewer } from "~/features/members/members.server";
import { products } from "~/features/products/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  ORDERS_PAGE_SIZE,
  type MemberOrder,
  type OrderDetail,
  type OrderLine,
  type Paged,
  type ShopOrderRow,
  type ShopQuery,
} from "./order-views";
import { orderEvents, orderItems, orders } from "./tables.server";

export type OrdersRequest = { account: AccountSummary; viewer: Viewer | null };

/** Managers see the shop; everyone else their own orders. */
export const isShopManager = (viewer: Viewer | null) => can(viewer, "manage_options");

export function requireShopManager(viewer: Viewer | null): asserts viewer is Viewer {
  requireCapability(viewer, "manage_options");
}

/** `%` and `_` typed by a person are letters, not wildcards. */
/** Which rows of a list: a screen's page of them, or (a CSV) all of them up to a bound. */
export type RowWindow = { limit: number; offset: number };
export const pageWindow = (query: { page: number }): RowWindow => ({
  limit: ORDERS_PAGE_SIZE,
  offset: (query.page - 1) * ORDERS_PAGE_SIZE,
});

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function linesOf(tx: Tx, accountId: string, orderIds: string[]) {
  const byOrder = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.accountId, accountId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  for (const row of rows) {
    const lines = byOrder.get(row.orderId) ?? [];
    lines.push({
      title: row.title,
      quantity: row.quantity,
      amount: row.amount,
      billing: row.billing,
      frequency: row.frequency ?? null,
    });
    byOrder.set(row.orderId, lines);
  }
  return byOrder;
}

type OrderRow = typeof orders.$inferSelect;

function memberOrder(row: OrderRow, items: OrderLine[]): MemberOrder {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    provider: row.provider,
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    dueLater: row.dueLater,
    refunded: row.refunded,
    coupon: row.coupon,
    items,
    ...transferOf(row),
    renewal: row.renewalOf !== null,
  };
}

/** What a pending bank transfer shows its buyer: the instructions, and a renewal's due date. */
function transferOf(row: OrderRow): Pick<MemberOrder, "instructions" | "dueAt"> {
  if (row.provider !== "offline" || row.status !== "pending")
    return { instructions: null, dueAt: null };
  const start = (row.paymentStart ?? {}) as { instructions?: unknown; dueAt?: unknown };
  return {
    instructions: typeof start.instructions === "string" ? start.instructions : "",
    dueAt: typeof start.dueAt === "string" ? start.dueAt : null,
  };
}

/** A member's own orders on this site, newest first (every status: a pending transfer too). */
export async function listMyOrders(
  database: Database,
  { account, viewer, limit = 200 }: OrdersRequest & { limit?: number },
): Promise<MemberOrder[]> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.userId, viewer.user.id)))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit);
    const lines = await linesOf(
      tx,
      accountId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => memberOrder(row, lines.get(row.id) ?? []));
  });
}

/** The filters of the shop's order search, shared by the screen and the CSV. */
export function orderFilters(accountId: string, query: ShopQuery): SQL[] {
  const filters: SQL[] = [eq(orders.accountId, accountId)];
  const q = query.q;
  if (q) {
    const pattern = likePattern(q);
    const match: SQL[] = [ilike(orders.email, pattern), ilike(members.name, pattern)];
    const number = /^#?(\d{1,9})$/.exec(q);
    if (number) match.push(eq(orders.number, Number(number[1])));
    filters.push(or(...match)!);
  }
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.provider) filters.push(eq(orders.provider, query.provider));
  if (query.from) filters.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    filters.push(lt(orders.createdAt, end));
  }
  return filters;
}

const memberOfOrder = (accountId: string) =>
  and(eq(members.accountId, accountId), eq(members.userId, orders.userId));

/** The shop's orders matching the query, newest first, a page at a time; managers only. */
export async function searchShopOrders(
  database: Database,
  { account, viewer, query }: OrdersRequest & { query: ShopQuery },
): Promise<Paged<ShopOrderRow>> {
  requireShopManager(viewer);
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    const itemCount = tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, orders.id)));
    const rows = await tx
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        provider: orders.provider,
        currency: orders.currency,
        total: orders.total,
        email: orders.email,
        name: members.name,
        items: sql<number>`(${itemCount})`,
        count: sql<number>`count(*) over ()::int`,
      })
      .from(orders)
      .leftJoin(members, memberOfOrder(accountId))
      .where(and(...orderFilters(accountId, query)))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ORDERS_PAGE_SIZE);
    let total = rows[0]?.count ?? 0;
    if (rows.length === 0 && query.page > 1) {
      // Past the last page: the count still tells the screen how many pages there are.
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .leftJoin(members, memberOfOrder(accountId))
        .where(and(...orderFilters(accountId, query)));
      total = counted?.n ?? 0;
    }
    return {
      rows: rows.map(({ count: _count, createdAt, items, ...row }) => ({
        ...row,
        items: Number(items),
        createdAt: createdAt.toISOString(),
      })),
      total,
      page: query.page,
      pageSize: ORDERS_PAGE_SIZE,
    };
  });
}

/** One order with its lines, buyer and every move it made; managers only (404 if none). */
export async function loadOrderDetail(
  database: Database,
  { account, viewer, orderId }: OrdersRequest & { orderId: string },
): Promise<OrderDetail> {
  requireShopManager(viewer);
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    const [found] = await tx
      .select({ order: orders, name: members.name })
      .from(orders)
      .leftJoin(members, memberOfOrder(accountId))
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
    if (!found) throw new AppError({ code: "order.notFound" });
    const { order } = found;
    const lines = await linesOf(tx, accountId, [order.id]);
    const events = await tx
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.accountId, accountId), eq(orderEvents.orderId, order.id)))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
    return {
      ...memberOrder(order, lines.get(order.id) ?? []),
      email: order.email,
      name: found.name,
      paidAt: iso(order.paidAt),
      fulfilledAt: iso(order.fulfilledAt),
      closedAt: iso(order.closedAt),
      failureReason: order.failureReason,
      events: events.map((event) => ({
        id: event.id,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        cause: event.cause,
        amount: event.amount,
        createdAt: event.createdAt.toISOString(),
      })),
    };
  });
}

/** What a manager may record a manual order for: the site's published products, by title. */
export async function manualOrderProducts(
  database: Database,
  { account, viewer }: OrdersRequest,
): Promise<{ id: string; title: string }[]> {
  requireShopManager(viewer);
  const { accountId } = account;
  return database.forAccount(accountId, (tx) =>
    tx
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.status, "published")))
      .orderBy(asc(products.title))
      .limit(500),
  );
}
