// Each provider's adapter against its local fake, through the real SDK: a payment is started,
// the buyer pays on the fake, the fake's signed webhook is read back as the right
// PaymentEvent; a refund is read back too; a forged signature is refused.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger } from "~/platform/logger.server";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import { startFakePaypal, type FakePaypal } from "../../../tests/fakes/fake-paypal";
import { startFakeRazorpay, type FakeRazorpay } from "../../../tests/fakes/fake-razorpay";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe";
import type { WebhookDispatcher } from "../../../tests/fakes/fake-kit";
import type { PaymentAdapter, WebhookOutcome } from "./adapter.server";
import type { ProviderKeys, StartInput } from "./payment-types";
import { createPaypalAdapter } from "./paypal-adapter.server";
import { createRazorpayAdapter } from "./razorpay-adapter.server";
import { createStripeAdapter } from "./stripe-adapter.server";

const logger = createLogger({ level: "silent" });
const site = "http://shop.localhost:3000";

function input(overrides: Partial<StartInput> = {}): StartInput {
  return {
    accountId: "00000000-0000-4000-8000-000000000001",
    orderId: crypto.randomUUID(),
    orderNumber: 1042,
    currency: "USD",
    total: 4500,
    items: [
      { title: "Watercolour basics", amount: 3000, quantity: 1 },
      { title: "Brush set", amount: 1500, quantity: 1 },
    ],
    email: "buyer@example.com",
    successUrl: `${site}/thankyou?order=1`,
    cancelUrl: `${site}/checkout?cancelled=1`,
    webhookUrl: `${site}/api/payments/webhooks/x`,
    ...overrides,
  };
}

type Captured = { url: string; headers: Headers; body: string };

/** The fake's webhooks kept here instead of sent, to hand to the adapter as the route would. */
function capture(webhooks: WebhookDispatcher) {
  const sent: Captured[] = [];
  webhooks.setSender(async (url, init) => {
    sent.push({ url, headers: new Headers(init.headers), body: init.body });
    return { status: 200 };
  });
  return sent;
}

async function parseAll(
  adapter: PaymentAdapter,
  keys: ProviderKeys,
  sent: Captured[],
  webhooks: WebhookDispatcher,
) {
  await webhooks.idle();
  const outcomes: WebhookOutcome[] = [];
  for (const hook of sent.splice(0)) outcomes.push(await adapter.parseWebhook(keys, hook));
  return outcomes;
}
const events = (outcomes: WebhookOutcome[]) =>
  outcomes.flatMap((outcome) => (outcome.kind === "event" ? [outcome.event] : []));

describe("Stripe adapter against the fake Stripe", () => {
  let fake: FakeStripe;
  let sent: Captured[];
  let adapter: PaymentAdapter;
  const keys = FAKE_PROVIDER_KEYS.stripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    sent = capture(fake.webhooks);
    adapter = createStripeAdapter({
      env: { STRIPE_API_BASE: fake.url, RAZORPAY_CHECKOUT_JS_URL: "" },
      logger,
    });
  });
  afterAll(() => fake.close());

  test("C5 Stripe: a Checkout Session, paid on the hosted page, is a signed paid event; a refund is a refunded one", async () => {
    const order = input({ total: 4000 }); // a 5.00 coupon
    const start = await adapter.start(keys, order);
    expect(start).toMatchObject({
      kind: "redirect",
      url: expect.stringContaining(`${fake.url}/pay/cs_`),
    });
    if (start.kind !== "redirect") throw new Error("redirect expected");
    const session = fake.object(start.providerRef)!;
    expect(session).toMatchObject({
      mode: "payment",
      amount_subtotal: 4500,
      amount_total: 4000,
      client_reference_id: order.orderId,
      customer_email: "buyer@example.com",
    });
    expect(session.success_url).toBe(`${site}/thankyou?order=1&session_id={CHECKOUT_SESSION_ID}`);
    // The same order asked again (a crash before its reference was kept) gets the same session.
    expect(await adapter.start(keys, order)).toEqual(start);

    await fake.pay(start.providerRef);
    expect(sent.map((hook) => hook.url)).toEqual([`${site}/api/payments/webhooks/stripe`]);
    expect(sent[0]!.headers.get("stripe-signature")).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const [paid] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(paid).toMatchObject({
      kind: "paid",
      providerRef: start.providerRef,
      paymentRef: expect.stringMatching(/^pi_/),
      amount: 4000,
      eventId: expect.stringMatching(/^evt_/),
    });

    const back = await adapter.confirmReturn(keys, { session_id: start.providerRef });
    expect(back).toMatchObject({
      kind: "paid",
      providerRef: start.providerRef,
      eventId: `return:${start.providerRef}`,
    });

    await adapter.refund(keys, {
      providerRef: start.providerRef,
      paymentRef: paid!.paymentRef!,
      currency: "USD",
    });
    const [refunded] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(refunded).toMatchObject({
      kind: "refunded",
      providerRef: start.providerRef,
      paymentRef: paid!.paymentRef,
      amount: 4000,
    });
  });

  test("C6 Stripe: two partial refunds are two refunds (each its own key), read back as parts with the sum so far; the rest is a full refund", async () => {
    const start = await adapter.start(keys, input({ total: 4500 }));
    await fake.pay(start.providerRef!);
    const [paid] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    const refs = { providerRef: start.providerRef, paymentRef: paid!.paymentRef!, currency: "USD" };
    await adapter.refund(keys, { ...refs, amount: 1000, refundKey: "order-1:0:1000" });
    // The same refund asked again (an unclear answer) is answered once.
    await adapter.refund(keys, { ...refs, amount: 1000, refundKey: "order-1:0:1000" });
    await adapter.refund(keys, { ...refs, amount: 500, refundKey: "order-1:1000:500" });
    expect(
      events(await parseAll(adapter, keys, sent, fake.webhooks)).map((e) => [
        e.kind,
        e.providerRef,
        e.amount,
        e.partial,
      ]),
    ).toEqual([
      ["refunded", start.providerRef, 1000, true],
      ["refunded", start.providerRef, 1500, true],
    ]);
    await adapter.refund(keys, { ...refs, amount: 3000, refundKey: "order-1:1500:3000" });
    const [all] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(all).toMatchObject({ kind: "refunded", amount: 4500 });
    expect(all!.partial).toBeUndefined();
    await expect(
      adapter.refund(keys, { ...refs, amount: 1, refundKey: "order-1:4500:1" }),
    ).rejects.toMatchObject({ code: "payment.providerFailed" });
  });

  test("C5 Stripe: a subscription with trial days; cancelling on the page is a cancelled event", async () => {
    const start = await adapter.start(
      keys,
      input({
        total: 900,
        items: [
          {
            title: "Gold membership",
            amount: 900,
            quantity: 1,
            recurring: { interval: "month", intervalCount: 1, trialDays: 7 },
          },
        ],
      }),
    );
    if (start.kind !== "redirect") throw new Error("redirect expected");
    expect(fake.object(start.providerRef)).toMatchObject({ mode: "subscription" });
    await fake.pay(start.providerRef);
    const [paid] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(paid).toMatchObject({
      kind: "paid",
      providerRef: start.providerRef,
      paymentRef: expect.stringMatching(/^sub_/),
    });
    expect(fake.object(paid!.paymentRef!)).toMatchObject({
      status: "trialing",
      trial_end: expect.any(Number),
    });

    const other = await adapter.start(keys, input());
    if (other.kind !== "redirect") throw new Error("redirect expected");
    await fake.cancel(other.providerRef);
    const [cancelled] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(cancelled).toMatchObject({ kind: "cancelled", providerRef: other.providerRef });
  });

  test("C5 Stripe: a forged or altered webhook is refused; an unknown event type is ignored", async () => {
    const start = await adapter.start(keys, input());
    if (start.kind !== "redirect") throw new Error("redirect expected");
    fake.webhooks.configure({ badSignature: true });
    await fake.pay(start.providerRef);
    fake.webhooks.configure({ badSignature: false });
    await fake.webhooks.idle();
    const [forged] = sent.splice(0);
    await expect(adapter.parseWebhook(keys, forged!)).rejects.toMatchObject({
      code: "payment.badSignature",
    });
    await expect(
      adapter.parseWebhook({ ...keys, webhookSecret: "whsec_other" }, forged!),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    const good = await (async () => {
      const again = await adapter.start(keys, input());
      if (again.kind !== "redirect") throw new Error("redirect expected");
      await fake.pay(again.providerRef);
      return sent.splice(0)[0]!;
    })();
    const altered = { ...good, body: good.body.replace('"amount_total":4500', '"amount_total":1') };
    expect(altered.body).not.toBe(good.body);
    await expect(adapter.parseWebhook(keys, altered)).rejects.toMatchObject({
      code: "payment.badSignature",
    });
    await expect(
      adapter.parseWebhook(keys, { ...good, headers: new Headers() }),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    const unknown = JSON.stringify({
      id: "evt_x",
      object: "event",
      type: "customer.created",
      created: 1,
      data: { object: { id: "cus_1" } },
    });
    const t = Math.floor(Date.now() / 1000);
    const { stripeSignature } = await import("../../../tests/fakes/fake-stripe");
    expect(
      await adapter.parseWebhook(keys, {
        body: unknown,
        headers: new Headers({
          "stripe-signature": stripeSignature(unknown, keys.webhookSecret, t),
        }),
      }),
    ).toEqual({ kind: "ignored", type: "customer.created" });
  });
});

describe("PayPal adapter against the fake PayPal", () => {
  let fake: FakePaypal;
  let sent: Captured[];
  let adapter: PaymentAdapter;
  const keys = FAKE_PROVIDER_KEYS.paypal;

  beforeAll(async () => {
    fake = await startFakePaypal();
    sent = capture(fake.webhooks);
    adapter = createPaypalAdapter({
      env: { PAYPAL_API_BASE: fake.url, RAZORPAY_CHECKOUT_JS_URL: "" },
      logger,
    });
  });
  afterAll(() => fake.close());

  test("C5 PayPal: an order approved on PayPal's page is captured on return; its webhooks verify and read as paid, then refunded", async () => {
    const start = await adapter.start(keys, input({ total: 4000 }));
    expect(start).toMatchObject({
      kind: "redirect",
      url: expect.stringContaining(`${fake.url}/checkoutnow?token=`),
    });
    if (start.kind !== "redirect") throw new Error("redirect expected");
    expect(fake.order(start.providerRef)).toMatchObject({
      purchase_units: [
        {
          amount: {
            currency_code: "USD",
            value: "40.00",
            breakdown: { item_total: { value: "45.00" }, discount: { value: "5.00" } },
          },
        },
      ],
    });

    const back = new URL(await fake.approve(start.providerRef));
    expect(back.searchParams.get("token")).toBe(start.providerRef);
    const params = Object.fromEntries(back.searchParams);
    const paid = await adapter.confirmReturn(keys, params);
    expect(paid).toMatchObject({
      kind: "paid",
      providerRef: start.providerRef,
      eventId: `return:${start.providerRef}`,
      amount: 4000,
    });
    // Captured once: the return again reads the same capture.
    expect(await adapter.confirmReturn(keys, params)).toMatchObject({
      paymentRef: paid!.paymentRef,
    });

    // CHECKOUT.ORDER.APPROVED (captures, idempotently) and PAYMENT.CAPTURE.COMPLETED.
    const outcomes = await parseAll(adapter, keys, sent, fake.webhooks);
    expect(events(outcomes).map((e) => [e.kind, e.providerRef, e.paymentRef])).toEqual([
      ["paid", start.providerRef, paid!.paymentRef],
      ["paid", start.providerRef, paid!.paymentRef],
    ]);

    await adapter.refund(keys, {
      providerRef: start.providerRef,
      paymentRef: null,
      currency: "USD",
    });
    const [refunded] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(refunded).toMatchObject({
      kind: "refunded",
      providerRef: start.providerRef,
      paymentRef: paid!.paymentRef,
      amount: 4000,
    });
  });

  test("C6 PayPal: a partial refund of a capture reads back as a part with the sum so far", async () => {
    const start = await adapter.start(keys, input({ total: 4000 }));
    const back = new URL(await fake.approve(start.providerRef!));
    const paid = await adapter.confirmReturn(keys, Object.fromEntries(back.searchParams));
    await parseAll(adapter, keys, sent, fake.webhooks);
    const refs = { providerRef: start.providerRef, paymentRef: paid!.paymentRef!, currency: "USD" };
    await adapter.refund(keys, { ...refs, amount: 1250, refundKey: "order-2:0:1250" });
    await adapter.refund(keys, { ...refs, amount: 250, refundKey: "order-2:1250:250" });
    const refunds = fake.requests.filter(
      (r) => r.path === `/v2/payments/captures/${paid!.paymentRef}/refund`,
    );
    expect(refunds).toHaveLength(2);
    expect(
      events(await parseAll(adapter, keys, sent, fake.webhooks)).map((e) => [
        e.kind,
        e.providerRef,
        e.amount,
        e.partial,
      ]),
    ).toEqual([
      ["refunded", start.providerRef, 1250, true],
      ["refunded", start.providerRef, 1500, true],
    ]);
  });

  test("C5 PayPal: a return before approval captures nothing; a forged or altered webhook is refused", async () => {
    const start = await adapter.start(keys, input());
    if (start.kind !== "redirect") throw new Error("redirect expected");
    expect(await adapter.confirmReturn(keys, { token: start.providerRef })).toBeNull();
    fake.webhooks.configure({ badSignature: true });
    await fake.approve(start.providerRef);
    fake.webhooks.configure({ badSignature: false });
    await fake.webhooks.idle();
    const [forged] = sent.splice(0);
    await expect(adapter.parseWebhook(keys, forged!)).rejects.toMatchObject({
      code: "payment.badSignature",
    });

    const other = await adapter.start(keys, input());
    if (other.kind !== "redirect") throw new Error("redirect expected");
    await fake.approve(other.providerRef);
    const [approved] = sent.splice(0);
    const altered = {
      ...approved!,
      body: approved!.body.replace(other.providerRef, start.providerRef),
    };
    await expect(adapter.parseWebhook(keys, altered)).rejects.toMatchObject({
      code: "payment.badSignature",
    });
    await expect(
      adapter.parseWebhook({ ...keys, webhookSecret: "WH-ANOTHER" }, approved!),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    await expect(
      adapter.parseWebhook(keys, { ...approved!, headers: new Headers() }),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
  });

  const gold = (recurring: { trialDays: number; iterations: number }, total = 1900) =>
    input({
      total,
      items: [
        {
          title: "Gold monthly",
          amount: 1900,
          quantity: 1,
          recurring: { interval: "month", intervalCount: 1, ...recurring },
        },
      ],
    });
  const hookTypes = () => sent.map((hook) => JSON.parse(hook.body).event_type as string);
  const saleIn = (type: string) =>
    JSON.parse(sent.find((hook) => JSON.parse(hook.body).event_type === type)!.body).resource
      .id as string;

  test("C6 PayPal subscription: a monthly price with a trial starts a subscription on a reused plan; approval and activation read as paid; a later sale is a renewal, a refused one a failure; a renewal refunded whole: the subscription is cancelled and its sale given back", async () => {
    const start = await adapter.start(keys, gold({ trialDays: 7, iterations: 0 }));
    expect(start).toMatchObject({
      kind: "redirect",
      url: expect.stringContaining(`${fake.url}/webapps/billing/subscriptions?ba_token=BA-`),
      providerRef: expect.stringMatching(/^I-/),
    });
    const ref = start.providerRef!;
    const planId = String(fake.subscription(ref)!.plan_id);
    expect(fake.plan(planId)).toMatchObject({
      status: "ACTIVE",
      billing_cycles: [
        {
          tenure_type: "TRIAL",
          sequence: 1,
          total_cycles: 1,
          frequency: { interval_unit: "DAY", interval_count: 7 },
        },
        {
          tenure_type: "REGULAR",
          sequence: 2,
          total_cycles: 0,
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          pricing_scheme: { fixed_price: { value: "19.00", currency_code: "USD" } },
        },
      ],
    });
    expect(fake.plan(planId)!.billing_cycles[0].pricing_scheme).toBeUndefined();
    // Another buyer of the same price: the same product and plan, a subscription of their own.
    const again = await adapter.start(keys, gold({ trialDays: 7, iterations: 0 }));
    expect(again.providerRef).not.toBe(ref);
    expect(fake.subscription(again.providerRef!)!.plan_id).toBe(planId);
    const made = (path: string) =>
      fake.requests.filter((r) => r.method === "POST" && r.path === path).length;
    expect([made("/v1/catalogs/products"), made("/v1/billing/plans")]).toEqual([1, 1]);

    expect(await adapter.confirmReturn(keys, { subscription_id: ref })).toBeNull();
    const back = new URL(await fake.approveSubscription(ref));
    expect(back.searchParams.get("subscription_id")).toBe(ref);
    const paid = await adapter.confirmReturn(keys, Object.fromEntries(back.searchParams));
    expect(paid).toMatchObject({
      kind: "paid",
      eventId: `return:${ref}`,
      providerRef: ref,
      paymentRef: ref,
    });
    expect(await adapter.confirmReturn(keys, { subscription_id: "I-<script>" })).toBeNull();

    // CREATED (nothing to do), ACTIVATED (paid: the buyer may not come back); no sale in a trial.
    expect(hookTypes().filter((type) => type.startsWith("BILLING."))).toEqual([
      "BILLING.SUBSCRIPTION.CREATED",
      "BILLING.SUBSCRIPTION.CREATED",
      "BILLING.SUBSCRIPTION.ACTIVATED",
    ]);
    expect(
      events(await parseAll(adapter, keys, sent, fake.webhooks)).map((e) => [
        e.kind,
        e.providerRef,
        e.paymentRef,
      ]),
    ).toEqual([["paid", ref, ref]]);

    const renewal = (await fake.renew(ref))!;
    const [renewed] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(renewed).toMatchObject({
      kind: "renewed",
      providerRef: renewal.id,
      paymentRef: renewal.id,
      subscriptionRef: ref,
      amount: 1900,
      periodEnd: new Date(fake.subscription(ref)!.billing_info.next_billing_time),
    });

    await fake.renew(ref, { fail: true });
    expect(events(await parseAll(adapter, keys, sent, fake.webhooks))).toMatchObject([
      { kind: "renewalFailed", providerRef: ref, subscriptionRef: ref, amount: 1900 },
    ]);

    // A partial refund gives part of the sale back and leaves the subscription running.
    await adapter.refund(keys, {
      providerRef: renewal.id,
      paymentRef: renewal.id,
      currency: "USD",
      amount: 400,
      refundKey: "renewal:0:400",
    });
    expect(fake.subscription(ref)).toMatchObject({ status: "ACTIVE" });
    expect(events(await parseAll(adapter, keys, sent, fake.webhooks))).toMatchObject([
      { kind: "refunded", providerRef: renewal.id, amount: 400, partial: true },
    ]);
    await adapter.cancelSubscription(keys, ref);
    await adapter.refund(keys, {
      providerRef: renewal.id,
      paymentRef: renewal.id,
      currency: "USD",
      amount: 1500,
      refundKey: "renewal:400:1500",
    });
    // Already ended: asked again, nothing changes.
    await adapter.cancelSubscription(keys, ref);
    expect(fake.subscription(ref)).toMatchObject({ status: "CANCELLED" });
    expect(fake.sale(renewal.id)).toMatchObject({ state: "refunded" });
    expect(
      events(await parseAll(adapter, keys, sent, fake.webhooks)).map((e) => [
        e.kind,
        e.providerRef,
      ]),
    ).toEqual([
      ["subscriptionEnded", ref],
      ["refunded", renewal.id],
    ]);
  });

  test("C6 PayPal subscription without a trial: a coupon lowers the first period only; the checkout's own sale is no renewal; paid off, its expiry ends nothing; the first order's refund gives the checkout's sale back", async () => {
    const start = await adapter.start(keys, gold({ trialDays: 0, iterations: 3 }, 1520));
    const ref = start.providerRef!;
    expect(fake.plan(String(fake.subscription(ref)!.plan_id))).toMatchObject({
      billing_cycles: [
        {
          tenure_type: "TRIAL",
          total_cycles: 1,
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          pricing_scheme: { fixed_price: { value: "15.20" } },
        },
        {
          tenure_type: "REGULAR",
          total_cycles: 2,
          pricing_scheme: { fixed_price: { value: "19.00" } },
        },
      ],
    });
    await fake.approveSubscription(ref);
    await fake.webhooks.idle();
    const checkoutSale = saleIn("PAYMENT.SALE.COMPLETED");
    expect(
      (await parseAll(adapter, keys, sent, fake.webhooks)).map((o) =>
        o.kind === "event" ? o.event.kind : o.kind === "ignored" ? o.type : o.kind,
      ),
    ).toEqual(["BILLING.SUBSCRIPTION.CREATED", "PAYMENT.SALE.COMPLETED", "paid"]);

    await fake.renew(ref);
    await fake.renew(ref);
    await fake.renew(ref);
    const outcomes = await parseAll(adapter, keys, sent, fake.webhooks);
    expect(
      outcomes.map((o) =>
        o.kind === "event" ? o.event.kind : o.kind === "ignored" ? o.type : o.kind,
      ),
    ).toEqual(["renewed", "renewed", "BILLING.SUBSCRIPTION.EXPIRED"]);
    expect(events(outcomes).map((e) => e.amount)).toEqual([1900, 1900]);

    await adapter.refund(keys, { providerRef: ref, paymentRef: ref, currency: "USD" });
    expect(fake.sale(checkoutSale)).toMatchObject({ state: "refunded" });
    expect(fake.subscription(ref)).toMatchObject({ status: "EXPIRED" });
    expect(events(await parseAll(adapter, keys, sent, fake.webhooks))).toMatchObject([
      { kind: "refunded", providerRef: ref, paymentRef: ref, amount: 1520 },
    ]);
  });

  test("C6 PayPal subscription: one beside one-time items, or two in a cart, are refused with their own error", async () => {
    const yearly = {
      title: "Silver yearly",
      amount: 9900,
      quantity: 1,
      recurring: { interval: "year" as const, intervalCount: 1, trialDays: 0 },
    };
    await expect(
      adapter.start(keys, input({ items: [...input().items, yearly], total: 14_400 })),
    ).rejects.toMatchObject({ code: "payment.subscriptionAlone" });
    await expect(
      adapter.start(keys, input({ items: [yearly, yearly], total: 19_800 })),
    ).rejects.toMatchObject({ code: "payment.oneSubscription" });
  });
});

describe("Razorpay adapter against the fake Razorpay", () => {
  let fake: FakeRazorpay;
  let sent: Captured[];
  let adapter: PaymentAdapter;
  const keys = FAKE_PROVIDER_KEYS.razorpay;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    sent = capture(fake.webhooks);
    adapter = createRazorpayAdapter({
      env: { RAZORPAY_API_BASE: fake.url, RAZORPAY_CHECKOUT_JS_URL: fake.checkoutJsUrl },
      logger,
    });
  });
  afterAll(() => fake.close());

  test("C5 Razorpay: an order opens Checkout's modal; the handler's signed answer and the webhooks read as paid; a refund as refunded", async () => {
    const start = await adapter.start(keys, input({ currency: "INR", total: 49_900 }));
    expect(start).toMatchObject({
      kind: "modal",
      providerRef: expect.stringMatching(/^order_/),
      client: {
        key: keys.publicKey,
        amount: 49_900,
        currency: "INR",
        scriptUrl: fake.checkoutJsUrl,
      },
    });
    if (start.kind !== "modal") throw new Error("modal expected");
    expect(start.client.order_id).toBe(start.providerRef);

    const answer = await fake.pay(start.providerRef, { origin: site });
    const paid = await adapter.confirmReturn(keys, answer);
    expect(paid).toMatchObject({
      kind: "paid",
      providerRef: start.providerRef,
      paymentRef: answer.razorpay_payment_id,
      eventId: `return:${answer.razorpay_payment_id}`,
    });
    await expect(
      adapter.confirmReturn(keys, { ...answer, razorpay_signature: "0".repeat(64) }),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    await expect(
      adapter.confirmReturn({ ...keys, secretKey: "another" }, answer),
    ).rejects.toMatchObject({ code: "payment.badSignature" });

    expect(sent.map((hook) => hook.url)).toEqual([
      `${site}/api/payments/webhooks/razorpay`,
      `${site}/api/payments/webhooks/razorpay`,
    ]);
    const webhookEvents = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(webhookEvents.map((e) => [e.kind, e.providerRef, e.paymentRef, e.amount])).toEqual([
      ["paid", start.providerRef, answer.razorpay_payment_id, 49_900],
      ["paid", start.providerRef, answer.razorpay_payment_id, 49_900],
    ]);
    expect(new Set(webhookEvents.map((e) => e.eventId)).size).toBe(2);

    await adapter.refund(keys, {
      providerRef: start.providerRef,
      paymentRef: null,
      currency: "INR",
    });
    const [refunded] = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(refunded).toMatchObject({
      kind: "refunded",
      providerRef: start.providerRef,
      paymentRef: answer.razorpay_payment_id,
      amount: 49_900,
    });
  });

  test("C6 Razorpay: a partial refund of a payment reads back as a part with the sum so far", async () => {
    const start = await adapter.start(keys, input({ currency: "INR", total: 49_900 }));
    const answer = await fake.pay(start.providerRef!, { origin: site });
    await parseAll(adapter, keys, sent, fake.webhooks);
    const refs = { providerRef: start.providerRef, paymentRef: answer.razorpay_payment_id };
    await adapter.refund(keys, { ...refs, currency: "INR", amount: 10_000 });
    await adapter.refund(keys, { ...refs, currency: "INR", amount: 9_900 });
    expect(fake.payment(answer.razorpay_payment_id)).toMatchObject({
      amount_refunded: 19_900,
      refund_status: "partial",
    });
    expect(
      events(await parseAll(adapter, keys, sent, fake.webhooks)).map((e) => [
        e.kind,
        e.amount,
        e.partial,
      ]),
    ).toEqual([
      ["refunded", 10_000, true],
      ["refunded", 19_900, true],
    ]);
  });

  test("C5 Razorpay: a forged or altered webhook is refused", async () => {
    const start = await adapter.start(keys, input({ currency: "INR", total: 10_000 }));
    fake.webhooks.configure({ badSignature: true });
    await fake.pay(start.providerRef!, { origin: site });
    fake.webhooks.configure({ badSignature: false });
    for (const hook of sent.splice(0))
      await expect(adapter.parseWebhook(keys, hook)).rejects.toMatchObject({
        code: "payment.badSignature",
      });
    const other = await adapter.start(keys, input({ currency: "INR", total: 10_000 }));
    await fake.pay(other.providerRef!, { origin: site });
    const [good] = sent.splice(0);
    await expect(
      adapter.parseWebhook(keys, { ...good!, body: good!.body.replace("10000", "100") }),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    await expect(
      adapter.parseWebhook({ ...keys, webhookSecret: "other" }, good!),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
  });

  const monthly = { interval: "month" as const, intervalCount: 1, trialDays: 0, iterations: 0 };
  const summary = (outcomes: WebhookOutcome[]) =>
    outcomes.map((outcome) =>
      outcome.kind === "ignored"
        ? ["ignored", outcome.type]
        : outcome.kind === "unreadable"
          ? ["unreadable", outcome.where]
          : [outcome.event.kind, outcome.event.providerRef, outcome.event.subscriptionRef ?? null],
    );

  test("C6 Razorpay: a recurring item opens a plan's subscription in the modal; its signed answer pays the order; each cycle is a renewal, a refused one a failure; a renewal refunded whole ends it", async () => {
    const cart = {
      currency: "INR",
      // The first month and a kit, less a 20 000 paise coupon: what the checkout charges.
      total: 109_900,
      items: [
        { title: "Gold monthly", amount: 99_900, quantity: 1, recurring: monthly },
        { title: "Welcome kit", amount: 30_000, quantity: 1 },
      ],
    };
    const order = input(cart);
    const before = Math.floor(Date.now() / 1000);
    const start = await adapter.start(keys, order);
    if (start.kind !== "modal") throw new Error("modal expected");
    expect(start).toMatchObject({
      providerRef: expect.stringMatching(/^sub_/),
      client: {
        key: keys.publicKey,
        subscription_id: start.providerRef,
        scriptUrl: fake.checkoutJsUrl,
      },
    });
    expect(start.client.order_id).toBeUndefined();
    // A checkout sent again finds its subscription; another order reuses the plan.
    expect((await adapter.start(keys, order)).providerRef).toBe(start.providerRef);
    const subscription = fake.subscription(start.providerRef)!;
    const next = await adapter.start(keys, input(cart));
    expect(next.providerRef).not.toBe(start.providerRef);
    expect(fake.subscription(next.providerRef!)!.plan_id).toBe(subscription.plan_id);
    expect(fake.plan(subscription.plan_id)).toMatchObject({
      period: "monthly",
      interval: 1,
      item: { name: "Gold monthly", amount: 99_900, currency: "INR" },
    });
    // Until cancelled: 99 years of months, from the end of the month the checkout pays.
    expect(subscription).toMatchObject({
      status: "created",
      total_count: 99 * 12,
      quantity: 1,
      customer_notify: true,
      notes: { order_id: order.orderId },
    });
    expect(subscription.start_at).toBeGreaterThanOrEqual(before + 28 * 86_400);
    expect(subscription.start_at).toBeLessThanOrEqual(before + 31 * 86_400 + 5);

    const answer = await fake.paySubscription(start.providerRef, { origin: site });
    expect(fake.payment(answer.razorpay_payment_id)).toMatchObject({
      amount: 109_900,
      status: "captured",
    });
    expect(await adapter.confirmReturn(keys, answer)).toMatchObject({
      kind: "paid",
      providerRef: start.providerRef,
      paymentRef: start.providerRef,
      eventId: `return:${answer.razorpay_payment_id}`,
    });
    await expect(
      adapter.confirmReturn(keys, { ...answer, razorpay_signature: "0".repeat(64) }),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    await expect(
      adapter.confirmReturn(keys, { ...answer, razorpay_subscription_id: next.providerRef! }),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    // The authentication's payment is the checkout's: the order is paid, no renewal.
    expect(summary(await parseAll(adapter, keys, sent, fake.webhooks))).toEqual([
      ["ignored", "payment.captured"],
      ["paid", start.providerRef, null],
    ]);

    const renewal = await fake.renew(start.providerRef);
    const renewed = events(await parseAll(adapter, keys, sent, fake.webhooks));
    expect(renewed).toEqual([
      expect.objectContaining({
        kind: "renewed",
        providerRef: renewal,
        paymentRef: renewal,
        subscriptionRef: start.providerRef,
        amount: 99_900,
        periodEnd: new Date(fake.subscription(start.providerRef)!.current_end * 1000),
      }),
    ]);
    expect(renewed[0]!.periodEnd!.getTime() / 1000).toBeGreaterThan(subscription.start_at);

    await fake.renew(start.providerRef, { fail: true });
    expect(summary(await parseAll(adapter, keys, sent, fake.webhooks))).toEqual([
      ["renewalFailed", expect.stringMatching(/^pay_/), start.providerRef],
      ["renewalFailed", expect.stringMatching(/^pay_/), start.providerRef],
    ]);

    // A renewal refunded whole: the subscription ends at Razorpay, and the payment goes back.
    await adapter.cancelSubscription(keys, start.providerRef);
    await adapter.refund(keys, { providerRef: renewal, paymentRef: renewal, currency: "INR" });
    expect(fake.subscription(start.providerRef)).toMatchObject({ status: "cancelled" });
    expect(fake.payment(renewal!)).toMatchObject({ status: "refunded" });
    expect(summary(await parseAll(adapter, keys, sent, fake.webhooks))).toEqual([
      ["subscriptionEnded", start.providerRef, start.providerRef],
      ["refunded", renewal, null],
    ]);
  });

  test("C6 Razorpay: a trial starts the subscription after it; its last cycle completes it without an end; the checkout's order refunded whole ends it; one subscription per order", async () => {
    const trial = { ...monthly, trialDays: 7, iterations: 2 };
    const before = Math.floor(Date.now() / 1000);
    const start = await adapter.start(
      keys,
      input({
        total: 1900,
        items: [{ title: "Gold", amount: 1900, quantity: 1, recurring: trial }],
      }),
    );
    const subscription = fake.subscription(start.providerRef!)!;
    // After a trial every payment is a cycle: both of the two.
    expect(subscription).toMatchObject({ total_count: 2 });
    expect(subscription.start_at - before).toBeGreaterThanOrEqual(7 * 86_400);
    expect(subscription.start_at - before).toBeLessThanOrEqual(7 * 86_400 + 5);
    const answer = await fake.paySubscription(start.providerRef!, { origin: site });
    // Nothing upfront: Razorpay checks the card with a token amount and gives it back.
    expect(fake.payment(answer.razorpay_payment_id)).toMatchObject({ status: "refunded" });
    expect(summary(await parseAll(adapter, keys, sent, fake.webhooks))).toEqual([
      ["paid", start.providerRef, null],
    ]);
    await fake.renew(start.providerRef!);
    await fake.renew(start.providerRef!);
    expect(summary(await parseAll(adapter, keys, sent, fake.webhooks))).toEqual([
      ["ignored", "subscription.activated"],
      ["ignored", "payment.captured"],
      ["renewed", expect.stringMatching(/^pay_/), start.providerRef],
      ["ignored", "payment.captured"],
      ["renewed", expect.stringMatching(/^pay_/), start.providerRef],
      // Paid off: what it gave lasts (decision 033).
      ["ignored", "subscription.completed"],
    ]);

    // The checkout's order refunded: the subscription ends, its upfront payment goes back.
    const kit = await adapter.start(
      keys,
      input({
        total: 6900,
        items: [
          { title: "Gold", amount: 1900, quantity: 1, recurring: { ...monthly, trialDays: 7 } },
          { title: "Kit", amount: 5000, quantity: 1 },
        ],
      }),
    );
    const kitAnswer = await fake.paySubscription(kit.providerRef!, { origin: site });
    expect(fake.payment(kitAnswer.razorpay_payment_id)).toMatchObject({
      amount: 5000,
      status: "captured",
    });
    await fake.renew(kit.providerRef!);
    sent.splice(0);
    await adapter.cancelSubscription(keys, kit.providerRef!);
    await adapter.refund(keys, {
      providerRef: kit.providerRef,
      paymentRef: kit.providerRef,
      currency: "USD",
    });
    expect(fake.subscription(kit.providerRef!)).toMatchObject({ status: "cancelled" });
    expect(fake.payment(kitAnswer.razorpay_payment_id)).toMatchObject({ status: "refunded" });
    expect(summary(await parseAll(adapter, keys, sent, fake.webhooks))).toEqual([
      ["subscriptionEnded", kit.providerRef, kit.providerRef],
      ["refunded", kit.providerRef, null],
    ]);

    const two = input({
      items: [
        { title: "Gold", amount: 1900, quantity: 1, recurring: monthly },
        { title: "Silver", amount: 900, quantity: 1, recurring: monthly },
      ],
    });
    await expect(adapter.start(keys, two)).rejects.toMatchObject({
      code: "payment.oneSubscription",
    });
    // One payment in all is the checkout's: a plain order, nothing recurs.
    const once = await adapter.start(
      keys,
      input({
        items: [
          { title: "Gold", amount: 4500, quantity: 1, recurring: { ...monthly, iterations: 1 } },
        ],
      }),
    );
    expect(once.providerRef).toMatch(/^order_/);
  });
});
