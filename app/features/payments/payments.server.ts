// The payments feature's server door: what orders, routes and the server wiring may use.
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import type { SecretBox } from "~/platform/secret-box.server";
import type { PaymentsEnv } from "./adapter.server";
import { providerTakesCurrency } from "./currency-support";
import type {
  OrderPayment,
  PaymentEvent,
  PaymentStart,
  SavedCardCharge,
  StartInput,
  StartItem,
} from "./payment-types";
import { recurringLine } from "./paypal-recurring-line";
import { recurringItem } from "./razorpay-subscriptions.server";
import { isWebhookProvider, type PaymentProvider } from "./provider-shapes";
import { openProvider, rowIsReady, type OpenedProvider } from "./provider-settings.server";
import { adapterFor } from "./providers.server";
import { providerRows } from "./queries.server";

export type * from "./payment-types";
export type { PaymentsEnv, WebhookRequest } from "./adapter.server";
export { providerRefused } from "./adapter.server";
export type { PaymentProvider, ProviderSettingsView } from "./provider-shapes";
export { paymentProviderNames, isPaymentProvider } from "./provider-shapes";
export { readProviderSettings, saveProviderSettings } from "./provider-settings.server";
export {
  PAYMENT_EVENT_JOB,
  receiveWebhook,
  recordPaymentEvent,
  type JobSender,
  type PaymentEventJobData,
  type WebhookDeps,
  type WebhookReceipt,
} from "./webhooks.server";

/** What calling a provider needs: the database (keys), the secret box, where the APIs live. */
export type PaymentDeps = {
  database: Database;
  secretBox: SecretBox;
  env: PaymentsEnv;
  logger: Logger;
};

/**
 * The providers a buyer may pay with in `currency`: enabled, with every key they need stored,
 * and taking that currency.
 */
export { paymentDepsContext } from "./payment-context.server";
export { providerResumes, resumeSubscriptionAtProvider } from "./subscription-resume.server";

export async function enabledProviders(
  tx: Tx,
  { accountId, currency }: { accountId: string; currency: string },
): Promise<PaymentProvider[]> {
  const rows = await providerRows(tx, { accountId });
  return rows
    .filter(
      (row) => row.enabled && rowIsReady(row) && providerTakesCurrency(row.provider, currency),
    )
    .map((row) => row.provider);
}

/**
 * Whether the site can take payments: some provider is switched on with every key it needs
 * stored (issue 17's launch checklist; currencies aside).
 */
export async function hasReadyPaymentProvider(
  database: Database,
  { accountId }: { accountId: string },
): Promise<boolean> {
  const rows = await database.forAccount(accountId, (tx) => providerRows(tx, { accountId }));
  return rows.some((row) => row.enabled && rowIsReady(row));
}

async function usableProvider(
  { database, secretBox }: PaymentDeps,
  { accountId, provider }: { accountId: string; provider: PaymentProvider },
): Promise<OpenedProvider> {
  const opened = await database.forAccount(accountId, (tx) =>
    openProvider(tx, secretBox, { accountId, provider }),
  );
  if (!opened?.ready) throw new AppError({ code: "payment.keysMissing" });
  return opened;
}

/**
 * Asks the provider for a payment of an order (outside any transaction: it is a call over the
 * network). Stripe and PayPal send the browser to their page, Razorpay opens its modal,
 * offline shows the account's bank instructions.
 */
export async function startPayment(
  deps: PaymentDeps,
  {
    accountId,
    provider,
    input,
  }: { accountId: string; provider: PaymentProvider; input: StartInput },
): Promise<PaymentStart> {
  const opened = await deps.database.forAccount(accountId, (tx) =>
    openProvider(tx, deps.secretBox, { accountId, provider }),
  );
  if (!opened?.enabled || !providerTakesCurrency(provider, input.currency))
    throw new AppError({ code: "payment.providerUnavailable" });
  // Enabled with its keys, but they no longer open (the auth secret changed): enter them again.
  if (!opened.ready) throw new AppError({ code: "payment.keysMissing" });
  if (!isWebhookProvider(provider))
    return { kind: "offline", providerRef: null, instructions: opened.instructions };
  return (await adapterFor(provider, deps)).start(opened.keys, input);
}

/**
 * A funnel's one-click upsell (decision 063): the card an earlier checkout of `provider` kept,
 * charged again; null where the provider keeps none or the charge did not go through at once.
 */
export async function chargeSavedCard(
  deps: PaymentDeps,
  {
    accountId,
    provider,
    charge,
  }: { accountId: string; provider: PaymentProvider; charge: SavedCardCharge },
): Promise<{ paymentRef: string } | null> {
  if (!isWebhookProvider(provider)) return null;
  const opened = await deps.database.forAccount(accountId, (tx) =>
    openProvider(tx, deps.secretBox, { accountId, provider }),
  );
  if (!opened?.enabled || !opened.ready) return null;
  const adapter = await adapterFor(provider, deps);
  return adapter.chargeSaved ? adapter.chargeSaved(opened.keys, charge) : null;
}

/**
 * Refuses, before any order is written, a cart the provider cannot take in one checkout: PayPal
 * a subscription beside anything else, Razorpay two subscriptions, Stripe subscriptions of
 * different periods (one Stripe subscription bills on one period).
 */
export function checkCart(provider: PaymentProvider, items: StartItem[]): void {
  if (provider === "paypal") recurringLine({ items });
  else if (provider === "razorpay") recurringItem({ items });
  else if (provider === "stripe") {
    const periods = new Set(
      items.flatMap((item) =>
        item.recurring ? [`${item.recurring.interval}:${item.recurring.intervalCount}`] : [],
      ),
    );
    if (periods.size > 1) throw new AppError({ code: "payment.oneSubscription" });
  }
}

/**
 * The buyer is back from the provider with `payload` (the return address's query, or
 * Razorpay's handler answer): Stripe's `session_id` is read, PayPal's `token` captured,
 * Razorpay's `razorpay_order_id|razorpay_payment_id` signature checked (a forged one →
 * payment.badSignature). Only news about this very order counts: a reference that is not the
 * order's gives null, as does a payment not made yet. The event is for the caller to record.
 */
export async function confirmReturn(
  deps: PaymentDeps,
  {
    accountId,
    order,
    payload,
  }: { accountId: string; order: OrderPayment; payload: Record<string, string> },
): Promise<PaymentEvent | null> {
  const provider = order.provider;
  if (!isWebhookProvider(provider) || !order.providerRef) return null;
  const named = { stripe: "session_id", paypal: "token", razorpay: "razorpay_order_id" }[provider];
  // Razorpay's handler, and PayPal's return, name the subscription when the checkout started one.
  const alsoNamed = {
    stripe: undefined,
    paypal: payload.subscription_id,
    razorpay: payload.razorpay_subscription_id,
  }[provider];
  if (payload[named] !== order.providerRef && alsoNamed !== order.providerRef) return null;
  const opened = await usableProvider(deps, { accountId, provider });
  const event = await (await adapterFor(provider, deps)).confirmReturn(opened.keys, payload);
  return event && event.providerRef === order.providerRef ? event : null;
}

/** Tells the provider to stop a subscription's renewals at its period's end. */
export async function cancelSubscriptionAtPeriodEnd(
  deps: PaymentDeps,
  a: { accountId: string; provider: string; subscriptionRef: string },
): Promise<void> {
  const { provider } = a;
  if (!isWebhookProvider(provider)) return;
  const adapter = await adapterFor(provider, deps);
  if (!adapter.cancelAtPeriodEnd) return;
  const opened = await usableProvider(deps, { accountId: a.accountId, provider });
  await adapter.cancelAtPeriodEnd(opened.keys, a.subscriptionRef);
}

/** The address of the provider's page where a subscriber changes their card. */
export async function billingPageFor(
  deps: PaymentDeps,
  a: { accountId: string; provider: string; subscriptionRef: string; returnUrl: string },
): Promise<string> {
  const { provider } = a;
  if (!isWebhookProvider(provider)) throw new AppError({ code: "request.invalid" });
  const adapter = await adapterFor(provider, deps);
  if (!adapter.billingPage) throw new AppError({ code: "request.invalid" });
  const opened = await usableProvider(deps, { accountId: a.accountId, provider });
  return adapter.billingPage(opened.keys, a);
}

/**
 * Ends a subscription at its provider now (its order was refunded): no further charge. Offline
 * and manual subscriptions have no one to tell. A refusal throws payment.providerFailed.
 */
export async function endSubscriptionAtProvider(
  deps: PaymentDeps,
  a: { accountId: string; provider: string; subscriptionRef: string },
): Promise<void> {
  const { provider } = a;
  if (!isWebhookProvider(provider)) return;
  const opened = await usableProvider(deps, { accountId: a.accountId, provider });
  await (await adapterFor(provider, deps)).cancelSubscription(opened.keys, a.subscriptionRef);
}

/**
 * Gives an order's money back through its provider: all of it, or `amount` minor units
 * (offline and manual orders: nothing to call), once per `refundKey`. Only the money: a
 * subscription the order started is ended by `endSubscriptionAtProvider`. A refusal throws
 * payment.providerFailed.
 */
export async function refundPayment(
  deps: PaymentDeps,
  {
    accountId,
    order,
    amount,
    refundKey,
  }: { accountId: string; order: OrderPayment; amount?: number; refundKey?: string },
): Promise<void> {
  const provider = order.provider;
  if (!isWebhookProvider(provider)) return;
  const opened = await usableProvider(deps, { accountId, provider });
  await (
    await adapterFor(provider, deps)
  ).refund(opened.keys, {
    providerRef: order.providerRef,
    paymentRef: order.paymentRef ?? null,
    currency: order.currency,
    ...(amount !== undefined && { amount }),
    ...(refundKey !== undefined && { refundKey }),
  });
}
