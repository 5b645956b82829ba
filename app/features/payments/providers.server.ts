import type { Logger } from "~/platform/logger.server";
import type { PaymentAdapter, PaymentsEnv } from "./adapter.server";
import { createPaypalAdapter } from "./paypal-adapter.server";
import type { WebhookProvider } from "./provider-shapes";
import { createRazorpayAdapter } from "./razorpay-adapter.server";
import { createStripeAdapter } from "./stripe-adapter.server";

const factories: Record<
  WebhookProvider,
  (deps: { env: PaymentsEnv; logger: Logger }) => PaymentAdapter
> = {
  stripe: createStripeAdapter,
  paypal: createPaypalAdapter,
  razorpay: createRazorpayAdapter,
};

/** The adapter of an online provider, with where its API lives and where to log. */
export function adapterFor(
  provider: WebhookProvider,
  deps: { env: PaymentsEnv; logger: Logger },
): PaymentAdapter {
  return factories[provider](deps);
}
