// The shop's reports for managers: its customers (who ordered, how often, what they spent) and
// its revenue per day with the MRR of its subscriptions over a chosen period.
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { dayIn, withinDays, type DayRange } from "~/platform/db/day-range.server";
import {
  likePattern,
  pageWindow,
  requireShopManager,
  type OrdersRequest,
  type RowWindow,
} from "./order-lists.server";
import {
  ORDERS_PAGE_SIZE,
  revenuePeriodDays,
  type CustomerRow,
  type Paged,
  type RevenueReport,
  type ShopQuery,
} from "./order-views";
import { orderEvents, orders, subscriptions } from "./tables.server";

const DAY = 86_400_000;
/** Orders whose money the shop kept. */
const keptStatuses = ["paid", "fulfilled"] as const;

/** People who placed an order: their orders, what paid orders came to, their last order. */
export async function listCustomers(
  database: Database,
  { account, viewer, query }: OrdersRequest & { query: ShopQuery },
  /** The screen's page by default; the CSV asks for every row at once. */
  { limit, offset }: RowWindow = pageWindow(query),
): Promise<Paged<CustomerRow>> {
  requireShopManager(viewer);
  const { accountId } = account;
  const filters: SQL[] = [eq(orders.accountId, accountId)];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(orders.email, pattern), ilike(members.name, pattern))!);
  }
  return database.forAccount(accountId, async (tx) => {
    const lastOrder = sql<Date>`max(${orders.createdAt})`.mapWith(orders.createdAt);
    const people = await tx
      .select({
        userId: orders.userId,
        name: members.name,
        email: sql<string>`coalesce(${members.email}, max(${orders.email}))`,
        orders: sql<number>`count(*)::int`,
        lastOrderAt: lastOrder,
        count: sql<number>`count(*) over ()::int`,
      })
      .from(orders)
      .leftJoin(members, and(eq(members.accountId, accountId), eq(members.userId, orders.userId)))
      .where(and(...filters))
      .groupBy(orders.userId, members.name, members.email)
      .orderBy(desc(lastOrder), orders.userId)
      .limit(limit)
      .offset(offset);
    const ids = people.map((person) => person.userId);
    const sums =
      ids.length === 0
        ? []
        : await tx
            .select({
              userId: orders.userId,
              currency: orders.currency,
              amount: sql<number>`sum(${orders.total} - ${orders.refunded})::int`,
            })
            .from(orders)
            .where(
              and(
                eq(orders.accountId, accountId),
                inArray(orders.userId, ids),
                inArray(orders.status, [...keptStatuses]),
              ),
            )
            .groupBy(orders.userId, orders.currency)
            .orderBy(orders.currency);
    return {
      rows: people.map((person) => ({
        userId: person.userId,
        name: person.name,
        email: person.email,
        orders: person.orders,
        spent: sums
          .filter((sum) => sum.userId === person.userId)
          .map(({ currency, amount }) => ({ currency, amount: Number(amount) })),
        lastOrderAt: person.lastOrderAt.toISOString(),
      })),
      total: people[0]?.count ?? 0,
      page: query.page,
      pageSize: ORDERS_PAGE_SIZE,
    };
  });
}

/** A subscription's amount per month: monthly as it is, annual / 12. */
export function monthlyAmount({ amount, interval }: { amount: number; interval: string }): number {
  return interval === "year" ? amount / 12 : amount;
}

type SubscriptionFacts = {
  status: string;
  amount: number;
  interval: string;
  createdAt: Date;
  currentPeriodEnd: Date | null;
};

/**
 * Today's MRR: every active subscription's monthly amount (annual ones / 12), rounded to the
 * minor unit once at the end. Trials have not paid yet; past-due, cancelled and ended ones are
 * not being paid.
 */
export function currentMrr(rows: SubscriptionFacts[]): number {
  return Math.round(
    rows.filter((row) => row.status === "active").reduce((sum, row) => sum + monthlyAmount(row), 0),
  );
}

const dayKey = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * MRR on each day: an active subscription counts from the day it started; one that is no longer
 * active counted from its start until the end of the last period it paid for (or until today,
 * whichever is first); a trial counts nothing. Today's point equals `currentMrr`.
 */
export function mrrByDay(rows: SubscriptionFacts[], { since, now }: { since: Date; now: Date }) {
  const start = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const changes = new Map<number, number>();
  const add = (at: number, value: number) => changes.set(at, (changes.get(at) ?? 0) + value);
  const floorDay = (date: Date) => Math.floor(date.getTime() / DAY) * DAY;
  for (const row of rows) {
    if (row.status === "trialing") continue;
    const from = Math.max(floorDay(row.createdAt), start);
    let until = Number.POSITIVE_INFINITY;
    if (row.status !== "active") {
      if (!row.currentPeriodEnd) continue;
      until = Math.min(floorDay(row.currentPeriodEnd), today);
    }
    if (until <= from) continue;
    add(from, monthlyAmount(row));
    if (Number.isFinite(until)) add(until, -monthlyAmount(row));
  }
  const points = new Map<string, number>();
  let running = 0;
  for (let at = start; at <= today; at += DAY) {
    running += changes.get(at) ?? 0;
    points.set(dayKey(at), Math.round(running));
  }
  return points;
}

/**
 * What the shop kept per day an order was paid (total less refunds, of paid and fulfilled
 * orders) and how many such orders, per currency (or in `currency` only), in the range's time
 * zone; days without any are absent.
 */
export function keptRevenuePerDay(
  tx: Tx,
  { accountId, range, currency }: { accountId: string; range: DayRange; currency?: string },
) {
  return tx
    .select({
      day: dayIn(orders.paidAt, range.timeZone),
      currency: orders.currency,
      revenue: sql<number>`sum(${orders.total} - ${orders.refunded})`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        currency ? eq(orders.currency, currency) : undefined,
        inArray(orders.status, [...keptStatuses]),
        withinDays(orders.paidAt, range),
      ),
    )
    .groupBy(sql`1`, orders.currency)
    .orderBy(sql`1`, orders.currency);
}

/**
 * The account's revenue per day of `range` and currency (`keptRevenuePerDay`), for its reports:
 * the caller has checked who may see them.
 */
export function dailyRevenue(
  database: Database,
  accountId: string,
  range: DayRange,
): Promise<{ day: string; currency: string; revenue: number; orders: number }[]> {
  return database.forAccount(accountId, (tx) => keptRevenuePerDay(tx, { accountId, range }));
}

/**
 * The money given back in [since, until), by when it went back: every refund the orders'
 * history records with its amount (a part, or the rest that closed an order), and for an order
 * refunded before history lines carried amounts, its refunded sum on the day it closed.
 */
async function refundedWithin(
  tx: Tx,
  {
    accountId,
    currency,
    since,
    until,
  }: { accountId: string; currency: string; since: Date; until: Date },
): Promise<number> {
  const [moved] = await tx
    .select({ amount: sql<number>`coalesce(sum(${orderEvents.amount}), 0)`.mapWith(Number) })
    .from(orderEvents)
    .innerJoin(
      orders,
      and(eq(orders.accountId, orderEvents.accountId), eq(orders.id, orderEvents.orderId)),
    )
    .where(
      and(
        eq(orderEvents.accountId, accountId),
        eq(orders.currency, currency),
        isNotNull(orderEvents.amount),
        gte(orderEvents.createdAt, since),
        lt(orderEvents.createdAt, until),
      ),
    );
  const [before] = await tx
    .select({ amount: sql<number>`coalesce(sum(${orders.refunded}), 0)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.currency, currency),
        eq(orders.status, "refunded"),
        gte(orders.closedAt, since),
        lt(orders.closedAt, until),
        sql`not exists (select 1 from ${orderEvents} e where e.account_id = ${orders.accountId}
          and e.order_id = ${orders.id} and e.amount is not null)`,
      ),
    );
  return (moved?.amount ?? 0) + (before?.amount ?? 0);
}

/**
 * Revenue per day (orders paid that day whose money the shop kept, in one currency) and MRR
 * per day over the period, with the period's totals: revenue, paid orders, refunds (by the
 * day the money went back, parts included) and today's MRR. The currency is the query's, else
 * the site's, else the one most orders are in.
 */
export async function loadRevenueReport(
  database: Database,
  { account, viewer, query, now = new Date() }: OrdersRequest & { query: ShopQuery; now?: Date },
): Promise<RevenueReport> {
  requireShopManager(viewer);
  const { accountId } = account;
  const days = revenuePeriodDays[query.period];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY);
  const until = new Date(today + DAY);
  return database.forAccount(accountId, async (tx) => {
    const used = await tx
      .select({ currency: orders.currency, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.accountId, accountId))
      .groupBy(orders.currency)
      .orderBy(desc(sql`count(*)`), orders.currency);
    const subscribed = await tx
      .selectDistinct({ currency: subscriptions.currency })
      .from(subscriptions)
      .where(eq(subscriptions.accountId, accountId));
    const currencies = [
      ...new Set([...used.map((row) => row.currency), ...subscribed.map((row) => row.currency)]),
    ].sort();
    const preferred = account.settings.currency?.toUpperCase();
    const currency =
      (query.currency && currencies.includes(query.currency) ? query.currency : null) ??
      (preferred && currencies.includes(preferred) ? preferred : null) ??
      used[0]?.currency ??
      preferred ??
      "USD";
    const perDay = await keptRevenuePerDay(tx, {
      accountId,
      currency,
      range: { from: dayKey(since.getTime()), to: dayKey(today), timeZone: "UTC" },
    });
    const refunded = await refundedWithin(tx, { accountId, currency, since, until });
    const subs = await tx
      .select({
        status: subscriptions.status,
        amount: subscriptions.amount,
        interval: subscriptions.interval,
        createdAt: subscriptions.createdAt,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.currency, currency)));
    const revenueOn = new Map(perDay.map((row) => [row.day, row]));
    const mrr = mrrByDay(subs, { since, now });
    const points = [...mrr.keys()].map((day) => ({
      day,
      revenue: Number(revenueOn.get(day)?.revenue ?? 0),
      orders: Number(revenueOn.get(day)?.orders ?? 0),
      mrr: mrr.get(day) ?? 0,
    }));
    return {
      period: query.period,
      currency,
      currencies: currencies.length > 0 ? currencies : [currency],
      days: points,
      totals: {
        revenue: points.reduce((sum, point) => sum + point.revenue, 0),
        orders: points.reduce((sum, point) => sum + point.orders, 0),
        refunded,
        mrr: currentMrr(subs),
        activeSubscriptions: subs.filter((row) => row.status === "active").length,
      },
    };
  });
}
