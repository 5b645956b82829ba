import { and, asc, eq, isNull, lte } from "drizzle-orm";
import {
  PLATFORM_ACCOUNT_ID,
  changeAccountSettings,
  platformOrigin,
} from "~/features/accounts/accounts.server";
import { addMember, type Viewer } from "~/features/members/members.server";
import {
  placeOrder,
  providerCancelFor,
  subscriptions,
  type OrderDeps,
} from "~/features/orders/orders.server";
import { findPlan, type Plan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { PlanInterval } from "./billing-shapes";
import { PLAN_CURRENCY, findPlanPrice, planPriceList } from "./platform-plans.server";
import { awaitedTransfers, purchasesOf, subscriptionsOf } from "./plan-purchase-queries.server";
import { supersedePendingChanges } from "./plan-supersede.server";
import { planPurchases } from "./tables.server";

/** What a site's billing runs on: the orders' machinery and the platform's address. */
export type BillingDeps = OrderDeps & { baseDomain: string };

/** The site's live plan payment: its newest fulfilled purchase and that order's subscription. */
export type LivePlanPurchase = {
  orderId: string;
  orderNumber: number;
  planId: string;
  interval: PlanInterval;
  paidAt: Date | null;
  subscription: typeof subscriptions.$inferSelect | null;
};

/**
 * The purchase that gives the site its plan now: the newest fulfilled one whose subscription
 * (if it has one) has not ended. Older ones stay as the invoices' history.
 */
export async function livePlanPurchase(
  database: Database,
  siteAccountId: string,
  now = new Date(),
): Promise<LivePlanPurchase | null> {
  return database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    for (const { purchase, order } of await purchasesOf(tx, siteAccountId)) {
      if (order.status !== "fulfilled" || purchase.undoneAt) continue;
      if (purchase.startsAt && purchase.startsAt > now) continue;
      const [subscription] = await subscriptionsOf(tx, order.id);
      if (subscription?.status === "ended") continue;
      return {
        orderId: order.id,
        orderNumber: order.number,
        planId: purchase.planId,
        interval: purchase.interval,
        paidAt: order.paidAt,
        subscription: subscription ?? null,
      };
    }
    return null;
  });
}

/** A paid change that waits for the current period's end (a downgrade), if the site has one. */
export async function scheduledPlanChange(
  database: Database,
  siteAccountId: string,
  now = new Date(),
): Promise<{ orderId: string; planId: string; interval: PlanInterval; startsAt: Date } | null> {
  return database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    for (const { purchase, order } of await purchasesOf(tx, siteAccountId)) {
      if (order.status !== "fulfilled" || purchase.appliedAt) continue;
      if (!purchase.startsAt || purchase.startsAt <= now) continue;
      const [subscription] = await subscriptionsOf(tx, order.id);
      // Superseded by an upgrade bought since (its subscription was told to stop).
      if (subscription && (subscription.status === "ended" || subscription.cancelAtPeriodEnd))
        continue;
      return {
        orderId: order.id,
        planId: purchase.planId,
        interval: purchase.interval,
        startsAt: purchase.startsAt,
      };
    }
    return null;
  });
}

/** A plan's price for comparisons: per month, in minor units (a one-time plan counts its price). */
export function monthlyValue(plan: Plan, interval?: PlanInterval): number {
  const prices = planPriceList(plan);
  const chosen = prices.find((price) => price.interval === interval) ?? prices[0];
  if (!chosen) return 0;
  return chosen.interval === "annual" ? Math.round(chosen.amount / 12) : chosen.amount;
}

const DAY = 86_400_000;

/**
 * An upgrade's credit: the unused part of what the current period cost, by time left. A trial
 * paid nothing, so it credits nothing.
 */
export function prorationCredit(subscription: LivePlanPurchase["subscription"], now: Date): number {
  if (!subscription?.currentPeriodEnd || subscription.status !== "active") return 0;
  const end = subscription.currentPeriodEnd.getTime();
  const length = (subscription.interval === "year" ? 365 : 30) * DAY;
  const left = Math.min(Math.max(end - now.getTime(), 0), length);
  return Math.floor((subscription.amount * left) / length);
}

export type PlanChangeInput = {
  planId: string;
  interval: PlanInterval;
  provider: "stripe" | "paypal" | "razorpay" | "offline";
  checkoutKey: string;
};

/**
 * The owner buys a plan for their site from the platform: an order of the platform account,
 * placed by the same machinery a site's checkout uses. An upgrade from a paid plan is credited
 * the unused part of the current period; the old subscription stops renewing once the new one
 * is paid (`applyPlanOrder`). Returns where the browser goes to pay.
 */
export async function startPlanPurchase(
  deps: BillingDeps,
  {
    viewer,
    siteAccountId,
    origin,
    input,
    now = new Date(),
    keep = false,
  }: {
    viewer: Viewer;
    siteAccountId: string;
    origin: string;
    input: PlanChangeInput;
    now?: Date;
    /** The current plan bought again to start when its period ends (plan-undo.server.ts). */
    keep?: boolean;
  },
) {
  const { database } = deps;
  const plan = await findPlan(database, input.planId);
  if (!plan) throw new AppError({ code: "accounts.unknownPlan" });
  // A bank transfer the owner asked for waits: withdrawn first, or the same request sent again.
  const waiting = await awaitedTransfers(database, siteAccountId);
  if (waiting.some((transfer) => !transfer.renewal && transfer.checkoutKey !== input.checkoutKey))
    throw new AppError({ code: "billing.transferPending" });
  const live = await livePlanPurchase(database, siteAccountId, now);
  const same = live?.planId === plan.id && live.interval === input.interval;
  if (same !== keep) throw new AppError({ code: keep ? "request.invalid" : "billing.samePlan" });
  const current = live ? await findPlan(database, live.planId) : undefined;
  const upgrade =
    !live || !current || monthlyValue(plan, input.interval) >= monthlyValue(current, live.interval);
  // A downgrade is bought now and starts when the paid period ends: its subscription's first
  // charge waits that long (a deferred start, as a trial), and the current one stops renewing.
  const periodEnd = live?.subscription?.currentPeriodEnd;
  const startsAt = (keep || !upgrade) && periodEnd && periodEnd > now ? periodEnd : null;
  if (keep && !startsAt) throw new AppError({ code: "billing.changeApplied" });
  if (startsAt && !keep && (await scheduledPlanChange(database, siteAccountId, now)))
    throw new AppError({ code: "billing.changeScheduled" });

  // The buyer becomes the platform's customer (orders belong to members of their seller).
  const { membership, price } = await database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => ({
    membership: await addMember(tx, { accountId: PLATFORM_ACCOUNT_ID, user: viewer.user }),
    price: await findPlanPrice(tx, { planId: plan.id, interval: input.interval }),
  }));
  if (!price) throw new AppError({ code: "billing.intervalUnavailable" });
  const platform = platformOrigin({ baseDomain: deps.baseDomain, like: origin });
  const back = `${origin}/dashboard/billing`;
  const placed = await placeOrder(deps, {
    accountId: PLATFORM_ACCOUNT_ID,
    currency: PLAN_CURRENCY,
    viewer: { ...viewer, membership },
    origin,
    now,
    input: {
      lines: [{ id: price.productId, priceId: price.priceId, quantity: 1 }],
      provider: input.provider,
      currency: PLAN_CURRENCY,
      checkoutKey: input.checkoutKey,
    },
    seller: {
      credit: upgrade && !keep ? prorationCredit(live?.subscription ?? null, now) : 0,
      ...(startsAt && { trialDays: Math.ceil((startsAt.getTime() - now.getTime()) / DAY) }),
      successUrl: `${back}?${keep ? "kept" : startsAt ? "scheduled" : "paid"}=1`,
      cancelUrl: `${back}?cancelled=1`,
      webhookOrigin: platform,
    },
  });
  await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .insert(planPurchases)
      .values({
        accountId: PLATFORM_ACCOUNT_ID,
        orderId: placed.order.id,
        siteAccountId,
        planId: plan.id,
        interval: input.interval,
        startsAt,
        createdAt: now,
      })
      .onConflictDoNothing(),
  );
  return placed;
}

/**
 * A platform order was fulfilled (a job): if it paid for a site's plan, the site takes that
 * plan now, and the subscription it replaces stops renewing at the provider. Idempotent.
 */
export async function applyPlanOrder(
  deps: PlanChangeDeps,
  { orderId, now = new Date() }: { orderId: string; now?: Date },
): Promise<boolean> {
  const { database } = deps;
  const [purchase] = await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .select()
      .from(planPurchases)
      .where(
        and(eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID), eq(planPurchases.orderId, orderId)),
      ),
  );
  if (!purchase) return false;
  const { siteAccountId } = purchase;
  if (purchase.startsAt && purchase.startsAt > now) {
    // Paid ahead: the current plan runs to its period's end without renewing, then this one;
    // a change that waited before it is replaced.
    await supersedePendingChanges(deps, { siteAccountId, keep: orderId, now });
    await stopOlderSubscriptions(deps, { siteAccountId, keep: orderId });
    return false;
  }
  const live = await livePlanPurchase(database, siteAccountId, now);
  const applies = live?.orderId === orderId;
  if (applies) {
    await changeAccountSettings(database, {
      accountId: siteAccountId,
      changes: { plan: purchase.planId },
    });
    await stopOlderSubscriptions(deps, { siteAccountId, keep: orderId });
  }
  if (purchase.startsAt)
    await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .update(planPurchases)
        .set({ appliedAt: now })
        .where(
          and(eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID), eq(planPurchases.orderId, orderId)),
        ),
    );
  if (applies) await deps.onPlanChanged?.(siteAccountId);
  return applies;
}

export type PlanChangeDeps = BillingDeps & {
  onPlanChanged?: (siteAccountId: string) => Promise<void>;
};

/** The queue's name for the round below (server/job-workers.ts schedules it). */
export const PLAN_CHANGES_DUE_JOB = "billing.plan-changes";

/**
 * The scheduled round: downgrades whose start has come take effect (the period they waited for
 * has ended). One bought since by an upgrade is marked done without changing anything.
 */
export async function applyDuePlanChanges(
  deps: PlanChangeDeps,
  now = new Date(),
): Promise<{ changed: number }> {
  const due = await deps.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .select({ orderId: planPurchases.orderId })
      .from(planPurchases)
      .where(
        and(
          eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID),
          isNull(planPurchases.appliedAt),
          lte(planPurchases.startsAt, now),
        ),
      )
      .orderBy(asc(planPurchases.startsAt)),
  );
  let changed = 0;
  for (const { orderId } of due) if (await applyPlanOrder(deps, { orderId, now })) changed += 1;
  return { changed };
}

/** Every other live plan subscription of the site stops renewing (it was credited or replaced). */
async function stopOlderSubscriptions(
  deps: BillingDeps,
  { siteAccountId, keep }: { siteAccountId: string; keep: string },
) {
  const { database } = deps;
  const older = await database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    const rows = await purchasesOf(tx, siteAccountId);
    const subs = [];
    for (const { order } of rows) {
      if (order.id === keep) continue;
      subs.push(...(await subscriptionsOf(tx, order.id)));
    }
    return subs.filter((sub) => sub.status !== "ended" && !sub.cancelAtPeriodEnd);
  });
  const cancelAtProvider = providerCancelFor(deps);
  for (const sub of older) {
    await cancelAtProvider(sub);
    await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(and(eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID), eq(subscriptions.id, sub.id))),
    );
  }
}
