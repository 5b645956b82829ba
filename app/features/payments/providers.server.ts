import type { Logger } from "~/platform/logger.server";
import type { PaymentAdapter, PaymentsEnv } from "./adapter.server";
import type { WebhookProvider } from "./provider-shapes";

type Factory = (deps: { env: PaymentsEnv; logger: Logger }) => PaymentAdapter;

// Each provider's SDK (Stripe's and PayPal's ~13 MB of heap between them) loads with the first
// payment through it, not with the server: most sites use one provider, many none (decision 050).
const factories: Record<WebhookProvider, () => Promise<Factory>> = {
  stripe: async () => (await import("./stripe-adapter.server")).createStripeAdapter,
  paypal: async () => (await import("./paypal-adapter.server")).createPaypalAdapter,
  razorpay: async () => (await import("./razorpay-adapter.server")).createRazorpayAdapter,
};

/** The adapter of an online provider, with where its API lives and where to log. */
export async function adapterFor(
  provider: WebhookProvider,
  deps: { env: PaymentsEnv; logger: Logger },
): Promise<PaymentAdapter> {
  return (await factories[provider]())(deps);
}
