// "Keep my current plan" (decision 035): the owner takes back a scheduled downgrade before it
// starts. The downgrade's subscription is in its deferred start (nothing charged), so it is
// ended at its provider; the current subscription renews again where its provider can take
// back its cancellation (Stripe; bank transfer has no provider), else the current plan is
// bought again to start when the period ends (PayPal and Razorpay cancel for good).
import { and, eq } from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { subscriptions } from "~/features/orders/orders.server";
import { providerResumes, resumeSubscriptionAtProvider } from "~/features/payments/payments.server";
import { AppError } from "~/platform/errors";
import { purchasesOf } from "./plan-purchase-queries.server";
import { claimPendingChange, endChangeSubscription } from "./plan-supersede.server";
import {
  livePlanPurchase,
  startPlanPurchase,
  type BillingDeps,
  type PlanChangeInput,
} from "./plan-purchase.server";
import { planPurchases } from "./tables.server";

type KeepAnswer =
  | { kept: true; renews: boolean }
  | { kept: false; placed: Awaited<ReturnType<typeof startPlanPurchase>> };

/**
 * The site's newest change bought ahead, whatever became of it (undone, applied, waiting), and
 * whether the current plan is already bought again to follow its period (`ahead`).
 */
async function deferredPurchases(
  deps: BillingDeps,
  siteAccountId: string,
  live: { planId: string; interval: string } | null,
  now: Date,
) {
  return deps.database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    let change = null;
    let ahead = false;
    for (const { purchase, order } of await purchasesOf(tx, siteAccountId)) {
      if (!purchase.startsAt || order.status !== "fulfilled") continue;
      const follows = purchase.startsAt > now;
      if (follows && purchase.planId === live?.planId && purchase.interval === live.interval) {
        ahead ||= !purchase.appliedAt;
        continue;
      }
      change ??= { purchase, order };
    }
    return { change, ahead };
  });
}

/**
 * The owner keeps their current plan: the scheduled downgrade is taken back. Only before it
 * starts (billing.changeApplied after); a second call answers as the first did.
 */
export async function keepCurrentPlan(
  deps: BillingDeps,
  {
    viewer,
    siteAccountId,
    origin,
    checkoutKey,
    now = new Date(),
  }: { viewer: Viewer; siteAccountId: string; origin: string; checkoutKey: string; now?: Date },
): Promise<KeepAnswer> {
  const { database } = deps;
  const live = await livePlanPurchase(database, siteAccountId, now);
  const current = live?.subscription ?? null;
  const { change, ahead } = await deferredPurchases(deps, siteAccountId, live, now);
  if (!change) throw new AppError({ code: "billing.noChangeScheduled" });
  const { purchase, order } = change;
  if (purchase.undoneAt)
    return { kept: true, renews: ahead || Boolean(current && !current.cancelAtPeriodEnd) };
  if (purchase.appliedAt || purchase.startsAt! <= now)
    throw new AppError({ code: "billing.changeApplied" });
  // Only a change that charged nothing yet can be ended for free (a bank transfer pays at once).
  if (order.total > 0) throw new AppError({ code: "billing.changePaid" });
  if (!live || !current) throw new AppError({ code: "billing.noChangeScheduled" });

  if (!providerResumes(current.provider)) {
    // Its cancellation was final: the current plan is bought again, its first charge waiting
    // for the period's end; paid, it replaces the downgrade (`supersedePendingChanges`).
    const input: PlanChangeInput = {
      planId: live.planId,
      interval: live.interval,
      provider: current.provider as PlanChangeInput["provider"],
      checkoutKey,
    };
    const placed = await startPlanPurchase(deps, {
      viewer,
      siteAccountId,
      origin,
      input,
      now,
      keep: true,
    });
    return { kept: false, placed };
  }

  // Claimed first, while it still waits, so the round and a second click never both act.
  if (!(await claimPendingChange(deps, order.id, now)))
    return keepCurrentPlan(deps, { viewer, siteAccountId, origin, checkoutKey, now });
  try {
    await resumeSubscriptionAtProvider(deps, {
      accountId: PLATFORM_ACCOUNT_ID,
      provider: current.provider,
      subscriptionRef: current.providerRef,
    });
    await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: false })
        .where(
          and(eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID), eq(subscriptions.id, current.id)),
        ),
    );
    await endChangeSubscription(deps, order.id);
  } catch (error) {
    // The provider said no: the downgrade waits as before, and may be undone again.
    await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .update(planPurchases)
        .set({ undoneAt: null, appliedAt: null })
        .where(
          and(
            eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID),
            eq(planPurchases.orderId, order.id),
          ),
        ),
    );
    throw error;
  }
  return { kept: true, renews: true };
}
