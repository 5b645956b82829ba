import Stripe from "stripe";
import type { Logger } from "~/platform/logger.server";
import {
  badSignature,
  providerFailed,
  unreadable,
  type PaymentAdapter,
  type PaymentsEnv,
  type WebhookOutcome,
} from "./adapter.server";
import type { PaymentEvent, ProviderKeys, StartInput } from "./payment-types";
import { chargeSavedCard, refOf } from "./stripe-saved-card.server";
import { stripeEventSchema } from "./webhook-schemas";

/** The SDK pointed at STRIPE_API_BASE when set (a fake), else at api.stripe.com. */
export function stripeClient(secretKey: string, apiBase: string | undefined): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in on the way back, so the return can be confirmed. */
function withSessionId(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`;
}

function lineItems(input: StartInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return input.items.map((item) => ({
    quantity: item.quantity,
    price_data: {
      currency: input.currency.toLowerCase(),
      unit_amount: item.amount,
      product_data: { name: item.title.slice(0, 250) || `#${input.orderNumber}` },
      ...(item.recurring && {
        recurring: {
          interval: item.recurring.interval,
          interval_count: Math.max(1, item.recurring.intervalCount),
        },
      }),
    },
  }));
}

/**
 * A subscription invoice's news: a renewal paid or failed. The first invoice (billing reason
 * `subscription_create`) is the checkout's own and is told by its session, so it is not news.
 */
function invoiceEvent(
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  kind: "renewed" | "renewalFailed",
): WebhookOutcome {
  const subscriptionRef = refOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionRef || !invoice.id || invoice.billing_reason === "subscription_create")
    return { kind: "ignored", type: event.type };
  const periodEnd = invoice.lines?.data?.[0]?.period?.end;
  return {
    kind: "event",
    event: {
      eventId: event.id,
      kind,
      providerRef: invoice.id,
      subscriptionRef,
      amount: kind === "renewed" ? invoice.amount_paid : invoice.amount_due,
      ...(typeof periodEnd === "number" && { periodEnd: new Date(periodEnd * 1000) }),
      occurredAt: new Date(event.created * 1000),
      raw: event as unknown as Record<string, unknown>,
    },
  };
}

/** A Checkout Session's news as a PaymentEvent. */
function sessionEvent(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  kind: PaymentEvent["kind"],
): PaymentEvent {
  return {
    eventId: event.id,
    kind,
    providerRef: session.id,
    paymentRef: refOf(session.payment_intent) ?? refOf(session.subscription),
    amount: session.amount_total ?? undefined,
    occurredAt: new Date(event.created * 1000),
    raw: event as unknown as Record<string, unknown>,
  };
}

/**
 * The reference of the order a payment intent paid: a one-time checkout's session names it; a
 * subscription's payments belong to invoices — the first one (`subscription_create`) is the
 * checkout's, whose session names the subscription; a later one is a renewal, whose order is
 * referenced by its invoice (renewals.server.ts). Null: not a payment of ours.
 */
async function orderRefOfPayment(stripe: Stripe, intent: string): Promise<string | null> {
  const sessions = await stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 });
  if (sessions.data[0]) return sessions.data[0].id;
  const paid = await stripe.invoicePayments.list({
    payment: { type: "payment_intent", payment_intent: intent },
    limit: 1,
  });
  const invoiceId = refOf(paid.data[0]?.invoice);
  if (!invoiceId) return null;
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.billing_reason !== "subscription_create") return invoiceId;
  const subscription = refOf(invoice.parent?.subscription_details?.subscription);
  if (!subscription) return null;
  const first = await stripe.checkout.sessions.list({ subscription, limit: 1 });
  return first.data[0]?.id ?? null;
}

/**
 * Stripe through its SDK: Checkout Sessions (payment, or subscription with trial days),
 * webhooks verified by `webhooks.constructEventAsync` (Stripe-Signature t=,v1= HMAC-SHA256
 * of "t.body" with the endpoint's secret, five minutes' tolerance), refunds.
 */
export function createStripeAdapter({
  env,
  logger,
}: {
  env: PaymentsEnv;
  logger: Logger;
}): PaymentAdapter {
  const client = (keys: ProviderKeys) => stripeClient(keys.secretKey, env.STRIPE_API_BASE);

  async function discountCoupon(stripe: Stripe, input: StartInput): Promise<string | null> {
    const sum = input.items.reduce((total, item) => total + item.amount * item.quantity, 0);
    const discount = sum - input.total;
    if (discount <= 0) return null;
    const coupon = await stripe.coupons.create(
      {
        amount_off: discount,
        currency: input.currency.toLowerCase(),
        duration: "once",
        max_redemptions: 1,
        name: `Order ${input.orderNumber}`.slice(0, 40),
      },
      { idempotencyKey: `lyceum-coupon-${input.orderId}` },
    );
    return coupon.id;
  }

  return {
    async start(keys, input) {
      const stripe = client(keys);
      const recurring = input.items.filter((item) => item.recurring);
      const trialDays = Math.max(0, ...recurring.map((item) => item.recurring!.trialDays));
      const metadata = {
        order_id: input.orderId,
        order_number: String(input.orderNumber),
        account_id: input.accountId,
      };
      try {
        const coupon = await discountCoupon(stripe, input);
        const session = await stripe.checkout.sessions.create(
          {
            mode: recurring.length > 0 ? "subscription" : "payment",
            line_items: lineItems(input),
            success_url: withSessionId(input.successUrl),
            cancel_url: input.cancelUrl,
            customer_email: input.email,
            client_reference_id: input.orderId,
            metadata,
            // A funnel's order keeps its card for the one-click upsell after it (decision 063).
            ...(input.saveCard && recurring.length === 0 && { customer_creation: "always" }),
            ...(coupon && { discounts: [{ coupon }] }),
            ...(recurring.length > 0
              ? {
                  subscription_data: {
                    metadata,
                    ...(trialDays > 0 && { trial_period_days: trialDays }),
                  },
                }
              : {
                  payment_intent_data: {
                    metadata,
                    ...(input.saveCard && { setup_future_usage: "off_session" }),
                  },
                }),
          },
          // A checkout sent again after a crash gets the same session, not a second one.
          { idempotencyKey: `lyceum-checkout-${input.orderId}` },
        );
        if (!session.url) throw new Error("Stripe gave no Checkout URL");
        return { kind: "redirect", url: session.url, providerRef: session.id };
      } catch (error) {
        throw providerFailed(logger, "stripe", error, "start");
      }
    },

    chargeSaved: (keys, charge) =>
      chargeSavedCard(client(keys), charge).catch((error: unknown) => {
        throw providerFailed(logger, "stripe", error, "chargeSaved");
      }),

    async confirmReturn(keys, params) {
      const sessionId = params.session_id;
      if (!sessionId || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
      let session: Stripe.Checkout.Session;
      try {
        session = await client(keys).checkout.sessions.retrieve(sessionId);
      } catch (error) {
        throw providerFailed(logger, "stripe", error, "confirmReturn");
      }
      if (session.status !== "complete" || session.payment_status === "unpaid") return null;
      return {
        eventId: `return:${session.id}`,
        kind: "paid",
        providerRef: session.id,
        paymentRef: refOf(session.payment_intent) ?? refOf(session.subscription),
        amount: session.amount_total ?? undefined,
        occurredAt: new Date(),
        raw: { session_id: session.id, payment_status: session.payment_status },
      };
    },

    async refund(keys, { providerRef, paymentRef: known, amount, refundKey }) {
      const stripe = client(keys);
      const invoicePayment = async (invoice: string) => {
        const payments = await stripe.invoicePayments.list({ invoice, limit: 1 });
        return refOf(payments.data[0]?.payment.payment_intent) ?? null;
      };
      try {
        // The order's own payment, never another's: a renewal's is its invoice's; a one-time
        // checkout's its payment intent; a subscription's first order's the invoice its Checkout
        // Session made (the subscription's latest invoice is a renewal's once one was paid).
        let intent: string | null = null;
        if (providerRef?.startsWith("in_")) intent = await invoicePayment(providerRef);
        else if (known && !known.startsWith("sub_")) intent = known;
        else if (providerRef) {
          const session = await stripe.checkout.sessions.retrieve(providerRef);
          const invoice = refOf(session.invoice);
          intent =
            refOf(session.payment_intent) ?? (invoice ? await invoicePayment(invoice) : null);
        }
        if (!intent) throw new Error("no Stripe payment of this order to refund");
        await stripe.refunds.create(
          { payment_intent: intent, ...(amount !== undefined && { amount }) },
          { idempotencyKey: `lyceum-refund-${refundKey ?? intent}` },
        );
      } catch (error) {
        throw providerFailed(logger, "stripe", error, "refund");
      }
    },

    async cancelSubscription(keys, subscriptionRef) {
      const stripe = client(keys);
      try {
        const current = await stripe.subscriptions.retrieve(subscriptionRef);
        if (current.status !== "canceled" && current.status !== "incomplete_expired")
          await stripe.subscriptions.cancel(subscriptionRef);
      } catch (error) {
        throw providerFailed(logger, "stripe", error, "cancelSubscription");
      }
    },

    async cancelAtPeriodEnd(keys, subscriptionRef) {
      try {
        await client(keys).subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
      } catch (error) {
        throw providerFailed(logger, "stripe", error, "cancelAtPeriodEnd");
      }
    },

    async resumeSubscription(keys, subscriptionRef) {
      try {
        await client(keys).subscriptions.update(subscriptionRef, { cancel_at_period_end: false });
      } catch (error) {
        throw providerFailed(logger, "stripe", error, "resumeSubscription");
      }
    },

    async billingPage(keys, { subscriptionRef, returnUrl }) {
      const stripe = client(keys);
      try {
        // Stripe's customer portal, opened straight on "update the payment method".
        const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
        const customer = refOf(subscription.customer);
        if (!customer) throw new Error("a Stripe subscription without its customer");
        const portal = await stripe.billingPortal.sessions.create({
          customer,
          return_url: returnUrl,
          flow_data: {
            type: "payment_method_update",
            after_completion: { type: "redirect", redirect: { return_url: returnUrl } },
          },
        });
        return portal.url;
      } catch (error) {
        throw providerFailed(logger, "stripe", error, "billingPage");
      }
    },

    async parseWebhook(keys, { body, headers }): Promise<WebhookOutcome> {
      const signature = headers.get("stripe-signature");
      if (!signature) throw badSignature();
      const stripe = client(keys);
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(body, signature, keys.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badSignature();
        // Signed, but not JSON: nothing to read, nothing to be sent again.
        return { kind: "unreadable", where: "body" };
      }
      const checked = stripeEventSchema.safeParse(event);
      if (!checked.success) return unreadable(checked.error);
      switch (event.type) {
        case "checkout.session.completed":
          // Paid now, or later by a delayed method (async_payment_succeeded says so).
          return event.data.object.payment_status === "unpaid"
            ? { kind: "ignored", type: event.type }
            : { kind: "event", event: sessionEvent(event, event.data.object, "paid") };
        case "checkout.session.async_payment_succeeded":
          return { kind: "event", event: sessionEvent(event, event.data.object, "paid") };
        case "checkout.session.async_payment_failed":
          return { kind: "event", event: sessionEvent(event, event.data.object, "failed") };
        case "checkout.session.expired":
          return { kind: "event", event: sessionEvent(event, event.data.object, "cancelled") };
        case "charge.refunded": {
          const charge = event.data.object;
          const intent = refOf(charge.payment_intent);
          let providerRef: string | null = null;
          if (intent) {
            try {
              providerRef = await orderRefOfPayment(stripe, intent);
            } catch (error) {
              throw providerFailed(logger, "stripe", error, "refundLookup");
            }
          }
          return {
            kind: "event",
            event: {
              eventId: event.id,
              kind: "refunded",
              providerRef,
              paymentRef: intent,
              // What went back so far, this refund and any before it; a part refunded keeps the
              // order's access, all of it ends what it gave.
              amount: charge.amount_refunded,
              ...(!charge.refunded && { partial: true }),
              occurredAt: new Date(event.created * 1000),
              raw: event as unknown as Record<string, unknown>,
            },
          };
        }
        case "invoice.paid":
          return invoiceEvent(event, event.data.object, "renewed");
        case "invoice.payment_failed":
          return invoiceEvent(event, event.data.object, "renewalFailed");
        case "customer.subscription.deleted": {
          const subscription = event.data.object;
          return {
            kind: "event",
            event: {
              eventId: event.id,
              kind: "subscriptionEnded",
              providerRef: subscription.id,
              subscriptionRef: subscription.id,
              occurredAt: new Date(event.created * 1000),
              raw: event as unknown as Record<string, unknown>,
            },
          };
        }
        default:
          return { kind: "ignored", type: event.type };
      }
    },
  };
}
