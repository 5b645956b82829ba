import {
  ApiError,
  CheckoutPaymentIntent,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Order,
} from "@paypal/paypal-server-sdk";
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
import { decimalToMinor, minorToDecimal } from "./currency-support";
import type { PaymentEvent, ProviderKeys, StartInput } from "./payment-types";
import { paypalRest, paypalState } from "./paypal-client.server";
import { recurringLine } from "./paypal-recurring-line";
import {
  cancelPaypalSubscription,
  refundSubscriptionPayment,
  startSubscription,
  subscriptionIdPattern,
  subscriptionPaid,
} from "./paypal-subscriptions.server";
import { subscriptionWebhook } from "./paypal-subscription-webhooks.server";
import { paypalEventSchema } from "./webhook-schemas";

function captureOf(order: Order) {
  return order.purchaseUnits?.[0]?.payments?.captures?.[0];
}

/** The buyer approves on PayPal's page: the `payer-action` link (older answers: `approve`). */
function approvalLink(order: Order): string | undefined {
  return order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href;
}

function orderBody(input: StartInput) {
  const money = (amount: number) => ({
    currencyCode: input.currency,
    value: minorToDecimal(amount, input.currency),
  });
  const itemTotal = input.items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  const discount = Math.max(0, itemTotal - input.total);
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      {
        referenceId: input.orderId,
        customId: input.orderId,
        description: `Order ${input.orderNumber}`,
        amount: {
          ...money(input.total),
          breakdown: {
            itemTotal: money(itemTotal),
            ...(discount > 0 && { discount: money(discount) }),
          },
        },
        items: input.items.map((item) => ({
          name: item.title.slice(0, 127) || `#${input.orderNumber}`,
          quantity: String(item.quantity),
          unitAmount: money(item.amount),
        })),
      },
    ],
    paymentSource: {
      paypal: {
        emailAddress: input.email,
        experienceContext: {
          returnUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          userAction: PaypalExperienceUserAction.PayNow,
          shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
        },
      },
    },
  };
}

const orderIdPattern = /^[A-Z0-9]{5,40}$/;

/**
 * PayPal through its server SDK: Orders v2 (create, the buyer approves on PayPal, we capture
 * on the way back or on CHECKOUT.ORDER.APPROVED), refunds of the capture, and webhooks checked
 * by PayPal's own `POST /v1/notifications/verify-webhook-signature` with the webhook id (stored
 * as the "webhook secret"). A recurring item starts a PayPal subscription instead
 * (paypal-subscriptions.server.ts): its sales are the renewals of decision 033.
 */
export function createPaypalAdapter({
  env,
  logger,
}: {
  env: PaymentsEnv;
  logger: Logger;
}): PaymentAdapter {
  const state = (keys: ProviderKeys) => paypalState(keys, env.PAYPAL_API_BASE);

  /** Captures an approved order once (PayPal-Request-Id); an order captured before is read. */
  async function capture(keys: ProviderKeys, orderId: string): Promise<Order | null> {
    const orders = new OrdersController(state(keys).client);
    try {
      const { result } = await orders.captureOrder({
        id: orderId,
        paypalRequestId: `lyceum-capture-${orderId}`,
        prefer: "return=representation",
      });
      return result;
    } catch (error) {
      const issue = error instanceof ApiError ? JSON.stringify(error.result ?? "") : "";
      if (issue.includes("ORDER_ALREADY_CAPTURED")) {
        return (await orders.getOrder({ id: orderId })).result;
      }
      if (issue.includes("ORDER_NOT_APPROVED")) return null;
      throw providerFailed(logger, "paypal", error, "capture");
    }
  }

  function paidFrom(order: Order, eventId: string, raw: Record<string, unknown>) {
    const captured = captureOf(order);
    if (!order.id || !captured?.id || captured.status !== "COMPLETED") return null;
    return {
      eventId,
      kind: "paid",
      providerRef: order.id,
      paymentRef: captured.id,
      amount: captured.amount
        ? decimalToMinor(captured.amount.value, captured.amount.currencyCode)
        : undefined,
      occurredAt: new Date(),
      raw,
    } satisfies PaymentEvent;
  }

  async function verify(keys: ProviderKeys, body: string, headers: Headers): Promise<void> {
    const header = (name: string) => headers.get(`paypal-${name}`) ?? "";
    const fields = {
      auth_algo: header("auth-algo"),
      cert_url: header("cert-url"),
      transmission_id: header("transmission-id"),
      transmission_sig: header("transmission-sig"),
      transmission_time: header("transmission-time"),
      webhook_id: keys.webhookSecret,
    };
    if (Object.values(fields).some((value) => !value)) throw badSignature();
    let verdict: unknown;
    try {
      // The event goes back exactly as it came: re-serialised JSON may not verify.
      verdict = await paypalRest(state(keys), {
        method: "POST",
        path: "/v1/notifications/verify-webhook-signature",
        raw: `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${body}}`,
      });
    } catch (error) {
      throw providerFailed(logger, "paypal", error, "verifyWebhook");
    }
    if (stringField(verdict, "verification_status") !== "SUCCESS") throw badSignature();
  }

  return {
    async start(keys, input) {
      try {
        const recurring = recurringLine(input);
        if (recurring) return await startSubscription(state(keys), input, recurring);
        const { result } = await new OrdersController(state(keys).client).createOrder({
          body: orderBody(input),
          paypalRequestId: `lyceum-order-${input.orderId}`,
          prefer: "return=representation",
        });
        const url = approvalLink(result);
        if (!result.id || !url) throw new Error("PayPal gave no approval link");
        return { kind: "redirect", url, providerRef: result.id };
      } catch (error) {
        throw providerFailed(logger, "paypal", error, "start");
      }
    },

    async confirmReturn(keys, params) {
      const subscriptionId = params.subscription_id;
      if (subscriptionId !== undefined) {
        if (!subscriptionIdPattern.test(subscriptionId)) return null;
        try {
          return await subscriptionPaid(state(keys), subscriptionId, `return:${subscriptionId}`, {
            subscription_id: subscriptionId,
          });
        } catch (error) {
          throw providerFailed(logger, "paypal", error, "confirmReturn");
        }
      }
      const orderId = params.token;
      if (!orderId || !orderIdPattern.test(orderId)) return null;
      const order = await capture(keys, orderId);
      return order ? paidFrom(order, `return:${orderId}`, { token: orderId }) : null;
    },

    async cancelAtPeriodEnd(keys, subscriptionRef) {
      try {
        await cancelPaypalSubscription(state(keys), subscriptionRef);
      } catch (error) {
        throw providerFailed(logger, "paypal", error, "cancelAtPeriodEnd");
      }
    },

    async cancelSubscription(keys, subscriptionRef) {
      try {
        await cancelPaypalSubscription(state(keys), subscriptionRef, "Refunded by the site");
      } catch (error) {
        throw providerFailed(logger, "paypal", error, "cancelSubscription");
      }
    },

    async refund(keys, { providerRef, paymentRef: known, amount, currency, refundKey }) {
      try {
        const refs = { providerRef, paymentRef: known, amount, currency, refundKey };
        if (await refundSubscriptionPayment(state(keys), refs)) return;
        let paymentRef = known;
        if (!paymentRef && providerRef) {
          const { result } = await new OrdersController(state(keys).client).getOrder({
            id: providerRef,
          });
          paymentRef = captureOf(result)?.id ?? null;
        }
        if (!paymentRef) throw new Error("no PayPal capture to refund");
        await new PaymentsController(state(keys).client).refundCapturedPayment({
          captureId: paymentRef,
          paypalRequestId: `lyceum-refund-${refundKey ?? paymentRef}`,
          ...(amount !== undefined && {
            body: { amount: { currencyCode: currency, value: minorToDecimal(amount, currency) } },
          }),
        });
      } catch (error) {
        throw providerFailed(logger, "paypal", error, "refund");
      }
    },

    async parseWebhook(keys, { body, headers }): Promise<WebhookOutcome> {
      const event = parseJsonObject(body);
      await verify(keys, body, headers);
      const checked = paypalEventSchema.safeParse(event);
      if (!checked.success) return unreadable(checked.error);
      const eventId = stringField(event, "id");
      const type = stringField(event, "event_type") ?? "";
      const resource = objectField(event, "resource");
      if (!eventId || !resource) return { kind: "ignored", type };
      const occurredAt = new Date(stringField(event, "create_time") ?? Date.now());
      const relatedOrder = (value: Record<string, unknown>) =>
        stringField(
          objectField(objectField(value, "supplementary_data"), "related_ids"),
          "order_id",
        ) ?? null;
      const amountOf = (value: Record<string, unknown>) => {
        const money = objectField(value, "amount");
        const decimal = stringField(money, "value");
        const code = stringField(money, "currency_code");
        return decimal && code ? decimalToMinor(decimal, code) : undefined;
      };
      const news = (kind: PaymentEvent["kind"], providerRef: string | null, paymentRef?: string) =>
        ({
          kind: "event",
          event: {
            eventId,
            kind,
            providerRef,
            paymentRef,
            amount: amountOf(resource),
            occurredAt,
            raw: event,
          },
        }) as const;

      let subscriptionNews: WebhookOutcome | null;
      try {
        subscriptionNews = await subscriptionWebhook(state(keys), {
          type,
          eventId,
          resource,
          occurredAt,
          raw: event,
        });
      } catch (error) {
        throw providerFailed(logger, "paypal", error, "subscriptionLookup");
      }
      if (subscriptionNews) return subscriptionNews;

      switch (type) {
        case "CHECKOUT.ORDER.APPROVED": {
          // The buyer approved but may never come back: capture here too (once, by request id).
          const orderId = stringField(resource, "id");
          if (!orderId || !orderIdPattern.test(orderId)) return { kind: "ignored", type };
          const order = await capture(keys, orderId);
          const paid = order && paidFrom(order, eventId, event);
          return paid
            ? { kind: "event", event: { ...paid, occurredAt } }
            : { kind: "ignored", type };
        }
        case "PAYMENT.CAPTURE.COMPLETED":
          return news("paid", relatedOrder(resource), stringField(resource, "id"));
        case "PAYMENT.CAPTURE.DENIED":
        case "PAYMENT.CAPTURE.DECLINED":
          return news("failed", relatedOrder(resource), stringField(resource, "id"));
        case "PAYMENT.CAPTURE.REFUNDED":
        case "PAYMENT.CAPTURE.REVERSED": {
          // The resource is the refund; its capture says whether all of it went back.
          const up = (resource.links as { rel?: string; href?: string }[] | undefined)?.find(
            (link) => link.rel === "up",
          )?.href;
          const captureId = up?.split("/").pop();
          if (!captureId) return { kind: "ignored", type };
          let captured;
          try {
            captured = (
              await new PaymentsController(state(keys).client).getCapturedPayment({ captureId })
            ).result;
          } catch (error) {
            throw providerFailed(logger, "paypal", error, "refundLookup");
          }
          const orderId =
            relatedOrder(resource) ?? captured.supplementaryData?.relatedIds?.orderId ?? null;
          const refunded = news("refunded", orderId, captureId);
          if (type === "PAYMENT.CAPTURE.REVERSED" || captured.status === "REFUNDED")
            return refunded;
          // A part refunded: what went back so far (the refund's breakdown says; else at least
          // this refund), and the order keeps its access.
          const soFar = objectField(resource, "seller_payable_breakdown")?.total_refunded_amount;
          const amount = soFar ? amountOf({ amount: soFar }) : refunded.event.amount;
          if (amount === undefined) return { kind: "ignored", type };
          return { kind: "event", event: { ...refunded.event, amount, partial: true } };
        }
        default:
          return { kind: "ignored", type };
      }
    },
  };
}
