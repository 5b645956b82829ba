/**
 * Orders as the shop would have them, written straight into the tables (orders, items, their
 * history of moves and a subscription) through the account's unit of work, so tests and browser
 * specs can show lists, reports and documents without a payment provider. The moves recorded
 * are the state machine's own path to the status asked for.
 */
import { randomUUID } from "node:crypto";
import type { OrderProvider, OrderStatus, SubscriptionStatus } from "~/features/orders/orders";
import { orderEvents, orderItems, orders, subscriptions } from "~/features/orders/tables.server";
import { productGrants, productPrices, products } from "~/features/products/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";

export type OrderItemSeed = {
  title: string;
  /** Unit amount, minor units. */
  amount: number;
  quantity?: number;
  productId?: string;
  billing?: "one_time" | "subscription" | "installments";
  interval?: "month" | "year";
};

export type OrderSeed = {
  accountId: string;
  userId: string;
  email: string;
  status?: OrderStatus;
  provider?: OrderProvider;
  currency?: string;
  items?: OrderItemSeed[];
  coupon?: string | null;
  discount?: number;
  refunded?: number;
  createdAt?: Date;
  /** When it was paid (paid, fulfilled, refunded orders); default: `createdAt`. */
  paidAt?: Date;
  /** When a refund, failure or cancellation closed it; default: `paidAt` or `createdAt`. */
  closedAt?: Date;
  /** A subscription started by the first recurring item (or the first item). */
  subscription?: {
    status: SubscriptionStatus;
    currentPeriodEnd?: Date | null;
    cancelAtPeriodEnd?: boolean;
    createdAt?: Date;
    paymentsLeft?: number | null;
  };
};

/** The moves from pending to `status`, as the state machine makes them. */
const pathTo: Record<OrderStatus, OrderStatus[]> = {
  pending: [],
  paid: ["paid"],
  fulfilled: ["paid", "fulfilled"],
  failed: ["failed"],
  cancelled: ["cancelled"],
  refunded: ["paid", "fulfilled", "refunded"],
};

/** Inside the caller's transaction (scoped to the order's account). */
export async function insertOrder(tx: Tx, seed: OrderSeed) {
  const {
    accountId,
    status = "fulfilled",
    provider = "stripe",
    currency = "USD",
    createdAt = new Date(),
    discount = 0,
  } = seed;
  const items = seed.items ?? [{ title: "Course", amount: 4900 }];
  const subtotal = items.reduce((sum, item) => sum + item.amount * (item.quantity ?? 1), 0);
  const total = Math.max(subtotal - discount, 0);
  const moves = pathTo[status];
  const paidAt = moves.includes("paid") ? (seed.paidAt ?? createdAt) : null;
  const closedAt =
    status === "refunded" || status === "failed" || status === "cancelled"
      ? (seed.closedAt ?? paidAt ?? createdAt)
      : null;
  const [order] = await tx
    .insert(orders)
    .values({
      accountId,
      userId: seed.userId,
      email: seed.email,
      coupon: seed.coupon ?? null,
      currency,
      subtotal,
      discount,
      total,
      refunded: status === "refunded" ? (seed.refunded ?? total) : (seed.refunded ?? 0),
      provider,
      providerRef: provider === "manual" || provider === "offline" ? null : `ref_${randomUUID()}`,
      status,
      checkoutKey: randomUUID(),
      createdAt,
      paidAt,
      fulfilledAt: moves.includes("fulfilled") ? paidAt : null,
      closedAt,
    })
    .returning();
  const rows = items.map((item, position) => ({
    accountId,
    orderId: order!.id,
    position,
    productId: item.productId ?? randomUUID(),
    priceId: randomUUID(),
    title: item.title,
    billing: item.billing ?? "one_time",
    amount: item.amount,
    quantity: item.quantity ?? 1,
    frequency: item.interval ? { value: 1, parameter: item.interval } : null,
  }));
  await tx.insert(orderItems).values(rows);
  let from: OrderStatus | null = null;
  let at = createdAt.getTime();
  for (const to of ["pending", ...moves] as OrderStatus[]) {
    await tx.insert(orderEvents).values({
      accountId,
      orderId: order!.id,
      fromStatus: from,
      toStatus: to,
      cause:
        to === "pending" ? "checkout" : to === "fulfilled" ? "job:fulfil" : `${provider}:evt_${at}`,
      createdAt: new Date(at),
    });
    from = to;
    at += 1000;
  }
  let subscriptionId: string | null = null;
  if (seed.subscription) {
    const item = rows.find((row) => row.billing !== "one_time") ?? rows[0]!;
    const [row] = await tx
      .insert(subscriptions)
      .values({
        accountId,
        orderId: order!.id,
        position: item.position,
        userId: seed.userId,
        productId: item.productId,
        provider,
        providerRef: order!.providerRef,
        status: seed.subscription.status,
        amount: item.amount,
        currency,
        interval: item.frequency?.parameter ?? "month",
        paymentsLeft: seed.subscription.paymentsLeft ?? null,
        currentPeriodEnd:
          seed.subscription.currentPeriodEnd === undefined
            ? new Date(createdAt.getTime() + 30 * 86_400_000)
            : seed.subscription.currentPeriodEnd,
        cancelAtPeriodEnd: seed.subscription.cancelAtPeriodEnd ?? false,
        createdAt: seed.subscription.createdAt ?? createdAt,
      })
      .returning({ id: subscriptions.id });
    subscriptionId = row!.id;
  }
  return { order: order!, items: rows, subscriptionId };
}

export function createOrder(database: Database, seed: OrderSeed) {
  return database.forAccount(seed.accountId, (tx) => insertOrder(tx, seed));
}

/** Many orders in one transaction (lists and paging). */
export function createOrders(database: Database, accountId: string, seeds: OrderSeed[]) {
  return database.forAccount(accountId, async (tx) => {
    const made = [];
    for (const seed of seeds) made.push(await insertOrder(tx, seed));
    return made;
  });
}

/** A published product priced in `currency` that grants the given courses or levels. */
export async function createGrantingProduct(
  database: Database,
  {
    accountId,
    title,
    amount = 4900,
    currency = "USD",
    courseIds = [],
    membershipIds = [],
  }: {
    accountId: string;
    title: string;
    amount?: number;
    currency?: string;
    courseIds?: string[];
    membershipIds?: string[];
  },
) {
  return database.forAccount(accountId, async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({
        accountId,
        title,
        slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 6)}`,
        kind: membershipIds.length > 0 && courseIds.length === 0 ? "membership" : "course",
        status: "published",
      })
      .returning();
    await tx.insert(productPrices).values({ accountId, productId: product!.id, currency, amount });
    const grants = [
      ...courseIds.map((targetId) => ({ target: "course" as const, targetId })),
      ...membershipIds.map((targetId) => ({ target: "membership" as const, targetId })),
    ];
    if (grants.length > 0)
      await tx
        .insert(productGrants)
        .values(grants.map((grant) => ({ accountId, productId: product!.id, ...grant })));
    return product!;
  });
}
