// What a subscriber asks of the payment provider from /dashboard/orders: stop renewing at the
// period's end (the manager or the member), and change the card renewals are charged to (the
// member only, on the provider's own page: card numbers never pass through the site).
import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import {
  billingPageFor,
  cancelSubscriptionAtPeriodEnd,
  type PaymentDeps,
} from "~/features/payments/payments.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { cancellable } from "./order-views";
import type { ProviderCancel } from "./subscriptions.server";
import { subscriptions } from "./tables.server";

/** The provider's half of "cancel at period end", for `cancelSubscription`. */
export function providerCancelFor(deps: PaymentDeps): ProviderCancel {
  return async (sub) => {
    if (!sub.providerRef) return;
    await cancelSubscriptionAtPeriodEnd(deps, {
      accountId: sub.accountId,
      provider: sub.provider,
      subscriptionRef: sub.providerRef,
    });
  };
}

/**
 * `POST /api/subscriptions/:id/billing-page`: the address of the provider's page where the
 * subscriber changes their card, then comes back to `returnUrl`. Someone else's subscription
 * is 404, as if it did not exist.
 */
export async function subscriptionBillingPage(
  deps: PaymentDeps & { database: Database },
  {
    accountId,
    viewer,
    subscriptionId,
    returnUrl,
  }: { accountId: string; viewer: Viewer | null; subscriptionId: string; returnUrl: string },
): Promise<string> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const [sub] = await deps.database.forAccount(accountId, (tx) =>
    tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, subscriptionId))),
  );
  if (!sub || sub.userId !== viewer.user.id) throw new AppError({ code: "order.notFound" });
  if (!sub.providerRef || !cancellable(sub))
    throw new AppError({ code: "order.transitionRefused" });
  return billingPageFor(deps, {
    accountId,
    provider: sub.provider,
    subscriptionRef: sub.providerRef,
    returnUrl,
  });
}
