// A change bought ahead (a downgrade) that will not happen after all: taken back by the owner
// ("Keep my current plan") or replaced by another bought ahead. Its subscription is in its
// deferred start, so ending it charges nothing.
import { and, eq, gt, isNull } from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { subscriptions, type OrderDeps } from "~/features/orders/orders.server";
import { endSubscriptionAtProvider } from "~/features/payments/payments.server";
import { purchasesOf, subscriptionsOf } from "./plan-purchase-queries.server";
import { planPurchases } from "./tables.server";

/** A scheduled change's subscription ends now: in its deferred start, nothing was charged. */
export async function endChangeSubscription(deps: OrderDeps, orderId: string) {
  const { database } = deps;
  const subs = await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) => subscriptionsOf(tx, orderId));
  for (const sub of subs) {
    if (sub.status === "ended") continue;
    if (sub.providerRef)
      await endSubscriptionAtProvider(deps, {
        accountId: PLATFORM_ACCOUNT_ID,
        provider: sub.provider,
        subscriptionRef: sub.providerRef,
      });
    await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .update(subscriptions)
        .set({ status: "ended", cancelAtPeriodEnd: true })
        .where(and(eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID), eq(subscriptions.id, sub.id))),
    );
  }
}

/** Marks a waiting change undone (and done, so the round never applies it); false if it was not waiting. */
export async function claimPendingChange(deps: OrderDeps, orderId: string, now: Date) {
  const claimed = await deps.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .update(planPurchases)
      .set({ undoneAt: now, appliedAt: now })
      .where(
        and(
          eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID),
          eq(planPurchases.orderId, orderId),
          isNull(planPurchases.appliedAt),
          gt(planPurchases.startsAt, now),
        ),
      )
      .returning({ orderId: planPurchases.orderId }),
  );
  return claimed.length > 0;
}

/**
 * A purchase bought ahead was paid (`applyPlanOrder`): any other change of the site still
 * waiting is replaced by it — one waits at a time — and ended without a charge.
 */
export async function supersedePendingChanges(
  deps: OrderDeps,
  { siteAccountId, keep, now }: { siteAccountId: string; keep: string; now: Date },
) {
  const pending = await deps.database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) =>
    (await purchasesOf(tx, siteAccountId)).filter(
      ({ purchase, order }) =>
        order.id !== keep &&
        order.status === "fulfilled" &&
        !purchase.appliedAt &&
        purchase.startsAt &&
        purchase.startsAt > now,
    ),
  );
  for (const { order } of pending)
    if (await claimPendingChange(deps, order.id, now)) await endChangeSubscription(deps, order.id);
}
