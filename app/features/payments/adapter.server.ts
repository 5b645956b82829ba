import type { Env } from "~/platform/env.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import type {
  PaymentEvent,
  PaymentStart,
  ProviderKeys,
  RefundInput,
  SavedCardCharge,
  StartInput,
} from "./payment-types";

/** The environment a provider adapter reads: where each API lives (fakes in tests). */
export type PaymentsEnv = Pick<
  Env,
  "STRIPE_API_BASE" | "PAYPAL_API_BASE" | "RAZORPAY_API_BASE" | "RAZORPAY_CHECKOUT_JS_URL"
>;

/** A webhook as it arrived: the exact body text (signatures cover its bytes) and headers. */
export type WebhookRequest = { body: string; headers: Headers };

/**
 * A verified webhook: news about a payment, an event type we do not act on, or an event we
 * cannot read (its provider's schema refused it: webhook-schemas.ts), acknowledged all the same.
 */
export type WebhookOutcome =
  | { kind: "event"; event: PaymentEvent }
  | { kind: "ignored"; type: string }
  | { kind: "unreadable"; where: string };

/** A verified event read through its provider's schema: the issue's path when it does not fit. */
export function unreadable(error: { issues: { path: PropertyKey[] }[] }): WebhookOutcome {
  const path = error.issues[0]?.path ?? [];
  return { kind: "unreadable", where: ["body", ...path.map(String)].join(".").slice(0, 200) };
}

/** What each online provider does, with an account's own keys. */
export type PaymentAdapter = {
  start(keys: ProviderKeys, input: StartInput): Promise<PaymentStart>;
  /** The buyer is back from the provider: PayPal captures, Razorpay's signature is checked. */
  confirmReturn(keys: ProviderKeys, params: Record<string, string>): Promise<PaymentEvent | null>;
  refund(keys: ProviderKeys, refund: RefundInput): Promise<void>;
  /**
   * Ends a subscription now (its order was refunded): nothing more is charged. One already
   * ended is left as it is.
   */
  cancelSubscription(keys: ProviderKeys, subscriptionRef: string): Promise<void>;
  /** Stops renewing at the end of the period paid for (the subscription keeps it till then). */
  cancelAtPeriodEnd?(keys: ProviderKeys, subscriptionRef: string): Promise<void>;
  /**
   * Takes back `cancelAtPeriodEnd` before the period ends: the subscription renews again. Only
   * where the provider documents an undo (Stripe); PayPal's cancel and Razorpay's cancel at
   * cycle end are final, so their adapters have none (decision 035).
   */
  resumeSubscription?(keys: ProviderKeys, subscriptionRef: string): Promise<void>;
  /** A page of the provider's where the subscriber changes the card their renewals are charged to. */
  billingPage?(
    keys: ProviderKeys,
    a: { subscriptionRef: string; returnUrl: string },
  ): Promise<string>;
  /** Verifies the signature (else AppError payment.badSignature) and reads the event. */
  parseWebhook(keys: ProviderKeys, request: WebhookRequest): Promise<WebhookOutcome>;
  /**
   * Charges the card an earlier checkout kept (`saveCard`), with no one at the provider's page:
   * the payment's reference when it succeeded at once, null when it did not (declined, needs
   * the buyer, no card kept) — the buyer then pays on the provider's page. Stripe only.
   */
  chargeSaved?(keys: ProviderKeys, charge: SavedCardCharge): Promise<{ paymentRef: string } | null>;
};

export function badSignature(): AppError {
  return new AppError({ code: "payment.badSignature" });
}

/** A body that passed the signature check but is not what the provider sends. */
export function malformedWebhook(): AppError {
  return new AppError({ code: "request.malformed", details: { where: "body" } });
}

/** What a payment.providerFailed error keeps of its cause: the provider's HTTP status, if it answered. */
export type ProviderFailure = { providerStatus: number | null };

/**
 * Whether a provider's failure was its answer to this very request ("no": a 4xx other than a
 * conflict or a rate limit), as opposed to a provider out of reach, failing (5xx) or busy, which
 * may still have done what it was asked and is worth asking again later.
 */
export function providerRefused(error: unknown): boolean {
  if (!(error instanceof AppError) || error.code !== "payment.providerFailed") return false;
  const status = (error.cause as ProviderFailure | undefined)?.providerStatus;
  return (
    typeof status === "number" && status >= 400 && status < 500 && status !== 409 && status !== 429
  );
}

/**
 * A provider's API said no or could not be reached. Only the status and the provider's error
 * code are logged: SDK errors carry the request (with its credentials) and must never be; the
 * error keeps only the status (`providerRefused`).
 */
export function providerFailed(
  logger: Logger,
  provider: string,
  error: unknown,
  action: string,
): AppError {
  if (error instanceof AppError) return error;
  const facts = error as {
    statusCode?: unknown;
    status?: unknown;
    code?: unknown;
    type?: unknown;
    name?: unknown;
  } | null;
  const status = facts?.statusCode ?? facts?.status ?? null;
  logger.warn(
    {
      provider,
      action,
      status,
      code: typeof facts?.code === "string" ? facts.code : null,
      type: typeof facts?.type === "string" ? facts.type : null,
      error: typeof facts?.name === "string" ? facts.name : null,
    },
    "payment provider call failed",
  );
  const cause: ProviderFailure = { providerStatus: typeof status === "number" ? status : null };
  return new AppError({ code: "payment.providerFailed", cause });
}

/** An object's field as a string, or undefined. */
export function stringField(value: unknown, key: string): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "string" ? field : undefined;
}

export function objectField(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!value || typeof value !== "object") return undefined;
  const field = (value as Record<string, unknown>)[key];
  return field && typeof field === "object" && !Array.isArray(field)
    ? (field as Record<string, unknown>)
    : undefined;
}

/** The JSON object a webhook carries, or request.malformed. */
export function parseJsonObject(body: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw malformedWebhook();
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw malformedWebhook();
  return value as Record<string, unknown>;
}
