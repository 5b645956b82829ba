// What Razorpay says about the subscriptions Lyceum made (their notes name the order), in our
// words (decision 033), and how a refund of one of their orders goes back through Razorpay.
import type Razorpay from "razorpay";
import type { Subscriptions } from "razorpay/dist/types/subscriptions";
import { objectField, stringField, type WebhookOutcome } from "./adapter.server";
import type { PaymentEvent } from "./payment-types";

type Entity = Record<string, unknown> | undefined;

/** Statuses in which Razorpay still charges, or may: cancelling is still possible. */
const LIVE = new Set(["created", "authenticated", "active", "pending", "halted"]);

const ours = (subscription: Entity) =>
  Boolean(stringField(objectField(subscription, "notes"), "order_id"));

const number = (value: unknown) => (typeof value === "number" ? value : undefined);

export type NewsContext = { eventId: string; occurredAt: Date; raw: Record<string, unknown> };

function event(
  context: NewsContext,
  fields: Omit<PaymentEvent, keyof NewsContext>,
): WebhookOutcome {
  return { kind: "event", event: { ...context, ...fields } };
}

/**
 * A `subscription.*` webhook:
 * - `authenticated`: the buyer made the checkout's payment in the modal — "paid" for the order
 *   (its reference is the subscription), in case the handler's answer never came back;
 * - `charged` with `paid_count` ≥ 1: a cycle after the checkout (which pays none, see
 *   razorpay-subscriptions.server.ts) — "renewed", referenced by its payment;
 * - `pending`: a cycle's charge failed and Razorpay retries — "renewalFailed";
 * - `halted` (the retries failed) and `cancelled` — "subscriptionEnded";
 * - `completed`: the last of a limited count was paid — nothing: a plan paid off grants for ever
 *   (decision 033), and its last renewal already made the access lasting.
 */
export function subscriptionNews(
  type: string,
  subscription: Entity,
  payment: Entity,
  context: NewsContext,
): WebhookOutcome {
  const subscriptionRef = stringField(subscription, "id");
  if (!subscriptionRef || !ours(subscription)) return { kind: "ignored", type };
  switch (type) {
    case "subscription.authenticated":
      return event(context, {
        kind: "paid",
        providerRef: subscriptionRef,
        paymentRef: subscriptionRef,
        amount: number(payment?.amount),
      });
    case "subscription.charged": {
      const paymentRef = stringField(payment, "id");
      const periodEnd = number(subscription?.current_end);
      if (!paymentRef || (number(subscription?.paid_count) ?? 0) < 1)
        return { kind: "ignored", type };
      return event(context, {
        kind: "renewed",
        providerRef: paymentRef,
        paymentRef,
        subscriptionRef,
        amount: number(payment?.amount),
        ...(periodEnd !== undefined && { periodEnd: new Date(periodEnd * 1000) }),
      });
    }
    case "subscription.pending":
      return event(context, {
        kind: "renewalFailed",
        providerRef: stringField(payment, "id") ?? subscriptionRef,
        subscriptionRef,
      });
    case "subscription.halted":
    case "subscription.cancelled":
      return event(context, {
        kind: "subscriptionEnded",
        providerRef: subscriptionRef,
        subscriptionRef,
      });
    default:
      return { kind: "ignored", type };
  }
}

type Subscription = Subscriptions.RazorpaySubscription;

/**
 * The subscription a payment was charged for (Razorpay charges subscriptions against invoices,
 * and an invoice names its subscription), and whether the payment was the checkout's: the
 * authentication's invoice is made before the subscription starts, each cycle's after.
 */
export async function subscriptionOfPayment(
  razorpay: Razorpay,
  invoiceId: string,
): Promise<{ subscription: Subscription; checkout: boolean } | null> {
  const invoice = (await razorpay.invoices.fetch(invoiceId)) as {
    subscription_id?: unknown;
    created_at: number;
  };
  if (typeof invoice.subscription_id !== "string") return null;
  const subscription = await razorpay.subscriptions.fetch(invoice.subscription_id);
  if (!ours(subscription as unknown as Entity)) return null;
  return { subscription, checkout: invoice.created_at < subscription.start_at };
}

/**
 * A subscription's payment failed: a cycle's charge is a failed renewal. A payment tried in the
 * modal before the subscription was authenticated is the buyer's to try again there.
 */
export async function failedSubscriptionPayment(
  razorpay: Razorpay,
  payment: Entity,
  context: NewsContext,
  type: string,
): Promise<WebhookOutcome> {
  const invoiceId = stringField(payment, "invoice_id");
  const found = invoiceId ? await subscriptionOfPayment(razorpay, invoiceId) : null;
  if (!found || found.subscription.status === "created") return { kind: "ignored", type };
  return event(context, {
    kind: "renewalFailed",
    providerRef: stringField(payment, "id") ?? found.subscription.id,
    subscriptionRef: found.subscription.id,
    amount: number(payment?.amount),
  });
}

/**
 * The order a refunded subscription payment belongs to: the one our refund named in its notes,
 * else the checkout's order (the subscription) for the authentication's payment, else the
 * renewal whose reference is the payment.
 */
export async function refundedSubscriptionRef(
  razorpay: Razorpay,
  payment: Entity,
  refund: Entity,
): Promise<string | null> {
  const named = stringField(objectField(refund, "notes"), "lyceum_ref");
  if (named) return named;
  const paymentId = stringField(payment, "id") ?? null;
  const invoiceId = stringField(payment, "invoice_id");
  if (!invoiceId) return paymentId;
  const found = await subscriptionOfPayment(razorpay, invoiceId);
  return found?.checkout ? found.subscription.id : paymentId;
}

/** Ends a subscription at Razorpay now (not at its cycle's end); one already over is left. */
export async function cancelRazorpaySubscription(
  razorpay: Razorpay,
  subscriptionId: string,
): Promise<void> {
  const subscription = await razorpay.subscriptions.fetch(subscriptionId);
  if (LIVE.has(subscription.status)) await razorpay.subscriptions.cancel(subscription.id);
}

/**
 * A refund of (all or `amount` of) a subscription's order: a renewal's own payment, or for the
 * checkout's order the authentication's (nothing when a trial took only Razorpay's refunded
 * token amount). The subscription is ended apart (`cancelRazorpaySubscription`), only when the
 * whole order is refunded.
 */
export async function refundSubscriptionOrder(
  razorpay: Razorpay,
  { providerRef, amount, refundKey }: { providerRef: string; amount?: number; refundKey?: string },
): Promise<void> {
  let paymentId: string | null = null;
  if (providerRef.startsWith("sub_")) {
    const subscription = await razorpay.subscriptions.fetch(providerRef);
    const invoices = await razorpay.invoices.all({ subscription_id: providerRef, count: 100 });
    const checkout = invoices.items
      .filter((invoice) => invoice.status === "paid" && invoice.created_at < subscription.start_at)
      .sort((a, b) => a.created_at - b.created_at)[0];
    paymentId = checkout?.payment_id ?? null;
  } else {
    paymentId = (await razorpay.payments.fetch(providerRef)).id;
  }
  if (!paymentId) {
    if (amount) throw new Error("no Razorpay payment of this order to refund");
    return;
  }
  await refundRazorpayPayment(razorpay, paymentId, {
    amount,
    refundKey,
    notes: { lyceum_ref: providerRef },
  });
}

/** The note of a refund that carries its refund key (Razorpay's notes: 15 keys, 256 chars each). */
export const REFUND_KEY_NOTE = "lyceum_refund_key";

/**
 * Refunds (all or `amount` of) a payment once per `refundKey`. Razorpay's SDK sends no
 * idempotency header, so the key travels in the refund's notes and the payment's refunds are
 * read first (`GET /v1/payments/:id/refunds`): one carrying the key is the refund already made,
 * and nothing is asked again. (Two calls with one key at the very same moment could still both
 * create: the site never makes them — the request, then its check minutes later.)
 */
export async function refundRazorpayPayment(
  razorpay: Razorpay,
  paymentId: string,
  {
    amount,
    refundKey,
    notes = {},
  }: { amount?: number; refundKey?: string; notes?: Record<string, string> },
): Promise<void> {
  if (refundKey) {
    for (let skip = 0; ; skip += 100) {
      const page = await razorpay.payments.fetchMultipleRefund(paymentId, { count: 100, skip });
      const made = page.items.find(
        (refund) =>
          (refund.notes as Record<string, unknown> | null)?.[REFUND_KEY_NOTE] === refundKey,
      );
      if (made) return;
      if (page.items.length < 100) break;
    }
  }
  await razorpay.payments.refund(paymentId, {
    ...(amount !== undefined && { amount }),
    receipt: `refund_${paymentId}`.slice(0, 40),
    notes: { ...notes, ...(refundKey && { [REFUND_KEY_NOTE]: refundKey }) },
  });
}
