// The payments contract (docs: /work/notes/commerce-contract.md), client-safe types only.

/** An account's keys for one provider, opened from their sealed form; server memory only. */
export type ProviderKeys = { publicKey: string; secretKey: string; webhookSecret: string };

/** A line as the provider shows it; `recurring` makes Stripe open a subscription. */
export type StartItem = {
  title: string;
  /** Minor units, for one. */
  amount: number;
  quantity: number;
  recurring?: {
    interval: "month" | "year";
    intervalCount: number;
    trialDays: number;
    /** Payments in all (the checkout's included); 0 or absent = until cancelled. */
    iterations?: number;
  } | null;
};

export type StartInput = {
  accountId: string;
  orderId: string;
  orderNumber: number;
  currency: string;
  /** Minor units; below the items' sum when a coupon applies (the gap is sent as a discount). */
  total: number;
  items: StartItem[];
  email: string;
  successUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  /**
   * Keep the card for a later charge the buyer asks for on the site (a funnel's one-click
   * upsell, decision 063); one-time payments only.
   */
  saveCard?: boolean;
};

/** A later charge to the card an earlier checkout kept (a funnel's one-click upsell). */
export type SavedCardCharge = {
  accountId: string;
  orderId: string;
  orderNumber: number;
  currency: string;
  /** Minor units. */
  amount: number;
  /** The earlier order's `providerRef` (its Checkout Session). */
  earlierRef: string;
};

/**
 * How the browser pays: go to the provider's page (Stripe Checkout, PayPal approval), open
 * the provider's modal with `client` (Razorpay Checkout), or read the bank instructions.
 */
export type PaymentStart =
  | { kind: "redirect"; url: string; providerRef: string }
  | { kind: "modal"; providerRef: string; client: Record<string, unknown> }
  | { kind: "offline"; providerRef: null; instructions: string };

export type PaymentEventKind =
  | "paid"
  | "failed"
  | "cancelled"
  | "refunded"
  /** A subscription's next period was paid (`subscriptionRef`, `periodEnd`). */
  | "renewed"
  /** A subscription's renewal payment failed: the provider retries, access lasts its grace. */
  | "renewalFailed"
  /** The provider ended a subscription (cancelled now, or at its period's end). */
  | "subscriptionEnded";

/**
 * What a provider said happened, in our words. `eventId` is the provider's own event id (a
 * return confirmed by the buyer's browser gets `return:<payment id>`); `providerRef` is the
 * reference `startPayment` gave (Checkout Session, PayPal order, Razorpay order) — null
 * when the provider's news cannot be tied to one; `paymentRef` the payment a refund names.
 */
export type PaymentEvent = {
  eventId: string;
  kind: PaymentEventKind;
  providerRef: string | null;
  paymentRef?: string;
  /**
   * Minor units. For `refunded`: what has been refunded of the payment so far, every refund
   * together (a provider's refund webhooks may come twice or out of order; a running sum is
   * applied the same whatever the order).
   */
  amount?: number;
  /**
   * For `refunded`: part of the payment is still not refunded (a partial refund, `amount` so
   * far). Absent: all of it went back.
   */
  partial?: boolean;
  /** The provider's subscription the news is about (renewals, ends). */
  subscriptionRef?: string;
  /** The end of the period a renewal paid for. */
  periodEnd?: Date;
  occurredAt: Date;
  raw: Record<string, unknown>;
};

/**
 * A refund of what an order paid: all of it, or `amount` minor units. Only money goes back: a
 * subscription the order started keeps running unless `cancelSubscription` ends it.
 */
export type RefundInput = {
  providerRef: string | null;
  /** The payment to refund; when unknown, the adapter finds it from `providerRef`. */
  paymentRef: string | null;
  currency: string;
  amount?: number;
  /**
   * This refund's own idempotency key (one per refund asked for): the same key again is
   * answered with the first refund, never a second one. Without it, one per payment.
   */
  refundKey?: string;
};

/** What payments read of an order (the orders feature's row fits it). */
export type OrderPayment = {
  provider: string;
  providerRef: string | null;
  paymentRef?: string | null;
  currency: string;
  total: number;
};
