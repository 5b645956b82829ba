// Issue 17 scope 8, decision 033: the hourly round over subscriptions nobody else speaks for.
// Access already lapses by itself (grants end at the period's end plus the grace); this job
// issues offline renewals and makes each subscription's status say where it stands, for the
// member's and the shop's lists, the revenue figures and what "held elsewhere" counts.
//
// - Offline subscriptions that renew: the next period's order is issued (pending, mailed to
//   the member) `OFFLINE_RENEWAL_NOTICE_DAYS` before the period ends, once per period. While it
//   waits for the transfer the subscription stays active through the grace, is past due after
//   it (when access lapses), and ends when the order has stayed unpaid
//   `OFFLINE_RENEWAL_PAYABLE_DAYS` past the period (the order is cancelled then). A renewal of a
//   subscription asked to stop, or over, is cancelled.
// - Asked to end at the period's end (cancelled; offline and manual ones asked to stop): the
//   period is over, it ends.
// - Manual subscriptions, and offline ones whose renewal was cancelled: past due at the period's
//   end, ended once the grace has passed.
// - Stripe, PayPal and Razorpay renew by themselves: past due at the period's end (their retries
//   may still pay); ended only after a month of silence, when the provider's news was lost.
// A paid-off plan (no payments left) gives for ever and is left alone.
import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { JobSender } from "./order-jobs";
import {
  cancelRenewals,
  issueOfflineRenewal,
  lockPendingOfflineRenewals,
  lockSubscriptions,
  offlineInstructions,
  offlineRenewalDue,
  OFFLINE_RENEWAL_NOTICE_DAYS,
  OFFLINE_RENEWAL_PAYABLE_DAYS,
  stopsRenewing,
} from "./offline-renewals.server";
import { RENEWAL_GRACE_DAYS, type SubscriptionRow } from "./renewals.server";
import { endSubscription } from "./revoke-order.server";
import { subscriptions } from "./tables.server";

/** The schedule's queue (server/job-workers.ts). */
export const SUBSCRIPTION_SWEEP_JOB = "orders.subscription-sweep";

/** How long a provider's subscription may stay silent past its period before it is ended here. */
export const PROVIDER_SILENCE_DAYS = 30;

const DAY = 86_400_000;
const selfRenewing = new Set<SubscriptionRow["provider"]>(["stripe", "paypal", "razorpay"]);

/**
 * What becomes of a subscription whose period ended at `now` (null: nothing yet).
 * `renewalPending`: an offline renewal order of it waits for its transfer.
 */
export function lapsedStatus(
  sub: SubscriptionRow,
  now: Date,
  { renewalPending = false }: { renewalPending?: boolean } = {},
): "past_due" | "ended" | null {
  const end = sub.currentPeriodEnd;
  if (!end || end > now || sub.paymentsLeft === 0) return null;
  if (sub.status === "cancelled") return "ended";
  if (sub.status === "ended") return null;
  // Offline and manual ones asked to stop: nothing more is due, the period paid for is over.
  if (sub.cancelAtPeriodEnd && !selfRenewing.has(sub.provider)) return "ended";
  const past = now.getTime() - end.getTime();
  if (renewalPending) {
    if (past >= OFFLINE_RENEWAL_PAYABLE_DAYS * DAY) return "ended";
    if (past < RENEWAL_GRACE_DAYS * DAY) return null;
    return sub.status === "past_due" ? null : "past_due";
  }
  const endAfterDays = selfRenewing.has(sub.provider) ? PROVIDER_SILENCE_DAYS : RENEWAL_GRACE_DAYS;
  if (past >= endAfterDays * DAY) return "ended";
  return sub.status === "past_due" ? null : "past_due";
}

export type SweepResult = {
  accounts: number;
  /** Offline renewal orders issued (each mailed to its member). */
  renewals: number;
  pastDue: number;
  ended: number;
  /** Offline renewal orders given up on (never paid, or their subscription stopped). */
  renewalsCancelled: number;
};

/**
 * One round over every account (each in its own transaction, its pending offline renewals and
 * then its subscriptions locked, in the order a manager's confirmation takes them): offline
 * renewals issued, lapsed subscriptions past due or ended as `lapsedStatus` says (an ended one
 * takes back what it gave, as a provider's end does), renewals nobody will pay cancelled. Run
 * twice, or on two instances at once, the second finds nothing left to do.
 */
export async function sweepLapsedSubscriptions(
  { database, jobs }: { database: Database; jobs: JobSender },
  { now = new Date() }: { now?: Date } = {},
): Promise<SweepResult> {
  const result: SweepResult = {
    accounts: 0,
    renewals: 0,
    pastDue: 0,
    ended: 0,
    renewalsCancelled: 0,
  };
  // Subscriptions are tenant rows: the sweep enters each account in turn.
  const ids = await database.asApp((tx) =>
    tx.select({ accountId: accounts.accountId }).from(accounts).orderBy(asc(accounts.accountId)),
  );
  const noticeEnd = new Date(now.getTime() + OFFLINE_RENEWAL_NOTICE_DAYS * DAY);
  for (const { accountId } of ids) {
    const changed = await database.forAccount(accountId, async (tx) => {
      let count = 0;
      const pending = await lockPendingOfflineRenewals(tx, accountId);
      const due = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.accountId, accountId),
            inArray(subscriptions.status, ["trialing", "active", "past_due", "cancelled"]),
            // Offline ones a notice ahead (their renewal), the rest once their period is over.
            or(
              lte(subscriptions.currentPeriodEnd, now),
              and(
                eq(subscriptions.provider, "offline"),
                lte(subscriptions.currentPeriodEnd, noticeEnd),
              ),
            ),
            or(isNull(subscriptions.paymentsLeft), gt(subscriptions.paymentsLeft, 0)),
          ),
        )
        .orderBy(asc(subscriptions.id))
        .for("update");
      let instructions: string | undefined;
      for (const sub of due) {
        if (!offlineRenewalDue(sub, now)) continue;
        instructions ??= await offlineInstructions(tx, accountId);
        const renewal = await issueOfflineRenewal(tx, { jobs, sub, instructions, now });
        if (!renewal) continue;
        pending.set(sub.id, [...(pending.get(sub.id) ?? []), renewal]);
        result.renewals++;
        count++;
      }
      for (const sub of due) {
        const renewals = sub.provider === "offline" ? (pending.get(sub.id) ?? []) : [];
        const next = lapsedStatus(sub, now, { renewalPending: renewals.length > 0 });
        if (next === "ended") {
          await endSubscription(tx, sub);
          result.renewalsCancelled += await cancelRenewals(tx, renewals, now);
          pending.delete(sub.id);
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
      // Renewals still waiting for a subscription that will not renew: nobody should pay them.
      const waiting = await lockSubscriptions(tx, accountId, [...pending.keys()]);
      for (const sub of waiting.filter(stopsRenewing)) {
        const cancelled = await cancelRenewals(tx, pending.get(sub.id) ?? [], now);
        result.renewalsCancelled += cancelled;
        count += cancelled;
      }
      return count;
    });
    if (changed > 0) result.accounts++;
  }
  return result;
}
