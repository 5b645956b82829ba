// The fakes' buyer side over HTTP, as a browser uses it: Stripe's hosted page (Pay / Cancel),
// PayPal's approval page, Razorpay's checkout.js and its modal; and the control routes
// Playwright uses (delivery options, held events released, what was sent).
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAKE_PROVIDER_KEYS } from "./fake-keys";
import { startFakePaypal, type FakePaypal } from "./fake-paypal";
import { startFakeRazorpay, type FakeRazorpay } from "./fake-razorpay";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";
import type { Delivery } from "./fake-kit";

const site = "http://shop.localhost:3000";

describe("payment providers' fakes, the buyer's side", () => {
  let stripe: FakeStripe;
  let paypal: FakePaypal;
  let razorpay: FakeRazorpay;
  const received: { url: string; headers: Record<string, string>; body: string }[] = [];

  beforeAll(async () => {
    [stripe, paypal, razorpay] = await Promise.all([
      startFakeStripe(),
      startFakePaypal(),
      startFakeRazorpay(),
    ]);
    for (const fake of [stripe, paypal, razorpay])
      fake.webhooks.setSender(async (url, init) => {
        received.push({ url, headers: init.headers, body: init.body });
        return { status: 200 };
      });
  });
  afterAll(() => Promise.all([stripe.close(), paypal.close(), razorpay.close()]));

  test("Stripe: the hosted page pays (webhook, then back to the success URL) or cancels", async () => {
    const create = (body: string) =>
      fetch(`${stripe.url}/v1/checkout/sessions`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body,
      }).then((r) => r.json() as Promise<{ id: string; url: string }>);
    const form = `mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1500&line_items[0][price_data][product_data][name]=Course&success_url=${encodeURIComponent(`${site}/thankyou?session_id={CHECKOUT_SESSION_ID}`)}&cancel_url=${encodeURIComponent(`${site}/checkout`)}`;
    const session = await create(form);
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('id="pay"');
    expect(page).toContain("15.00 USD");
    const paid = await fetch(`${stripe.url}/pay/${session.id}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${site}/thankyou?session_id=${session.id}`);
    expect(received.at(-1)!.url).toBe(`${site}/api/payments/webhooks/stripe`);
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      type: "checkout.session.completed",
      data: { object: { id: session.id, payment_status: "paid" } },
    });

    const other = await create(form);
    const cancelled = await fetch(`${stripe.url}/pay/${other.id}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancelled.headers.get("location")).toBe(`${site}/checkout`);
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ type: "checkout.session.expired" });
    // Without a key, the API refuses.
    expect((await fetch(`${stripe.url}/v1/checkout/sessions/${session.id}`)).status).toBe(401);
  });

  test("PayPal: the approval page sends the buyer back with the token", async () => {
    const token = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${FAKE_PROVIDER_KEYS.paypal.publicKey}:${FAKE_PROVIDER_KEYS.paypal.secretKey}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const order = await fetch(`${paypal.url}/v2/checkout/orders`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [{ amount: { currency_code: "USD", value: "15.00" } }],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: `${site}/thankyou?order=1`,
              cancel_url: `${site}/checkout`,
            },
          },
        },
      }),
    }).then((r) => r.json() as Promise<{ id: string; links: { rel: string; href: string }[] }>);
    const approveUrl = order.links.find((link) => link.rel === "payer-action")!.href;
    expect(await (await fetch(approveUrl)).text()).toContain('id="approve"');
    const back = await fetch(`${paypal.url}/checkoutnow/${order.id}/approve`, {
      method: "POST",
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(
      `${site}/thankyou?order=1&token=${order.id}&PayerID=FAKEPAYER`,
    );
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id: order.id, status: "APPROVED" },
    });
    expect(received.at(-1)!.headers["paypal-auth-algo"]).toBe("SHA256withRSA");
  });

  test("PayPal: a subscription's approval page shows its plan and sends the buyer back with the subscription id; renew bills a sale; cancel sends its event", async () => {
    const { access_token: token } = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${FAKE_PROVIDER_KEYS.paypal.publicKey}:${FAKE_PROVIDER_KEYS.paypal.secretKey}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${paypal.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({
        status: r.status,
        body: (r.status === 204 ? {} : await r.json()) as Record<string, any>,
      }));
    const product = await call("POST", "/v1/catalogs/products", { name: "Gold", type: "DIGITAL" });
    expect(product.body.id).toMatch(/^PROD-/);
    const regular = {
      tenure_type: "REGULAR",
      sequence: 1,
      total_cycles: 0,
      frequency: { interval_unit: "MONTH", interval_count: 1 },
      pricing_scheme: { fixed_price: { value: "19.00", currency_code: "USD" } },
    };
    const plan = (cycles: unknown[]) =>
      call("POST", "/v1/billing/plans", {
        product_id: product.body.id,
        name: "Gold monthly",
        billing_cycles: cycles,
        payment_preferences: { payment_failure_threshold: 1 },
      });
    // Two REGULAR cycles, or a month count PayPal does not take, are refused.
    expect((await plan([regular, { ...regular, sequence: 2 }])).status).toBe(400);
    expect(
      (await plan([{ ...regular, frequency: { interval_unit: "MONTH", interval_count: 13 } }]))
        .status,
    ).toBe(400);
    const made = await plan([regular]);
    expect(made.body).toMatchObject({ id: expect.stringMatching(/^P-/), status: "ACTIVE" });
    const created = await call("POST", "/v1/billing/subscriptions", {
      plan_id: made.body.id,
      custom_id: "o-1",
      application_context: { return_url: `${site}/thankyou?order=1`, cancel_url: `${site}/c` },
    });
    expect(created.body).toMatchObject({ status: "APPROVAL_PENDING", custom_id: "o-1" });
    const id = created.body.id as string;
    const approveUrl = (created.body.links as { rel: string; href: string }[]).find(
      (link) => link.rel === "approve",
    )!.href;
    const page = await (await fetch(approveUrl)).text();
    expect(page).toContain('id="approve"');
    expect(page).toContain("REGULAR: 19.00 USD every 1 MONTH, until cancelled");
    const back = await fetch(`${paypal.url}/webapps/billing/subscriptions/${id}/approve`, {
      method: "POST",
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get("location")!);
    expect(location.searchParams.get("subscription_id")).toBe(id);
    expect(location.searchParams.get("ba_token")).toMatch(/^BA-/);
    expect(received.slice(-2).map((hook) => JSON.parse(hook.body).event_type)).toEqual([
      "PAYMENT.SALE.COMPLETED",
      "BILLING.SUBSCRIPTION.ACTIVATED",
    ]);
    expect((await call("GET", `/v1/billing/subscriptions/${id}`)).body).toMatchObject({
      status: "ACTIVE",
      billing_info: {
        cycle_executions: [{ tenure_type: "REGULAR", cycles_completed: 1 }],
        last_payment: { amount: { value: "19.00" } },
      },
    });

    const sale = (await paypal.renew(id))!;
    expect((await call("GET", `/v1/payments/sale/${sale.id}`)).body).toMatchObject({
      state: "completed",
      billing_agreement_id: id,
      amount: { total: "19.00", currency: "USD" },
    });
    // One refusal reaches the plan's threshold of 1: PayPal suspends the subscription.
    await paypal.renew(id, { fail: true });
    expect(received.slice(-2).map((hook) => JSON.parse(hook.body).event_type)).toEqual([
      "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
      "BILLING.SUBSCRIPTION.SUSPENDED",
    ]);
    expect((await call("POST", `/v1/billing/subscriptions/${id}/cancel`, {})).status).toBe(400);
    expect(
      (await call("POST", `/v1/billing/subscriptions/${id}/cancel`, { reason: "x" })).status,
    ).toBe(204);
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      event_type: "BILLING.SUBSCRIPTION.CANCELLED",
      resource: { id, status: "CANCELLED" },
    });
    expect(
      (await call("POST", `/v1/billing/subscriptions/${id}/cancel`, { reason: "x" })).status,
    ).toBe(422);
  });

  test("Razorpay: checkout.js defines window.Razorpay; its modal pays with a key_secret signature", async () => {
    const script = await fetch(razorpay.checkoutJsUrl);
    expect(script.headers.get("content-type")).toContain("javascript");
    const code = await script.text();
    expect(code).toContain("window.Razorpay = Razorpay");
    expect(code).toContain(JSON.stringify(razorpay.url));
    const keys = FAKE_PROVIDER_KEYS.razorpay;
    const order = await fetch(`${razorpay.url}/v1/orders`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${keys.publicKey}:${keys.secretKey}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ amount: 49_900, currency: "INR", receipt: "r1" }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const modal = await (
      await fetch(
        `${razorpay.url}/checkout/modal?order_id=${order.id}&key=${keys.publicKey}&origin=${encodeURIComponent(site)}`,
      )
    ).text();
    expect(modal).toContain('id="pay"');
    expect(modal).toContain("499.00 INR");
    const answer = (await fetch(`${razorpay.url}/checkout/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ order_id: order.id, origin: site }),
    }).then((r) => r.json())) as Record<string, string>;
    const expected = createHmac("sha256", keys.secretKey)
      .update(`${order.id}|${answer.razorpay_payment_id}`)
      .digest("hex");
    expect(answer).toEqual({
      razorpay_order_id: order.id,
      razorpay_payment_id: expect.stringMatching(/^pay_/),
      razorpay_signature: expected,
    });
    const events = received.slice(-2);
    expect(events.map((e) => JSON.parse(e.body).event)).toEqual(["payment.captured", "order.paid"]);
    for (const event of events) {
      expect(event.url).toBe(`${site}/api/payments/webhooks/razorpay`);
      expect(event.headers["x-razorpay-signature"]).toBe(
        createHmac("sha256", keys.webhookSecret).update(event.body).digest("hex"),
      );
      expect(event.headers["x-razorpay-event-id"]).toMatch(/^evt_/);
    }
  });

  test("Razorpay: a subscription's modal takes its authentication amount; the answer is signed payment|subscription; renew and cancel send their events", async () => {
    const keys = FAKE_PROVIDER_KEYS.razorpay;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${razorpay.url}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${keys.publicKey}:${keys.secretKey}`).toString("base64")}`,
          "content-type": "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));
    expect(await (await fetch(razorpay.checkoutJsUrl)).text()).toContain("subscription_id");
    const plan = await call("POST", "/v1/plans", {
      period: "monthly",
      interval: 1,
      item: { name: "Gold", amount: 99_900, currency: "INR" },
    });
    expect(plan.body).toMatchObject({ entity: "plan", id: expect.stringMatching(/^plan_/) });
    const later = Math.floor(Date.now() / 1000) + 30 * 86_400;
    expect(
      (await call("POST", "/v1/subscriptions", { plan_id: plan.body.id, total_count: 2000 }))
        .status,
    ).toBe(400);
    const created = await call("POST", "/v1/subscriptions", {
      plan_id: plan.body.id,
      total_count: 12,
      start_at: later,
      addons: [{ item: { name: "First month", amount: 79_900, currency: "INR" } }],
      notes: { order_id: "o-1" },
    });
    expect(created.body).toMatchObject({ status: "created", paid_count: 0, start_at: later });
    const id = created.body.id as string;
    const modal = await (
      await fetch(
        `${razorpay.url}/checkout/modal?subscription_id=${id}&key=${keys.publicKey}&origin=${encodeURIComponent(site)}`,
      )
    ).text();
    expect(modal).toContain("799.00 INR");
    const answer = (await fetch(`${razorpay.url}/checkout/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ subscription_id: id, origin: site }),
    }).then((r) => r.json())) as Record<string, string>;
    expect(answer).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_/),
      razorpay_subscription_id: id,
      razorpay_signature: createHmac("sha256", keys.secretKey)
        .update(`${answer.razorpay_payment_id}|${id}`)
        .digest("hex"),
    });
    await razorpay.webhooks.idle();
    expect(received.slice(-2).map((e) => JSON.parse(e.body).event)).toEqual([
      "payment.captured",
      "subscription.authenticated",
    ]);
    const charged = await razorpay.renew(id);
    await razorpay.webhooks.idle();
    const last = JSON.parse(received.at(-1)!.body);
    expect(last).toMatchObject({
      event: "subscription.charged",
      payload: {
        subscription: { entity: { id, status: "active", paid_count: 1, current_start: later } },
        payment: { entity: { id: charged, amount: 99_900, invoice_id: expect.any(String) } },
      },
    });
    const invoice = await call(
      "GET",
      `/v1/invoices/${last.payload.payment.entity.invoice_id as string}`,
    );
    expect(invoice.body).toMatchObject({ subscription_id: id, payment_id: charged });
    expect((await call("POST", `/v1/subscriptions/${id}/cancel`)).body).toMatchObject({
      status: "cancelled",
    });
    expect((await call("POST", `/v1/subscriptions/${id}/cancel`)).status).toBe(400);
    await razorpay.webhooks.idle();
    expect(JSON.parse(received.at(-1)!.body).event).toBe("subscription.cancelled");
  });

  test("control routes: twice, forged, held and released out of order", async () => {
    const control = (path: string, body?: unknown) =>
      fetch(
        `${stripe.url}/__fake/${path}`,
        body === undefined ? undefined : { method: "POST", body: JSON.stringify(body) },
      );
    expect(await (await control("delivery", { copies: 2, hold: true })).json()).toEqual({
      copies: 2,
      badSignature: false,
      hold: true,
    });
    await stripe.pay((await startSession()).id);
    await stripe.cancel((await startSession()).id);
    expect(stripe.webhooks.held.map((item) => item.type)).toEqual([
      "checkout.session.completed",
      "checkout.session.expired",
    ]);
    await control("delivery", { copies: 1, hold: false });
    const before = received.length;
    await control("release", { reverse: true });
    expect(received.slice(before).map((r) => JSON.parse(r.body).type)).toEqual([
      "checkout.session.expired",
      "checkout.session.expired",
      "checkout.session.completed",
      "checkout.session.completed",
    ]);
    const log = (await (await control("deliveries")).json()) as Delivery[];
    expect(log.at(-1)).toMatchObject({ type: "checkout.session.completed", status: 200 });
  });

  async function startSession() {
    const response = await fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=100&line_items[0][price_data][product_data][name]=A&success_url=${encodeURIComponent(`${site}/ok`)}`,
    });
    return (await response.json()) as { id: string };
  }
});
