// Subscriptions as people see them: a member's own, the shop's for managers, and "cancel at
// period end" (a member their own, a manager any): the subscription keeps what it gives until
// the period it paid for ends, then the provider's renewal or the expiry job ends it.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  isShopManager,
  likePattern,
  pageWindow,
  requireShopManager,
  type OrdersRequest,
  type RowWindow,
} from "./order-lists.server";
import {
  cancellable,
  ORDERS_PAGE_SIZE,
  type Paged,
  type ShopQuery,
  type SubscriptionView,
} from "./order-views";
import { orderEvents, orderItems, orders, subscriptions } from "./tables.server";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Tells the payment provider to stop renewing at the period's end (Stripe's
 * `cancel_at_period_end`, PayPal's and Razorpay's cancel at cycle end); the orders feature's
 * wiring passes the payments adapter's call. Without it (offline, manual, or not wired yet)
 * only the stored subscription changes, and renewals of such subscriptions are not charged by
 * anyone but the site itself.
 */
export type ProviderCancel = (subscription: SubscriptionRow) => Promise<void>;

/** The cause stem of a "cancel at period end" in an order's history. */
export const SUBSCRIPTION_CANCEL_CAUSE = "subscription.cancelAtPeriodEnd";

const columns = {
  sub: subscriptions,
  orderNumber: orders.number,
  title: orderItems.title,
  name: members.name,
  email: orders.email,
};

/** Subscriptions with their order's number, their item's title and the buyer. */
function joined(tx: Tx, withCount = false) {
  return tx
    .select(withCount ? { ...columns, count: sql<number>`count(*) over ()::int` } : columns)
    .from(subscriptions)
    .innerJoin(
      orders,
      and(eq(orders.accountId, subscriptions.accountId), eq(orders.id, subscriptions.orderId)),
    )
    .leftJoin(
      orderItems,
      and(
        eq(orderItems.accountId, subscriptions.accountId),
        eq(orderItems.orderId, subscriptions.orderId),
        eq(orderItems.position, subscriptions.position),
      ),
    )
    .leftJoin(
      members,
      and(eq(members.accountId, subscriptions.accountId), eq(members.userId, subscriptions.userId)),
    );
}

type Joined = {
  sub: SubscriptionRow;
  orderNumber: number;
  title: string | null;
  name: string | null;
  email: string;
};

function view(row: Joined): SubscriptionView {
  const { sub } = row;
  return {
    id: sub.id,
    orderId: sub.orderId,
    orderNumber: row.orderNumber,
    title: row.title ?? "—",
    status: sub.status,
    provider: sub.provider,
    amount: sub.amount,
    currency: sub.currency,
    interval: sub.interval,
    paymentsLeft: sub.paymentsLeft,
    currentPeriodEnd: sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    buyer: { name: row.name ?? row.email, email: row.email },
  };
}

/** A member's own subscriptions, newest first. */
export async function listMySubscriptions(
  database: Database,
  { account, viewer }: OrdersRequest,
): Promise<SubscriptionView[]> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    const rows = await joined(tx)
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.userId, viewer.user.id)))
      .orderBy(desc(subscriptions.createdAt), asc(subscriptions.position));
    return rows.map(view);
  });
}

/** The shop's subscriptions (managers): by status, searched by buyer, a page at a time. */
export async function listShopSubscriptions(
  database: Database,
  { account, viewer, query }: OrdersRequest & { query: ShopQuery },
  /** The screen's page by default; the CSV asks for every row at once. */
  { limit, offset }: RowWindow = pageWindow(query),
): Promise<Paged<SubscriptionView>> {
  requireShopManager(viewer);
  const { accountId } = account;
  const filters: SQL[] = [eq(subscriptions.accountId, accountId)];
  if (query.subscriptionStatus) filters.push(eq(subscriptions.status, query.subscriptionStatus));
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      or(
        ilike(orders.email, pattern),
        ilike(members.name, pattern),
        ilike(orderItems.title, pattern),
      )!,
    );
  }
  return database.forAccount(accountId, async (tx) => {
    const rows = (await joined(tx, true)
      .where(and(...filters))
      .orderBy(
        sql`${subscriptions.currentPeriodEnd} asc nulls last`,
        desc(subscriptions.createdAt),
        asc(subscriptions.id),
      )
      .limit(limit)
      .offset(offset)) as (Joined & { count: number })[];
    return {
      rows: rows.map(view),
      total: rows[0]?.count ?? 0,
      page: query.page,
      pageSize: ORDERS_PAGE_SIZE,
    };
  });
}

/**
 * "Cancel at period end": a member for their own subscription, a manager for any (someone
 * else's is 404 to a member, as if it did not exist). Answers the subscription as it now is.
 * Asked again, it changes nothing. The change is recorded in the order's history, beside the
 * order's own moves (the order keeps its status; the cause names the subscription and who).
 */
export async function cancelSubscription(
  { database, providerCancel }: { database: Database; providerCancel?: ProviderCancel },
  {
    accountId,
    viewer,
    subscriptionId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; subscriptionId: string; now?: Date },
): Promise<SubscriptionView> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const manager = isShopManager(viewer);
  const find = (tx: Tx) =>
    joined(tx)
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, subscriptionId)))
      .for("update", { of: subscriptions });
  const [before] = await database.forAccount(accountId, find);
  if (!before || (!manager && before.sub.userId !== viewer.user.id))
    throw new AppError({ code: "order.notFound" });
  if (before.sub.cancelAtPeriodEnd) return view(before);
  if (!cancellable(before.sub)) throw new AppError({ code: "order.transitionRefused" });
  // The provider first: if it refuses, nothing here changes and the member may try again.
  if (providerCancel && before.sub.provider !== "offline" && before.sub.provider !== "manual")
    await providerCancel(before.sub);
  return database.forAccount(accountId, async (tx) => {
    const [row] = await find(tx);
    if (!row) throw new AppError({ code: "order.notFound" });
    if (row.sub.cancelAtPeriodEnd) return view(row);
    if (!cancellable(row.sub)) throw new AppError({ code: "order.transitionRefused" });
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, subscriptionId)));
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.id, row.sub.orderId)));
    const who = row.sub.userId === viewer.user.id ? "buyer" : "manager";
    await tx.insert(orderEvents).values({
      accountId,
      orderId: row.sub.orderId,
      fromStatus: order!.status,
      toStatus: order!.status,
      cause: `${SUBSCRIPTION_CANCEL_CAUSE}:${row.sub.position}:${who}:${viewer.user.id}`,
      createdAt: now,
    });
    return view({ ...row, sub: { ...row.sub, cancelAtPeriodEnd: true } });
  });
}
