// A subscription's later periods (decision 033). Access bought by a subscription lasts to the end
// of the period paid for plus a grace for the provider's retries; each renewal is an order of its
// own (revenue, receipts and refunds work as for any order) that lengthens the access; a
// subscription the provider ends closes it at once. Stripe, PayPal and Razorpay renew by
// themselves; offline ones by an order the sweep issues and a manager confirms
// (`offline-renewals.server.ts`); manual ones give the period they were paid for.
import { and, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import type { JobSender } from "./order-jobs";
import type { OrderItemFrequency } from "./tables.server";
import { orderByProviderRef, type OrderRow } from "./queries.server";
import { whenPaidOff } from "./paid-off.server";
import { endSubscription } from "./revoke-order.server";
import { settlePayment } from "./settle-payment.server";
import { orderEvents, orderItems, orders, subscriptions } from "./tables.server";

const DAY = 86_400_000;

/** How long access outlasts an unpaid period: the provider's retries of a failed renewal. */
export const RENEWAL_GRACE_DAYS = 3;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Thrown while the order or subscription an event names is not known yet: the queue retries. */
export class OrderNotYetKnown extends Error {
  override name = "OrderNotYetKnown";
}

/** The end of a period of `frequency` that starts at `from`. */
export function periodAfter(from: Date, frequency: OrderItemFrequency | { parameter: string }) {
  const end = new Date(from);
  const count = frequency && "value" in frequency ? frequency.value : 1;
  if (frequency?.parameter === "year") end.setUTCFullYear(end.getUTCFullYear() + count);
  else end.setUTCMonth(end.getUTCMonth() + count);
  return end;
}

/** Until when a subscription gives access: its period and the grace; paid off = for ever (null). */
export function accessEndFor(periodEnd: Date | null, paymentsLeft: number | null): Date | null {
  if (paymentsLeft === 0 || !periodEnd) return null;
  return new Date(periodEnd.getTime() + RENEWAL_GRACE_DAYS * DAY);
}

async function lockSubscription(
  tx: Tx,
  { accountId, provider, ref }: { accountId: string; provider: string; ref: string },
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        eq(subscriptions.provider, provider as SubscriptionRow["provider"]),
        eq(subscriptions.providerRef, ref),
      ),
    )
    .for("update");
  return row ?? null;
}

export type SubscriptionNews = {
  type: "renewed" | "renewalFailed" | "subscriptionEnded";
  /** The invoice a renewal paid (the renewal order's provider reference). */
  providerRef: string | null;
  subscriptionRef: string;
  amount: number | null;
  periodEnd: Date | null;
  paymentRef: string | null;
};

/**
 * Applies a provider's news about a subscription, inside the caller's transaction, under the
 * subscription's lock. The same renewal twice makes one order (its invoice is its reference).
 */
export async function applySubscriptionNews(
  tx: Tx,
  {
    jobs,
    accountId,
    provider,
    news,
    cause,
    now,
  }: {
    jobs: JobSender;
    accountId: string;
    provider: string;
    news: SubscriptionNews;
    cause: string;
    now: Date;
  },
): Promise<void> {
  const sub = await lockSubscription(tx, { accountId, provider, ref: news.subscriptionRef });
  if (!sub) throw new OrderNotYetKnown(`no subscription for ${provider} ${news.subscriptionRef}`);
  const key = and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, sub.id));
  if (news.type === "renewalFailed") {
    if (sub.status === "active" || sub.status === "trialing")
      await tx.update(subscriptions).set({ status: "past_due" }).where(key);
    return;
  }
  if (news.type === "subscriptionEnded") {
    if (sub.status === "ended") return;
    // Paid off (told to stop once the last payment was taken): what it gave stays for ever.
    if (sub.paymentsLeft === 0) {
      await tx.update(subscriptions).set({ status: "ended" }).where(key);
      return;
    }
    if (sub.status === "cancelled") return;
    // Asked to end at the period's end (PayPal cancels at once): the period paid for is kept,
    // and its grants lapse on their own date.
    if (sub.cancelAtPeriodEnd && sub.currentPeriodEnd && sub.currentPeriodEnd > now) {
      await tx.update(subscriptions).set({ status: "cancelled" }).where(key);
      return;
    }
    await endSubscription(tx, sub);
    return;
  }
  if (!news.providerRef) return;
  const known = await orderByProviderRef(tx, {
    accountId,
    provider: sub.provider,
    providerRef: news.providerRef,
  });
  if (known) return;
  const renewal = await insertRenewalOrder(tx, {
    sub,
    amount: news.amount ?? sub.amount,
    providerRef: news.providerRef,
    checkoutKey: `renewal:${sub.provider}:${news.providerRef}`,
    now,
  });
  // Under the subscription's lock the invoice was not known: only a key taken otherwise stops it.
  if (!renewal) return;
  const periodEnd =
    news.periodEnd ??
    periodAfter(sub.currentPeriodEnd && sub.currentPeriodEnd > now ? sub.currentPeriodEnd : now, {
      parameter: sub.interval,
    });
  const paymentsLeft = sub.paymentsLeft === null ? null : Math.max(sub.paymentsLeft - 1, 0);
  await tx
    .update(subscriptions)
    .set({ status: "active", currentPeriodEnd: periodEnd, paymentsLeft })
    .where(key);
  await whenPaidOff(tx, jobs, { ...sub, paymentsLeft });
  await settlePayment(tx, {
    jobs,
    order: renewal,
    outcome: "paid",
    cause,
    paymentRef: news.paymentRef ?? undefined,
    now,
  });
}

/**
 * A renewal's order, pending: the subscription's item again (one, at `amount`), named by
 * `checkoutKey`. A provider's renewal is keyed by its invoice, an offline one by its period
 * (`offline-renewals.server.ts`), so the same renewal twice is one order: answers null when the
 * key (or the provider reference) is already taken, and writes nothing then.
 */
export async function insertRenewalOrder(
  tx: Tx,
  {
    sub,
    amount,
    providerRef,
    checkoutKey,
    paymentStart = null,
    now,
  }: {
    sub: SubscriptionRow;
    amount: number;
    providerRef: string | null;
    checkoutKey: string;
    /** What the buyer needs to pay it (an offline renewal: the bank instructions, its due date). */
    paymentStart?: Record<string, unknown> | null;
    now: Date;
  },
): Promise<OrderRow | null> {
  const { accountId } = sub;
  const [first] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.id, sub.orderId)));
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.accountId, accountId),
        eq(orderItems.orderId, sub.orderId),
        eq(orderItems.position, sub.position),
      ),
    );
  if (!first || !item) throw new Error(`subscription ${sub.id} lost its order`);
  const [renewal] = await tx
    .insert(orders)
    .values({
      accountId,
      userId: sub.userId,
      email: first.email,
      currency: sub.currency,
      subtotal: amount,
      total: amount,
      provider: sub.provider,
      providerRef,
      paymentStart,
      checkoutKey,
      renewalOf: sub.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!renewal) return null;
  await tx.insert(orderItems).values({
    ...item,
    orderId: renewal.id,
    position: 0,
    amount,
    quantity: 1,
    trialDays: 0,
  });
  await tx.insert(orderEvents).values({
    accountId,
    orderId: renewal.id,
    toStatus: "pending",
    cause: "subscription.renewal",
    createdAt: now,
  });
  return renewal;
}
