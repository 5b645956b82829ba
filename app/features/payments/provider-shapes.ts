// Client-safe shapes of the payment providers (tables.server.ts stores them).

export const paymentProviderNames = ["offline", "stripe", "paypal", "razorpay"] as const;
export type PaymentProvider = (typeof paymentProviderNames)[number];

/** Providers that call us back: each has a webhook address and signs what it sends. */
export const webhookProviders = ["stripe", "paypal", "razorpay"] as const;
export type WebhookProvider = (typeof webhookProviders)[number];

export function isPaymentProvider(value: string): value is PaymentProvider {
  return (paymentProviderNames as readonly string[]).includes(value);
}

export function isWebhookProvider(value: string): value is WebhookProvider {
  return (webhookProviders as readonly string[]).includes(value);
}

/**
 * What the manager's screen sees of one provider's settings. The secret and the webhook
 * secret never leave the server: only whether one is stored and, for a long one, its last
 * four characters.
 */
export type ProviderSettingsView = {
  provider: PaymentProvider;
  enabled: boolean;
  /** Publishable key (Stripe), client id (PayPal), key id (Razorpay); "" for offline. */
  publicKey: string;
  secretSet: boolean;
  secretLast4: string | null;
  webhookSecretSet: boolean;
  webhookSecretLast4: string | null;
  /** Offline only: the bank-transfer instructions shown to the buyer. */
  instructions: string;
  /** The address to paste into the provider's dashboard (null for offline). */
  webhookUrl: string | null;
  /** The keys an enabled provider needs are all stored. */
  ready: boolean;
};

/** What each provider needs before it may be enabled. */
export const requiredKeys: Record<
  PaymentProvider,
  { publicKey: boolean; secret: boolean; webhookSecret: boolean; instructions: boolean }
> = {
  offline: { publicKey: false, secret: false, webhookSecret: false, instructions: true },
  stripe: { publicKey: false, secret: true, webhookSecret: true, instructions: false },
  paypal: { publicKey: true, secret: true, webhookSecret: true, instructions: false },
  razorpay: { publicKey: true, secret: true, webhookSecret: true, instructions: false },
};

/** Only a long secret shows its tail; a short one would give too much of itself away. */
export function lastFour(secret: string): string | null {
  return secret.length >= 12 ? secret.slice(-4) : null;
}
