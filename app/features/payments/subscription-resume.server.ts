// Taking back a "stop renewing at the period's end" (decision 035, "Keep my current plan"): the
// provider's own undo where it documents one. Kept apart from the refund and cancel calls.
import { AppError } from "~/platform/errors";
import type { PaymentDeps } from "./payments.server";
import { isWebhookProvider } from "./provider-shapes";
import { openProvider } from "./provider-settings.server";
import { adapterFor } from "./providers.server";

/**
 * The subscription renews again: true when it will. Offline and manual subscriptions have no
 * provider to tell (their renewals are the shop's own orders), so they always can; Stripe
 * clears `cancel_at_period_end`; PayPal and Razorpay document no undo of their cancel, so false.
 */
export async function resumeSubscriptionAtProvider(
  deps: PaymentDeps,
  a: { accountId: string; provider: string; subscriptionRef: string | null },
): Promise<boolean> {
  const { provider } = a;
  if (!isWebhookProvider(provider) || !a.subscriptionRef) return true;
  const adapter = await adapterFor(provider, deps);
  if (!adapter.resumeSubscription) return false;
  const opened = await deps.database.forAccount(a.accountId, (tx) =>
    openProvider(tx, deps.secretBox, { accountId: a.accountId, provider }),
  );
  if (!opened?.ready) throw new AppError({ code: "payment.keysMissing" });
  await adapter.resumeSubscription(opened.keys, a.subscriptionRef);
  return true;
}

/**
 * The providers whose adapter has `resumeSubscription` (subscription-resume.test.ts keeps the
 * two in step), for screens that say beforehand what "keep" will do.
 */
const resumingProviders: ReadonlySet<string> = new Set(["stripe"]);

/** Whether a subscription of `provider` can take back its cancellation at the period's end. */
export function providerResumes(provider: string): boolean {
  return !isWebhookProvider(provider) || resumingProviders.has(provider);
}
