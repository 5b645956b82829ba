// PayPal subscriptions (decision 033): a recurring item starts a PayPal subscription on a billing
// plan, and its later periods come back as webhooks on the subscription's sales.
import { createHash } from "node:crypto";
import {
  ApplicationContextUserAction,
  ExperienceContextShippingPreference,
  IntervalUnit,
  PlanRequestStatus,
  SubscriptionsController,
  SubscriptionStatus,
  TenureType,
  type PlanRequest,
  type Subscription,
  type SubscriptionBillingCycle,
} from "@paypal/paypal-server-sdk";
import { createTtlCache } from "~/platform/ttl-cache";
import { stringField } from "./adapter.server";
import { decimalToMinor, minorToDecimal } from "./currency-support";
import type { PaymentEvent, PaymentStart, StartInput, StartItem } from "./payment-types";
import { PaypalRestError, paypalRest, type PaypalState } from "./paypal-client.server";

const DAY = 86_400_000;

export const subscriptionIdPattern = /^I-[A-Z0-9]{6,40}$/;
export const saleIdPattern = /^[A-Z0-9]{8,40}$/;

/**
 * The plan's cycles: a free TRIAL of the trial days; a coupon's discount on the first paid
 * period as a second TRIAL cycle of one period (like Stripe's coupon applied once); then the
 * REGULAR price, `iterations` payments in all (0: until cancelled).
 */
export function billingCycles(input: StartInput, item: StartItem): SubscriptionBillingCycle[] {
  const recurring = item.recurring!;
  const money = (minor: number) => ({
    currencyCode: input.currency,
    value: minorToDecimal(minor, input.currency),
  });
  const perPeriod = item.amount * item.quantity;
  const first = Math.min(Math.max(input.total, 0), perPeriod);
  const iterations = Math.max(0, recurring.iterations ?? 0);
  const frequency = {
    intervalUnit: recurring.interval === "year" ? IntervalUnit.Year : IntervalUnit.Month,
    intervalCount: Math.max(1, recurring.intervalCount),
  };
  const cycles: Omit<SubscriptionBillingCycle, "sequence">[] = [];
  if (recurring.trialDays > 0)
    cycles.push({
      tenureType: TenureType.Trial,
      frequency: { intervalUnit: IntervalUnit.Day, intervalCount: recurring.trialDays },
      totalCycles: 1,
    });
  const discounted = first < perPeriod;
  if (discounted && iterations !== 1)
    cycles.push({
      tenureType: TenureType.Trial,
      frequency,
      totalCycles: 1,
      pricingScheme: { fixedPrice: money(first) },
    });
  cycles.push({
    tenureType: TenureType.Regular,
    frequency,
    totalCycles: discounted && iterations > 1 ? iterations - 1 : iterations,
    pricingScheme: { fixedPrice: money(discounted && iterations === 1 ? first : perPeriod) },
  });
  return cycles.map((cycle, index) => ({ ...cycle, sequence: index + 1 }));
}

const hash = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The catalog product a plan hangs on, named by its title's hash: looked up, made when
 * missing (the SDK has no Catalog Products controller, so its documented REST API is called).
 */
async function catalogProduct(paypal: PaypalState, title: string): Promise<string> {
  const id = `LYCEUM-${hash(title).slice(0, 32).toUpperCase()}`;
  if (paypal.products.has(id)) return id;
  try {
    await paypalRest(paypal, { method: "GET", path: `/v1/catalogs/products/${id}` });
  } catch (error) {
    if (!(error instanceof PaypalRestError) || error.status !== 404) throw error;
    try {
      await paypalRest(paypal, {
        method: "POST",
        path: "/v1/catalogs/products",
        body: { id, name: title, type: "DIGITAL" },
        requestId: `lyceum-product-${id}`,
      });
    } catch (raced) {
      // Made meanwhile by another checkout: that one is as good.
      if (!(raced instanceof PaypalRestError) || raced.status !== 422) throw raced;
    }
  }
  paypal.products.add(id);
  return id;
}

/**
 * A billing plan for these cycles, made once per definition: PayPal keeps the request id (72
 * hours) and this process the answer (half an hour), so a checkout reuses its plan; past both, a
 * copy of the same plan is made, which is harmless.
 */
async function billingPlan(paypal: PaypalState, request: PlanRequest): Promise<string> {
  const key = hash(JSON.stringify(request));
  const known = paypal.plans.get(key);
  if (known) return known;
  const { result } = await new SubscriptionsController(paypal.client).createBillingPlan({
    body: request,
    paypalRequestId: `lyceum-plan-${key.slice(0, 48)}`,
    prefer: "return=minimal",
  });
  if (!result.id) throw new Error("PayPal gave no plan id");
  paypal.plans.set(key, result.id);
  return result.id;
}

/** Product, plan, subscription; the buyer approves on PayPal's page. */
export async function startSubscription(
  paypal: PaypalState,
  input: StartInput,
  item: StartItem,
): Promise<PaymentStart> {
  const name = item.title.slice(0, 127) || `#${input.orderNumber}`;
  const productId = await catalogProduct(paypal, name);
  const planId = await billingPlan(paypal, {
    productId,
    name,
    status: PlanRequestStatus.Active,
    billingCycles: billingCycles(input, item),
    // Three refused renewals suspend the subscription (its end here); PayPal retries before.
    paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: 3 },
  });
  const { result } = await new SubscriptionsController(paypal.client).createSubscription({
    body: {
      planId,
      customId: input.orderId,
      subscriber: { emailAddress: input.email },
      applicationContext: {
        returnUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        userAction: ApplicationContextUserAction.SubscribeNow,
        shippingPreference: ExperienceContextShippingPreference.NoShipping,
      },
    },
    // A checkout sent again after a crash gets the same subscription.
    paypalRequestId: `lyceum-subscription-${input.orderId}`,
    prefer: "return=representation",
  });
  const url = result.links?.find((link) => link.rel === "approve")?.href;
  if (!result.id || !url) throw new Error("PayPal gave no approval link");
  return { kind: "redirect", url, providerRef: result.id };
}

export const subscriptions = (paypal: PaypalState) => new SubscriptionsController(paypal.client);

/** An ACTIVE subscription pays its order; its id is the order's payment (renewals name it). */
export async function subscriptionPaid(
  paypal: PaypalState,
  subscriptionId: string,
  eventId: string,
  raw: Record<string, unknown>,
): Promise<PaymentEvent | null> {
  const { result } = await subscriptions(paypal).getSubscription({ id: subscriptionId });
  if (result.status !== SubscriptionStatus.Active || result.id !== subscriptionId) return null;
  const last = result.billingInfo?.lastPayment?.amount;
  return {
    eventId,
    kind: "paid",
    providerRef: subscriptionId,
    paymentRef: subscriptionId,
    amount: last ? decimalToMinor(last.value, last.currencyCode) : undefined,
    occurredAt: new Date(),
    raw,
  };
}

/** Which sale the checkout paid, per subscription (it never changes once known). */
const checkoutSales = createTtlCache<string>({ ttlMs: 6 * 60 * 60_000, max: 5_000 });

/**
 * The sale the checkout's own order paid: a plan that starts with a free trial charged nothing
 * at the checkout; any other charges its first cycle when the buyer approves, so the
 * subscription's earliest sale is the checkout's and every later one is a renewal.
 */
export async function checkoutSale(
  paypal: PaypalState,
  subscription: Subscription,
): Promise<string | null> {
  const id = subscription.id;
  if (!id || !subscription.planId) return null;
  const known = checkoutSales.get(`${paypal.apiBase} ${id}`);
  if (known !== undefined) return known || null;
  const { result: plan } = await subscriptions(paypal).getBillingPlan(subscription.planId);
  const first = [...(plan.billingCycles ?? [])].sort((a, b) => a.sequence - b.sequence)[0];
  const price = Number(first?.pricingScheme?.fixedPrice?.value ?? 0);
  let sale = "";
  if (first && !(first.tenureType === TenureType.Trial && !(price > 0))) {
    const created = Date.parse(subscription.createTime ?? subscription.startTime ?? "");
    if (Number.isNaN(created)) return null;
    const { result } = await subscriptions(paypal).listSubscriptionTransactions({
      id,
      startTime: new Date(created - DAY).toISOString(),
      endTime: new Date(Math.min(Date.now(), created + 3 * DAY)).toISOString(),
    });
    const charged = (result.transactions ?? [])
      .filter((t) => t.status !== "DECLINED" && t.status !== "FAILED")
      .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    // PayPal lists the approval's payment a moment later: the webhook is answered with an
    // error, so PayPal sends it again, rather than taking the checkout's sale for a renewal.
    if (!charged[0]) throw new Error("the checkout's sale is not listed yet");
    sale = charged[0].id;
  }
  checkoutSales.set(`${paypal.apiBase} ${id}`, sale);
  return sale || null;
}

/**
 * PayPal cancels at once, not at the period's end: its billing stops now, and the site keeps
 * the period already paid for (renewals.server.ts ends nothing early for a subscription whose
 * end was asked for). A refunded order's subscription ends the same way, for its own reason.
 */
export async function cancelPaypalSubscription(
  paypal: PaypalState,
  id: string,
  reason = "Cancelled by the subscriber",
): Promise<void> {
  const { result } = await subscriptions(paypal).getSubscription({ id });
  await cancelAtPaypal(paypal, result, reason);
}

async function cancelAtPaypal(
  paypal: PaypalState,
  subscription: Subscription,
  reason: string,
): Promise<void> {
  const live: string[] = [
    SubscriptionStatus.Active,
    SubscriptionStatus.Suspended,
    SubscriptionStatus.Approved,
  ];
  if (!subscription.id || !live.includes(subscription.status ?? "")) return;
  await subscriptions(paypal).cancelSubscription({
    id: subscription.id,
    body: { reason },
  });
}

type SaleRefund = { amount?: number; currency: string; refundKey?: string };

async function refundSale(
  paypal: PaypalState,
  saleId: string,
  { amount, currency, refundKey }: SaleRefund,
): Promise<void> {
  // Subscription payments are v1 sales: PayPal's sale refund, not the v2 capture's. Its amount
  // in the currency's own digits (minorToDecimal: "19.00", "1900" for yen).
  await paypalRest(paypal, {
    method: "POST",
    path: `/v1/payments/sale/${saleId}/refund`,
    body:
      amount === undefined ? {} : { amount: { total: minorToDecimal(amount, currency), currency } },
    requestId: `lyceum-refund-${refundKey ?? saleId}`,
  });
}

/**
 * A refund of a subscription's order gives back (all or `amount` of) what that order paid: the
 * checkout's sale for its first order (nothing, after a free trial), the renewal's own sale for
 * a renewal. The subscription itself is ended apart (`cancelPaypalSubscription`), only when the
 * whole order is refunded. A renewal's order names its sale as both its provider and its
 * payment reference; a one-time order never does (an order id and a capture id), so false
 * leaves those to the capture refund.
 */
export async function refundSubscriptionPayment(
  paypal: PaypalState,
  {
    providerRef,
    paymentRef,
    ...refund
  }: { providerRef: string | null; paymentRef: string | null } & SaleRefund,
): Promise<boolean> {
  const ref = paymentRef ?? providerRef;
  if (ref && subscriptionIdPattern.test(ref)) {
    const { result } = await subscriptions(paypal).getSubscription({ id: ref });
    const sale = await checkoutSale(paypal, result);
    if (sale) await refundSale(paypal, sale, refund);
    else if (refund.amount) throw new Error("no PayPal sale of this order to refund");
    return true;
  }
  if (!paymentRef || paymentRef !== providerRef || !saleIdPattern.test(paymentRef)) return false;
  const sale = await paypalRest(paypal, { method: "GET", path: `/v1/payments/sale/${paymentRef}` });
  if (!stringField(sale, "billing_agreement_id")) return false;
  await refundSale(paypal, paymentRef, refund);
  return true;
}
