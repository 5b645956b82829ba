import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import type { Logger } from "~/platform/logger.server";
import {
  badSignature,
  objectField,
  parseJsonObject,
  unreadable,
  providerFailed,
  stringField,
  type PaymentAdapter,
  type PaymentsEnv,
  type WebhookOutcome,
} from "./adapter.server";
import type { PaymentEvent, ProviderKeys } from "./payment-types";
import {
  cancelRazorpaySubscription,
  failedSubscriptionPayment,
  refundedSubscriptionRef,
  refundRazorpayPayment,
  refundSubscriptionOrder,
  subscriptionNews,
} from "./razorpay-subscription-news.server";
import { recurringItem, startRazorpaySubscription } from "./razorpay-subscriptions.server";
import { razorpayEventSchema } from "./webhook-schemas";

/**
 * The SDK fixes https://api.razorpay.com as the base of its axios instance; RAZORPAY_API_BASE
 * (a local fake) replaces that default on the instance it made.
 */
export function razorpayClient(keys: ProviderKeys, apiBase: string | undefined): Razorpay {
  const razorpay = new Razorpay({ key_id: keys.publicKey, key_secret: keys.secretKey });
  if (apiBase) {
    const api = razorpay.api as unknown as { rq: { defaults: { baseURL?: string } } };
    api.rq.defaults.baseURL = apiBase.replace(/\/$/, "");
  }
  return razorpay;
}

/** HMAC-SHA256 of `message` with `secret`, hex, compared in constant time with `signature`. */
export function hmacMatches(message: string, secret: string, signature: string): boolean {
  const expected = createHmac("sha256", secret).update(message).digest();
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, "hex") : null;
  return given !== null && timingSafeEqual(expected, given);
}

const idPattern = /^[A-Za-z0-9_]{1,64}$/;

const refundedInFull = (payment: Record<string, unknown> | undefined) =>
  stringField(payment, "status") === "refunded" || stringField(payment, "refund_status") === "full";

/**
 * A refund's news: all of the payment back, or a part (`amount_refunded`, every refund of the
 * payment so far; else at least this refund), which keeps the order's access.
 */
function refundNews(
  payment: Record<string, unknown> | undefined,
  refund: Record<string, unknown> | undefined,
): { amount: unknown; partial?: true } {
  if (refundedInFull(payment)) return { amount: refund?.amount };
  const soFar = payment?.amount_refunded;
  return { amount: typeof soFar === "number" ? soFar : refund?.amount, partial: true };
}

/**
 * Razorpay through its SDK: the Orders API, or for a cart with a recurring item a Plan and a
 * Subscription (razorpay-subscriptions.server.ts), then Checkout's modal in the browser (key id
 * and order id, or subscription id); its handler's answer is checked by
 * HMAC-SHA256("order_id|payment_id", key_secret), for a subscription
 * HMAC-SHA256("payment_id|subscription_id", key_secret); webhooks by X-Razorpay-Signature =
 * HMAC-SHA256 hex of the raw body with the webhook secret, each event once by
 * X-Razorpay-Event-Id; refunds of the payment (and a subscription's end).
 */
export function createRazorpayAdapter({
  env,
  logger,
}: {
  env: PaymentsEnv;
  logger: Logger;
}): PaymentAdapter {
  const client = (keys: ProviderKeys) => razorpayClient(keys, env.RAZORPAY_API_BASE);

  return {
    async start(keys, input) {
      try {
        const item = recurringItem(input);
        if (item) {
          const subscription = await startRazorpaySubscription(client(keys), input, item);
          return {
            kind: "modal",
            providerRef: subscription.id,
            client: {
              scriptUrl: env.RAZORPAY_CHECKOUT_JS_URL,
              key: keys.publicKey,
              subscription_id: subscription.id,
              description: `Order ${input.orderNumber}`,
              prefill: { email: input.email },
              notes: { order_id: input.orderId },
            },
          };
        }
        const order = await client(keys).orders.create({
          amount: input.total,
          currency: input.currency,
          receipt: `order_${input.orderNumber}`.slice(0, 40),
          notes: { order_id: input.orderId, account_id: input.accountId },
        });
        return {
          kind: "modal",
          providerRef: order.id,
          client: {
            scriptUrl: env.RAZORPAY_CHECKOUT_JS_URL,
            key: keys.publicKey,
            order_id: order.id,
            amount: input.total,
            currency: input.currency,
            description: `Order ${input.orderNumber}`,
            prefill: { email: input.email },
            notes: { order_id: input.orderId },
          },
        };
      } catch (error) {
        throw providerFailed(logger, "razorpay", error, "start");
      }
    },

    async confirmReturn(keys, params) {
      const subscriptionId = params.razorpay_subscription_id;
      if (subscriptionId !== undefined) {
        const paymentId = params.razorpay_payment_id ?? "";
        if (!idPattern.test(subscriptionId) || !idPattern.test(paymentId)) return null;
        const signed = `${paymentId}|${subscriptionId}`;
        if (!hmacMatches(signed, keys.secretKey, params.razorpay_signature ?? ""))
          throw badSignature();
        // The order's payment reference is the subscription: renewals and refunds name it.
        return {
          eventId: `return:${paymentId}`,
          kind: "paid",
          providerRef: subscriptionId,
          paymentRef: subscriptionId,
          occurredAt: new Date(),
          raw: { razorpay_subscription_id: subscriptionId, razorpay_payment_id: paymentId },
        };
      }
      const orderId = params.razorpay_order_id ?? "";
      const paymentId = params.razorpay_payment_id ?? "";
      const signature = params.razorpay_signature ?? "";
      if (!idPattern.test(orderId) || !idPattern.test(paymentId)) return null;
      if (!hmacMatches(`${orderId}|${paymentId}`, keys.secretKey, signature)) throw badSignature();
      return {
        eventId: `return:${paymentId}`,
        kind: "paid",
        providerRef: orderId,
        paymentRef: paymentId,
        occurredAt: new Date(),
        raw: { razorpay_order_id: orderId, razorpay_payment_id: paymentId },
      };
    },

    async cancelAtPeriodEnd(keys, subscriptionRef) {
      try {
        // Razorpay's own "at the end of the current cycle".
        await client(keys).subscriptions.cancel(subscriptionRef, true);
      } catch (error) {
        throw providerFailed(logger, "razorpay", error, "cancelAtPeriodEnd");
      }
    },

    async cancelSubscription(keys, subscriptionRef) {
      try {
        await cancelRazorpaySubscription(client(keys), subscriptionRef);
      } catch (error) {
        throw providerFailed(logger, "razorpay", error, "cancelSubscription");
      }
    },

    async refund(keys, { providerRef, paymentRef: known, amount, refundKey }) {
      const razorpay = client(keys);
      try {
        // A subscription's order (its subscription) or a renewal (its payment).
        if (providerRef?.startsWith("sub_") || providerRef?.startsWith("pay_")) {
          await refundSubscriptionOrder(razorpay, { providerRef, amount, refundKey });
          return;
        }
        let paymentRef = known;
        if (!paymentRef && providerRef) {
          const payments = await razorpay.orders.fetchPayments(providerRef);
          paymentRef = payments.items.find((payment) => payment.status === "captured")?.id ?? null;
        }
        if (!paymentRef) throw new Error("no Razorpay payment to refund");
        await refundRazorpayPayment(razorpay, paymentRef, { amount, refundKey });
      } catch (error) {
        throw providerFailed(logger, "razorpay", error, "refund");
      }
    },

    async parseWebhook(keys, { body, headers }): Promise<WebhookOutcome> {
      const signature = headers.get("x-razorpay-signature") ?? "";
      if (!hmacMatches(body, keys.webhookSecret, signature)) throw badSignature();
      let event: Record<string, unknown>;
      try {
        event = parseJsonObject(body);
      } catch {
        // Signed, but not a JSON object: nothing to read, nothing to be sent again.
        return { kind: "unreadable", where: "body" };
      }
      const checked = razorpayEventSchema.safeParse(event);
      if (!checked.success) return unreadable(checked.error);
      const type = stringField(event, "event") ?? "";
      // Razorpay names each event in a header; without one, the body's hash stands in.
      const eventId =
        headers.get("x-razorpay-event-id") ??
        `sha256:${createHash("sha256").update(body).digest("hex")}`;
      const payload = objectField(event, "payload");
      const entity = (name: string) => objectField(objectField(payload, name), "entity");
      const payment = entity("payment");
      const createdAt = event.created_at;
      const occurredAt = typeof createdAt === "number" ? new Date(createdAt * 1000) : new Date();
      const context = { eventId, occurredAt, raw: event };
      if (type.startsWith("subscription."))
        return subscriptionNews(type, entity("subscription"), payment, context);
      // Razorpay charges subscriptions against invoices: their payments are told by the
      // subscription's own events, but for a failure or a refund.
      const invoiceId = stringField(payment, "invoice_id");
      const news = (
        kind: PaymentEvent["kind"],
        providerRef: string | null,
        paymentRef: string | undefined,
        amount: unknown,
        partial?: true,
      ): WebhookOutcome => ({
        kind: "event",
        event: {
          eventId,
          kind,
          providerRef,
          paymentRef,
          amount: typeof amount === "number" ? amount : undefined,
          ...(partial && { partial }),
          occurredAt,
          raw: event,
        },
      });
      try {
        if (invoiceId && type === "payment.failed")
          return await failedSubscriptionPayment(client(keys), payment, context, type);
        if (invoiceId && type === "refund.processed") {
          const refund = entity("refund");
          const { amount, partial } = refundNews(payment, refund);
          const providerRef = await refundedSubscriptionRef(client(keys), payment, refund);
          return news("refunded", providerRef, stringField(payment, "id"), amount, partial);
        }
      } catch (error) {
        throw providerFailed(logger, "razorpay", error, "subscriptionLookup");
      }
      if (invoiceId) return { kind: "ignored", type };
      switch (type) {
        case "payment.captured":
          return news(
            "paid",
            stringField(payment, "order_id") ?? null,
            stringField(payment, "id"),
            payment?.amount,
          );
        case "order.paid": {
          const order = entity("order");
          return news(
            "paid",
            stringField(order, "id") ?? null,
            stringField(payment, "id"),
            order?.amount_paid,
          );
        }
        case "payment.failed":
          return news(
            "failed",
            stringField(payment, "order_id") ?? null,
            stringField(payment, "id"),
            payment?.amount,
          );
        case "refund.processed": {
          const refund = entity("refund");
          const { amount, partial } = refundNews(payment, refund);
          return news(
            "refunded",
            stringField(payment, "order_id") ?? null,
            stringField(refund, "payment_id") ?? stringField(payment, "id"),
            amount,
            partial,
          );
        }
        default:
          return { kind: "ignored", type };
      }
    },
  };
}
