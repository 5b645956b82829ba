import { expect, test } from "vitest";
import { isSameOrigin, signedMachineWrite } from "./same-origin";

const site = "http://demo.localhost:3000";
const headers = (init: Record<string, string>) => new Headers(init);

test("A11 a write is the site's own only with its exact origin, else Sec-Fetch-Site, else Referer", () => {
  expect(isSameOrigin(headers({ origin: site }), site)).toBe(true);
  expect(isSameOrigin(headers({ origin: "http://DEMO.localhost:3000" }), site)).toBe(true);
  for (const origin of [
    "null",
    "http://acme.localhost:3000",
    "http://evil.localhost:3000",
    "http://localhost:3000",
    "https://demo.localhost:3000",
    "http://demo.localhost:3001",
  ])
    expect(isSameOrigin(headers({ origin }), site), origin).toBe(false);
  // An Origin decides alone: a same-origin Sec-Fetch-Site cannot rescue a foreign one.
  expect(isSameOrigin(headers({ origin: "null", "sec-fetch-site": "same-origin" }), site)).toBe(
    false,
  );
  expect(isSameOrigin(headers({ "sec-fetch-site": "same-origin" }), site)).toBe(true);
  for (const fetchSite of ["same-site", "cross-site", "none"])
    expect(isSameOrigin(headers({ "sec-fetch-site": fetchSite }), site)).toBe(false);
  expect(isSameOrigin(headers({ referer: `${site}/dashboard/profile` }), site)).toBe(true);
  expect(isSameOrigin(headers({ referer: "http://evil.localhost:3000/x" }), site)).toBe(false);
  expect(isSameOrigin(headers({ referer: "not a url" }), site)).toBe(false);
  expect(isSameOrigin(headers({}), site)).toBe(false);
});

test("A11 only a provider's webhook address is spared the origin rule (its signature is checked)", () => {
  for (const path of ["/api/payments/webhooks/stripe", "/api/payments/webhooks/razorpay"])
    expect(signedMachineWrite(path), path).toBe(true);
  for (const path of [
    "/api/payments/webhooks/stripe/x",
    "/api/payments/webhooks/",
    "/api/payments/providers",
    "/api/checkout",
    "/api/payments/webhooks/Stripe",
    "/x/api/payments/webhooks/stripe",
  ])
    expect(signedMachineWrite(path), path).toBe(false);
});

test("M5 a mail relay's webhook address is spared the origin rule too (its signature is checked)", () => {
  for (const path of [
    "/api/email/feedback",
    "/api/email/feedback/mailgun",
    "/api/email/feedback/sendgrid",
    "/api/email/feedback/ses",
  ])
    expect(signedMachineWrite(path), path).toBe(true);
  for (const path of [
    "/api/email/feedback/ses/x",
    "/api/email/feedback/",
    "/api/email/feedback/Mailgun",
    "/x/api/email/feedback/mailgun",
    "/api/email/feedbacks",
  ])
    expect(signedMachineWrite(path), path).toBe(false);
});
