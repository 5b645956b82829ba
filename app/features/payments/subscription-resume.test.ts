import { describe, expect, test } from "vitest";
import { createLogger } from "~/platform/logger.server";
import { webhookProviders } from "./provider-shapes";
import { adapterFor } from "./providers.server";
import { providerResumes } from "./subscription-resume.server";

describe("taking back a cancellation at the period's end", () => {
  test("C7 the screen's promise matches the adapters: only those with resumeSubscription resume", async () => {
    const deps = {
      env: {
        STRIPE_API_BASE: "http://127.0.0.1:1",
        PAYPAL_API_BASE: "http://127.0.0.1:1",
        RAZORPAY_API_BASE: "http://127.0.0.1:1",
        RAZORPAY_CHECKOUT_JS_URL: "http://127.0.0.1:1/checkout.js",
      },
      logger: createLogger({ level: "silent" }),
    };
    for (const provider of webhookProviders)
      expect([provider, providerResumes(provider)]).toEqual([
        provider,
        typeof (await adapterFor(provider, deps)).resumeSubscription === "function",
      ]);
    // Stripe documents the undo; PayPal's cancel and Razorpay's cancel at cycle end are final.
    expect(providerResumes("stripe")).toBe(true);
    expect(providerResumes("paypal")).toBe(false);
    expect(providerResumes("razorpay")).toBe(false);
    // A bank transfer has no provider to ask.
    expect(providerResumes("offline")).toBe(true);
  });
});
