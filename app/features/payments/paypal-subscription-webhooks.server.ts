// PayPal subscriptions' webhooks (decision 033): a subscription's activation pays its order, its
// later sales are renewals, and its failures and ends come back as the same news as Stripe's.
import { objectField, stringField, type WebhookOutcome } from "./adapter.server";
import { decimalToMinor } from "./currency-support";
import type { PaymentEvent } from "./payment-types";
import { paypalRest, type PaypalState } from "./paypal-client.server";
import {
  checkoutSale,
  saleIdPattern,
  subscriptionIdPattern,
  subscriptionPaid,
  subscriptions,
} from "./paypal-subscriptions.server";

type Webhook = {
  type: string;
  eventId: string;
  resource: Record<string, unknown>;
  occurredAt: Date;
  raw: Record<string, unknown>;
};

const moneyOf = (value: unknown, amountKey = "value", currencyKey = "currency_code") => {
  const decimal = stringField(value, amountKey);
  const code = stringField(value, currencyKey);
  return decimal && code ? decimalToMinor(decimal, code) : undefined;
};

/** A subscription paid off (its last REGULAR cycle billed) keeps what it gave: no end. */
function paidOff(resource: Record<string, unknown>): boolean {
  const executions = objectField(resource, "billing_info")?.cycle_executions;
  if (!Array.isArray(executions)) return false;
  const regular = executions.find(
    (cycle) => (cycle as Record<string, unknown>)?.tenure_type === "REGULAR",
  ) as Record<string, unknown> | undefined;
  const total = Number(regular?.total_cycles ?? 0);
  return total > 0 && Number(regular?.cycles_remaining ?? 1) === 0;
}

/**
 * PayPal's subscription news as a PaymentEvent, or null for a webhook type this module does
 * not read (the adapter's one-time flow reads it). The sale the checkout paid is not a renewal.
 */
export async function subscriptionWebhook(
  paypal: PaypalState,
  { type, eventId, resource, occurredAt, raw }: Webhook,
): Promise<WebhookOutcome | null> {
  const ignored = { kind: "ignored", type } as const;
  const subscriptionId = stringField(resource, "id");
  const about = (kind: PaymentEvent["kind"], amount?: number): WebhookOutcome =>
    subscriptionId && subscriptionIdPattern.test(subscriptionId)
      ? {
          kind: "event",
          event: {
            eventId,
            kind,
            providerRef: subscriptionId,
            subscriptionRef: subscriptionId,
            amount,
            occurredAt,
            raw,
          },
        }
      : ignored;
  switch (type) {
    case "BILLING.SUBSCRIPTION.ACTIVATED": {
      // The buyer approved but may never come back to the site.
      if (!subscriptionId || !subscriptionIdPattern.test(subscriptionId)) return ignored;
      const paid = await subscriptionPaid(paypal, subscriptionId, eventId, raw);
      return paid ? { kind: "event", event: { ...paid, occurredAt } } : ignored;
    }
    case "PAYMENT.SALE.COMPLETED": {
      const saleId = stringField(resource, "id");
      const agreement = stringField(resource, "billing_agreement_id");
      if (!agreement) return null;
      if (!saleId || !subscriptionIdPattern.test(agreement) || resource.state !== "completed")
        return ignored;
      const { result } = await subscriptions(paypal).getSubscription({ id: agreement });
      if ((await checkoutSale(paypal, result)) === saleId) return ignored;
      const next = result.billingInfo?.nextBillingTime;
      return {
        kind: "event",
        event: {
          eventId,
          kind: "renewed",
          providerRef: saleId,
          paymentRef: saleId,
          subscriptionRef: agreement,
          amount: moneyOf(resource.amount, "total", "currency"),
          ...(next && { periodEnd: new Date(next) }),
          occurredAt,
          raw,
        },
      };
    }
    case "PAYMENT.SALE.REFUNDED":
    case "PAYMENT.SALE.REVERSED": {
      const saleId = stringField(resource, "sale_id");
      if (!saleId || !saleIdPattern.test(saleId)) return null;
      const sale = await paypalRest(paypal, { method: "GET", path: `/v1/payments/sale/${saleId}` });
      const agreement = stringField(sale, "billing_agreement_id");
      if (!agreement || !subscriptionIdPattern.test(agreement)) return ignored;
      // A part refunded keeps the order's access (the refund says what went back so far, else
      // at least itself); all of it ends what it gave.
      const partial = type === "PAYMENT.SALE.REFUNDED" && sale.state !== "refunded";
      const amount = partial
        ? (moneyOf(resource.total_refunded_amount, "value", "currency") ??
          moneyOf(resource.amount, "total", "currency"))
        : moneyOf(resource.amount, "total", "currency");
      if (partial && amount === undefined) return ignored;
      const { result } = await subscriptions(paypal).getSubscription({ id: agreement });
      const ref = (await checkoutSale(paypal, result)) === saleId ? agreement : saleId;
      return {
        kind: "event",
        event: {
          eventId,
          kind: "refunded",
          providerRef: ref,
          paymentRef: ref,
          amount,
          ...(partial && { partial: true }),
          occurredAt,
          raw,
        },
      };
    }
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      return about(
        "renewalFailed",
        moneyOf(objectField(objectField(resource, "billing_info"), "last_failed_payment")?.amount),
      );
    case "BILLING.SUBSCRIPTION.EXPIRED":
      return paidOff(resource) ? ignored : about("subscriptionEnded");
    case "BILLING.SUBSCRIPTION.CANCELLED":
    case "BILLING.SUBSCRIPTION.SUSPENDED":
      return about("subscriptionEnded");
    default:
      return null;
  }
}
