// Issue 17 scope 8, decision 033's "not yet": a subscription whose period ran out without news
// from anyone. Access already lapses by itself (grants end at the period's end plus the grace);
// this hourly job makes the subscription's status say so, for the member's and the shop's lists,
// the revenue figures and what "held elsewhere" counts.
//
// - Asked to end at the period's end (cancelled): the period is over, it ends.
// - Offline and manual subscriptions (nobody charges them again; a renewal is a new order): past
//   due at the period's end, ended once the grace has passed.
// - Stripe, PayPal and Razorpay renew by themselves: past due at the period's end (their retries
//   may still pay); ended only after a month of silence, when the provider's news was lost.
// A paid-off plan (no payments left) gives for ever and is left alone.
import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import type { Database } from "~/platform/db/database.server";
import { RENEWAL_GRACE_DAYS, type SubscriptionRow } from "./renewals.server";
import { endSubscription } from "./revoke-order.server";
import { subscriptions } from "./tables.server";

/** The schedule's queue (server/job-workers.ts). */
export const SUBSCRIPTION_SWEEP_JOB = "orders.subscription-sweep";

/** How long a provider's subscription may stay silent past its period before it is ended here. */
export const PROVIDER_SILENCE_DAYS = 30;

const DAY = 86_400_000;
const selfRenewing = new Set<SubscriptionRow["provider"]>(["stripe", "paypal", "razorpay"]);

/** What becomes of a subscription whose period ended at `now` (null: nothing yet). */
export function lapsedStatus(sub: SubscriptionRow, now: Date): "past_due" | "ended" | null {
  const end = sub.currentPeriodEnd;
  if (!end || end > now || sub.paymentsLeft === 0) return null;
  if (sub.status === "cancelled") return "ended";
  if (sub.status === "ended") return null;
  const endAfterDays = selfRenewing.has(sub.provider) ? PROVIDER_SILENCE_DAYS : RENEWAL_GRACE_DAYS;
  if (now.getTime() >= end.getTime() + endAfterDays * DAY) return "ended";
  return sub.status === "past_due" ? null : "past_due";
}

export type SweepResult = { accounts: number; pastDue: number; ended: number };

/**
 * Marks every account's lapsed subscriptions (each account in its own transaction, its rows
 * locked as the payment news locks them): past due or ended as `lapsedStatus` says; an ended
 * one takes back what it gave, as a provider's end does. Run twice, the second finds nothing.
 */
export async function sweepLapsedSubscriptions(
  database: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<SweepResult> {
  const result: SweepResult = { accounts: 0, pastDue: 0, ended: 0 };
  // Subscriptions are tenant rows: the sweep enters each account in turn.
  const ids = await database.asApp((tx) =>
    tx.select({ accountId: accounts.accountId }).from(accounts).orderBy(asc(accounts.accountId)),
  );
  for (const { accountId } of ids) {
    const changed = await database.forAccount(accountId, async (tx) => {
      const due = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.accountId, accountId),
            inArray(subscriptions.status, ["trialing", "active", "past_due", "cancelled"]),
            lte(subscriptions.currentPeriodEnd, now),
            or(isNull(subscriptions.paymentsLeft), gt(subscriptions.paymentsLeft, 0)),
          ),
        )
        .for("update");
      let count = 0;
      for (const sub of due) {
        const next = lapsedStatus(sub, now);
        if (next === "ended") {
          await endSubscription(tx, sub);
          result.ended++;
        } else if (next === "past_due") {
          await tx
            .update(subscriptions)
            .set({ status: "past_due" })
            .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, sub.id)));
          result.pastDue++;
        } else continue;
        count++;
      }
      return count;
    });
    if (changed > 0) result.accounts++;
  }
  return result;
}
