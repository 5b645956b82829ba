// Offline (bank transfer) subscriptions renew by an order of their own (decision 033): nobody
// charges them, so a few days before a period ends the sweep issues the next period's order,
// pending, with the site's bank instructions and its due date, and mails the member; a manager
// confirms it like any offline order, and that confirmation lengthens the subscription by one
// period (then fulfilment lengthens the access, as for a provider's renewal). One order per
// period: its checkout key names the subscription and the period's end, and orders are unique
// per account and checkout key. Manual subscriptions keep the period they were recorded with.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { paymentProviders } from "~/features/payments/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { moveOrder } from "./order-machine.server";
import { ORDER_RENEWAL_DUE_JOB, type JobSender } from "./order-jobs";
import { orderByCheckoutKey, type OrderRow } from "./queries.server";
import { insertRenewalOrder, periodAfter, type SubscriptionRow } from "./renewals.server";
import { orderItems, orders, subscriptions } from "./tables.server";

const DAY = 86_400_000;

/**
 * How long before a period's end its renewal order is issued (the time a bank transfer takes):
 * a week, or the whole period if it were shorter (every interval sold is a month or more).
 */
export const OFFLINE_RENEWAL_NOTICE_DAYS = 7;

/**
 * How long past the period's end an unpaid renewal stays payable. Access lapses at the period's
 * end plus `RENEWAL_GRACE_DAYS`, when the subscription becomes past due; a manager may still
 * confirm the transfer until this many days have passed, then the sweep cancels the order and
 * ends the subscription.
 */
export const OFFLINE_RENEWAL_PAYABLE_DAYS = 30;

/** What a pending offline renewal keeps for its buyer, beside the checkout's own fields. */
export type OfflineRenewalStart = {
  kind: "offline";
  providerRef: null;
  instructions: string;
  /** The end of the period it pays for: pay by then to keep access without a break. */
  dueAt: string;
};

/** The one order of a subscription's period: the same key however often it is asked. */
export function offlineRenewalKey(sub: Pick<SubscriptionRow, "id">, periodEnd: Date): string {
  return `renewal:offline:${sub.id}:${periodEnd.toISOString()}`;
}

/** A subscription that will not be charged again (asked to stop, or over). */
export const stopsRenewing = (sub: Pick<SubscriptionRow, "status" | "cancelAtPeriodEnd">) =>
  sub.cancelAtPeriodEnd || sub.status === "cancelled" || sub.status === "ended";

/** The start of the period that ends at `end` (one interval before it). */
function periodStart(end: Date, interval: string): Date {
  const start = new Date(end);
  if (interval === "year") start.setUTCFullYear(start.getUTCFullYear() - 1);
  else start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

/**
 * Whether an offline subscription's next period's order is due at `now`: it renews (payments
 * left, not asked to stop), its period ends within the notice, and it ended less than the
 * payable time ago.
 */
export function offlineRenewalDue(sub: SubscriptionRow, now: Date): boolean {
  const end = sub.currentPeriodEnd;
  if (sub.provider !== "offline" || !end || sub.paymentsLeft === 0 || stopsRenewing(sub))
    return false;
  const notice = Math.min(
    OFFLINE_RENEWAL_NOTICE_DAYS * DAY,
    end.getTime() - periodStart(end, sub.interval).getTime(),
  );
  return (
    now.getTime() >= end.getTime() - notice &&
    now.getTime() < end.getTime() + OFFLINE_RENEWAL_PAYABLE_DAYS * DAY
  );
}

/** The site's bank-transfer instructions, as the checkout shows them ("" when none are set). */
export async function offlineInstructions(tx: Tx, accountId: string): Promise<string> {
  const [row] = await tx
    .select({ instructions: paymentProviders.instructions })
    .from(paymentProviders)
    .where(
      and(eq(paymentProviders.accountId, accountId), eq(paymentProviders.provider, "offline")),
    );
  return row?.instructions ?? "";
}

/**
 * Issues the order of the period after the subscription's current one, inside the caller's
 * transaction (the subscription locked), and asks for the member's mail in the same
 * transaction. Answers the order, or null when this period's order already exists (a second
 * sweep, another instance): then nothing is written and nothing is sent.
 */
export async function issueOfflineRenewal(
  tx: Tx,
  {
    jobs,
    sub,
    instructions,
    now,
  }: { jobs: JobSender; sub: SubscriptionRow; instructions: string; now: Date },
): Promise<OrderRow | null> {
  const { accountId } = sub;
  const dueAt = sub.currentPeriodEnd!;
  const checkoutKey = offlineRenewalKey(sub, dueAt);
  if (await orderByCheckoutKey(tx, { accountId, checkoutKey })) return null;
  const paymentStart: OfflineRenewalStart = {
    kind: "offline",
    providerRef: null,
    instructions,
    dueAt: dueAt.toISOString(),
  };
  const renewal = await insertRenewalOrder(tx, {
    sub,
    amount: sub.amount,
    providerRef: null,
    checkoutKey,
    paymentStart,
    now,
  });
  if (renewal)
    await jobs.send(
      tx,
      ORDER_RENEWAL_DUE_JOB,
      { accountId, orderId: renewal.id },
      { singletonKey: renewal.id },
    );
  return renewal;
}

/** The offline renewals still waiting for their transfer, locked, by subscription. */
export async function lockPendingOfflineRenewals(
  tx: Tx,
  accountId: string,
): Promise<Map<string, OrderRow[]>> {
  const rows = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.provider, "offline"),
        eq(orders.status, "pending"),
        isNotNull(orders.renewalOf),
      ),
    )
    // One order of locking for every sweep and instance, so two never wait on each other.
    .orderBy(asc(orders.id))
    .for("update");
  const bySubscription = new Map<string, OrderRow[]>();
  for (const row of rows)
    bySubscription.set(row.renewalOf!, [...(bySubscription.get(row.renewalOf!) ?? []), row]);
  return bySubscription;
}

/** The sweep gives up on renewals nobody will pay: they are cancelled, as a manager would. */
export async function cancelRenewals(tx: Tx, renewals: OrderRow[], now: Date): Promise<number> {
  let count = 0;
  for (const renewal of renewals) {
    const { moved } = await moveOrder(tx, {
      accountId: renewal.accountId,
      orderId: renewal.id,
      to: "cancelled",
      cause: "job:subscription-sweep",
      now,
    });
    if (moved) count++;
  }
  return count;
}

/** Subscriptions by id (the sweep's look at those whose renewals wait), locked. */
export async function lockSubscriptions(
  tx: Tx,
  accountId: string,
  ids: string[],
): Promise<SubscriptionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), inArray(subscriptions.id, ids)))
    .orderBy(asc(subscriptions.id))
    .for("update");
}

/**
 * A manager confirmed the transfer of an offline renewal (`confirmOfflinePayment`, with the
 * order locked and still pending, before it is settled): its subscription runs one period more,
 * from the later of its current end and now (a late payment counts from the day it was
 * confirmed), with one payment fewer left, and is active again whatever it was. Fulfilment then
 * reads the new period for the access. Called once per order: a second confirmation finds the
 * order paid and is refused. Any other order passes through untouched.
 */
export async function renewOfflineSubscription(
  tx: Tx,
  { order, now }: { order: OrderRow; now: Date },
): Promise<SubscriptionRow | null> {
  if (!order.renewalOf || order.provider !== "offline") return null;
  const { accountId } = order;
  const [sub] = await lockSubscriptions(tx, accountId, [order.renewalOf]);
  if (!sub || sub.provider !== "offline") return null;
  // The period the order pays is as long as the item it copied (every 3 months, say).
  const [item] = await tx
    .select({ frequency: orderItems.frequency })
    .from(orderItems)
    .where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, order.id)));
  const from = sub.currentPeriodEnd && sub.currentPeriodEnd > now ? sub.currentPeriodEnd : now;
  const [renewed] = await tx
    .update(subscriptions)
    .set({
      status: "active",
      currentPeriodEnd: periodAfter(from, item?.frequency ?? { parameter: sub.interval }),
      paymentsLeft: sub.paymentsLeft === null ? null : Math.max(sub.paymentsLeft - 1, 0),
    })
    .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, sub.id)))
    .returning();
  return renewed ?? null;
}
