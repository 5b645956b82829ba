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
