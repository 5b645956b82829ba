import { FAKE_PAYPAL_WEBHOOK_ID } from "./fake-paypal.ts";
import { FAKE_RAZORPAY_WEBHOOK_SECRET } from "./fake-razorpay.ts";
import { FAKE_STRIPE_WEBHOOK_SECRET } from "./fake-stripe.ts";

/** Keys a test site enters in its payment settings (any well-formed ones work with the fakes). */
export const FAKE_PROVIDER_KEYS = {
  stripe: {
    publicKey: "pk_test_fakePublishableKey000000",
    secretKey: "sk_test_fakeSecretKey00000000000000",
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
  },
  paypal: {
    publicKey: "FAKE-PAYPAL-CLIENT-ID-0000000000",
    secretKey: "FAKE-PAYPAL-CLIENT-SECRET-00000000",
    webhookSecret: FAKE_PAYPAL_WEBHOOK_ID,
  },
  razorpay: {
    publicKey: "rzp_test_fakeKeyId0000",
    secretKey: "fakeRazorpayKeySecret0000",
    webhookSecret: FAKE_RAZORPAY_WEBHOOK_SECRET,
  },
} as const;
