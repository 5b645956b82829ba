// Client-safe shapes of orders and their state machine.

export const paymentProviders = ["offline", "stripe", "paypal", "razorpay"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** `manual`: an order a manager records by hand (paid outside the site). */
export const orderProviders = [...paymentProviders, "manual"] as const;
export type OrderProvider = (typeof orderProviders)[number];

export const orderStatuses = [
  "pending",
  "paid",
  "fulfilled",
  "failed",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The only moves an order makes. Paid and fulfilled may be refunded; a late "paid" event for a
 * failed or cancelled order still counts (the money arrived), so those may become paid.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["paid", "failed", "cancelled"],
  paid: ["fulfilled", "refunded"],
  fulfilled: ["refunded"],
  failed: ["paid", "cancelled"],
  cancelled: ["paid"],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => orderTransitions[from].includes(to);

export const subscriptionStatuses = [
  "trialing",
  "active",
  "past_due",
  "cancelled",
  "ended",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Providers whose checkout opens a subscription with its trial; offline and manual charge at once. */
const trialProviders: ReadonlySet<string> = new Set(["stripe", "paypal", "razorpay"]);

type TrialLine = { billing: string; trialDays: number; iterations: number };

/**
 * Whether a line's first charge waits for its trial at this provider. Razorpay takes a line of a
 * single payment as one charge at checkout (no subscription), so its trial cannot wait.
 */
export function trialDeferred(provider: string, line: TrialLine): boolean {
  if (line.billing === "one_time" || line.trialDays <= 0 || !trialProviders.has(provider))
    return false;
  return !(provider === "razorpay" && line.iterations === 1);
}

/**
 * What a checkout charges now and what its trials leave for later (decision 032): the discount
 * comes off today's charge first, as each provider applies it (Stripe's once-coupon on the first
 * invoice, Razorpay's upfront amount); what is left of it lowers the first charge after a trial
 * (PayPal's discounted first cycle). The charge after a trial is recorded when it is taken, as a
 * renewal order, so no period is counted twice.
 */
export function chargeSplit({
  provider,
  lines,
  discount,
}: {
  provider: string;
  lines: (TrialLine & { amount: number; quantity: number })[];
  discount: number;
}): { total: number; dueLater: number } {
  let now = 0;
  let later = 0;
  for (const line of lines) {
    if (trialDeferred(provider, line)) later += line.amount * line.quantity;
    else now += line.amount * line.quantity;
  }
  const offNow = Math.min(discount, now);
  return { total: now - offNow, dueLater: Math.max(0, later - (discount - offNow)) };
}

/**
 * The funnel step that sold an order (decision 063), with the visitor's first-party id; offers
 * accepted after payment and added to this same order (a bank transfer's) say what they added.
 */
export type OrderFunnelMark = {
  funnelId: string;
  stepId: string;
  visitor: string;
  upsells?: { stepId: string; amount: number }[];
};
