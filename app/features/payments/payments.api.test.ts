// The payments API over HTTP, on PGlite and PostgreSQL: the managers' provider settings (the
// secrets write-only, in no answer and no log line) and the webhook endpoint fed by the
// providers' fakes (signed, forged, repeated, out of order, unknown, malformed).
import { Writable } from "node:stream";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger } from "~/platform/logger.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import { startFakePaypal, type FakePaypal } from "../../../tests/fakes/fake-paypal";
import { startFakeRazorpay, type FakeRazorpay } from "../../../tests/fakes/fake-razorpay";
import {
  startFakeStripe,
  stripeSignature,
  type FakeStripe,
} from "../../../tests/fakes/fake-stripe";
import type { WebhookSender } from "../../../tests/fakes/fake-kit";
import { createClient } from "../../../tests/support/http-client";
import { createTestApp } from "../../../tests/support/test-server";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  confirmReturn,
  enabledProviders,
  PAYMENT_EVENT_JOB,
  refundPayment,
  startPayment,
  type PaymentProvider,
} from "./payments.server";
import type { StartInput } from "./payment-types";
import { paymentEvents, paymentProviders } from "./tables.server";

const password = "Payments-Harbour-Quartz-88";
let ip = 0;
const nextIp = () => `10.77.0.${++ip}`;

describe.each(logicBackends)("payments API on %s", (backend) => {
  let db: TestDatabase;
  let services: ReturnType<typeof createTestApp>["services"];
  let app: ReturnType<typeof createTestApp>["app"];
  let stripe: FakeStripe;
  let paypal: FakePaypal;
  let razorpay: FakeRazorpay;
  const logLines: string[] = [];
  let jobsAsked = 0;
  const site = { accountId: "", host: "" };
  const other = { accountId: "", host: "" };
  let owner: ReturnType<typeof createClient>;
  let student: ReturnType<typeof createClient>;

  const eventRows = (accountId = site.accountId) =>
    db.database.forAccount(accountId, async (tx) =>
      Number((await tx.select({ n: count() }).from(paymentEvents))[0]!.n),
    );
  const jobCount = async () =>
    (await services.jobs.stats(PAYMENT_EVENT_JOB)).reduce(
      (sum, row) => sum + row.created + row.active + row.completed + row.failed + row.retry,
      0,
    );
  /** The fakes' webhooks go straight to this app, with the Host of the address they are sent to. */
  const toApp: WebhookSender = async (url, init) => {
    const target = new URL(url);
    const response = await app.request(
      url,
      { ...init, headers: { ...init.headers, host: target.host } },
      { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
    );
    return { status: response.status };
  };

  beforeAll(async () => {
    [stripe, paypal, razorpay] = await Promise.all([
      startFakeStripe(),
      startFakePaypal(),
      startFakeRazorpay(),
    ]);
    for (const fake of [stripe, paypal, razorpay]) fake.webhooks.setSender(toApp);
    db = await createTestDatabase(backend);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ({ app, services } = createTestApp(db.database, {
      STRIPE_API_BASE: stripe.url,
      PAYPAL_API_BASE: paypal.url,
      RAZORPAY_API_BASE: razorpay.url,
      RAZORPAY_CHECKOUT_JS_URL: razorpay.checkoutJsUrl,
    }));
    // Every level, so that any line that could carry a key is written and read below (requests
    // and use cases read the services' logger when they run).
    services.logger = createLogger({ level: "trace" }, sink);
    // Orders apply these jobs (their worker is wired with the services); without it, a stub.
    try {
      services.jobs.work(PAYMENT_EVENT_JOB, async () => {});
    } catch {
      // the orders feature's worker is there
    }
    await services.jobs.start();
    // What the webhook asks of the queue, counted before the queue's own singleton key dedupes.
    const send = services.jobs.send.bind(services.jobs);
    services.jobs.send = (tx, name, data, options) => {
      if (name === PAYMENT_EVENT_JOB) jobsAsked += 1;
      return send(tx, name, data, options);
    };

    const demo = await createAccount(db.database);
    const acme = await createAccount(db.database);
    Object.assign(site, { accountId: demo.accountId, host: `${demo.slug}.localhost` });
    Object.assign(other, { accountId: acme.accountId, host: `${acme.slug}.localhost` });
    const signedIn = async (roleName: string) => {
      const email = `${roleName}-${Date.now().toString(36)}-${ip}@example.test`;
      const user = await createUserWithPassword(db.database, { email, password });
      await createMember(db.database, { accountId: site.accountId, roleName, user });
      const client = createClient(app, { host: site.host, ip: nextIp() });
      const res = await client.post("/api/auth/sign-in/email", { email, password });
      expect(res.status).toBe(200);
      return client;
    };
    owner = await signedIn("site_owner");
    student = await signedIn("student");
  });

  afterAll(async () => {
    await db?.dispose();
    await Promise.all([stripe?.close(), paypal?.close(), razorpay?.close()]);
  });

  const save = (client: ReturnType<typeof createClient>, body: Record<string, unknown>) =>
    client.request("/api/payments/providers", { method: "PUT", json: body });

  async function configure(provider: Exclude<PaymentProvider, "offline">) {
    const res = await save(owner, { provider, enabled: true, ...FAKE_PROVIDER_KEYS[provider] });
    expect(res.status).toBe(200);
  }

  function startInput(currency = "USD"): StartInput {
    const orderId = crypto.randomUUID();
    return {
      accountId: site.accountId,
      orderId,
      orderNumber: 7,
      currency,
      total: 12_000,
      items: [{ title: "Course", amount: 12_000, quantity: 1 }],
      email: "buyer@example.com",
      successUrl: `http://${site.host}/thankyou?order=${orderId}`,
      cancelUrl: `http://${site.host}/checkout`,
      webhookUrl: "",
    };
  }

  async function stripeCheckout() {
    const start = await startPayment(services, {
      accountId: site.accountId,
      provider: "stripe",
      input: startInput(),
    });
    if (start.kind !== "redirect") throw new Error("redirect expected");
    return start.providerRef;
  }

  test("A11 provider keys: managers only; the secrets are write-only and an empty field keeps them", async () => {
    const keys = FAKE_PROVIDER_KEYS.stripe;
    expect((await student.request("/api/payments/providers")).status).toBe(403);
    expect((await save(student, { provider: "stripe", enabled: false })).status).toBe(403);
    const anonymous = createClient(app, { host: site.host, ip: nextIp() });
    expect((await anonymous.request("/api/payments/providers")).status).toBe(401);
    // The owner's session presented on another site is not a session there.
    const elsewhere = createClient(app, { host: other.host, ip: nextIp() });
    for (const [name, value] of owner.jar) elsewhere.jar.set(name, value);
    expect((await elsewhere.request("/api/payments/providers")).status).toBe(401);

    // Enabling without every key refuses, and stores nothing.
    const missing = await save(owner, {
      provider: "stripe",
      enabled: true,
      secretKey: keys.secretKey,
    });
    expect(missing.status).toBe(409);
    expect(await missing.json()).toMatchObject({ error: { code: "payment.keysMissing" } });

    const saved = await save(owner, { provider: "stripe", enabled: true, ...keys });
    const savedText = await saved.text();
    expect(saved.status).toBe(200);
    expect(JSON.parse(savedText)).toMatchObject({
      provider: {
        provider: "stripe",
        enabled: true,
        publicKey: keys.publicKey,
        secretSet: true,
        secretLast4: keys.secretKey.slice(-4),
        webhookSecretSet: true,
        webhookSecretLast4: keys.webhookSecret.slice(-4),
        webhookUrl: `http://${site.host}/api/payments/webhooks/stripe`,
        ready: true,
      },
    });

    // Empty secret fields keep what is stored; the public key changes.
    const kept = await save(owner, {
      provider: "stripe",
      enabled: true,
      publicKey: "pk_test_changed",
      secretKey: "",
      webhookSecret: "",
    });
    expect(kept.status).toBe(200);
    expect((await kept.json()).provider).toMatchObject({
      publicKey: "pk_test_changed",
      secretSet: true,
      secretLast4: keys.secretKey.slice(-4),
    });
    await configure("stripe");

    const listed = await owner.request("/api/payments/providers");
    const listedText = await listed.text();
    expect(JSON.parse(listedText).providers.map((p: { provider: string }) => p.provider)).toEqual([
      "offline",
      "stripe",
      "paypal",
      "razorpay",
    ]);
    for (const text of [savedText, listedText]) {
      expect(text).not.toContain(keys.secretKey);
      expect(text).not.toContain(keys.webhookSecret);
    }
    const [row] = await db.database.forAccount(site.accountId, (tx) =>
      tx
        .select()
        .from(paymentProviders)
        .where(
          and(
            eq(paymentProviders.accountId, site.accountId),
            eq(paymentProviders.provider, "stripe"),
          ),
        ),
    );
    expect(row!.secretSealed).toMatch(/^v1\./);
    expect(row!.secretSealed).not.toContain(keys.secretKey);
    expect(row!.webhookSecretSealed).not.toContain(keys.webhookSecret);

    // Offline: bank instructions, no keys.
    const offline = await save(owner, {
      provider: "offline",
      enabled: true,
      instructions: "IBAN DE00 1234",
    });
    expect((await offline.json()).provider).toMatchObject({
      provider: "offline",
      enabled: true,
      instructions: "IBAN DE00 1234",
      webhookUrl: null,
      ready: true,
    });
    expect(
      (await save(owner, { provider: "offline", enabled: true, instructions: "  " })).status,
    ).toBe(409);
    // Wrong shapes are refused.
    for (const body of [
      { provider: "bitcoin", enabled: true },
      { provider: "stripe", enabled: "yes" },
      { provider: "stripe", enabled: true, secretKey: "has space" },
      { provider: "stripe", enabled: true, extra: 1 },
    ])
      expect((await save(owner, body)).status).toBe(400);
  });

  test("A11 a webhook's bad signature → 400 and nothing stored; a good one → 200, one row and one job", async () => {
    await configure("stripe");
    const rowsBefore = await eventRows();
    const jobsBefore = await jobCount();
    stripe.webhooks.configure({ badSignature: true });
    await stripe.pay(await stripeCheckout());
    stripe.webhooks.configure({ badSignature: false });
    expect(stripe.webhooks.deliveries.at(-1)).toMatchObject({
      type: "checkout.session.completed",
      status: 400,
    });
    expect(await eventRows()).toBe(rowsBefore);
    expect(await jobCount()).toBe(jobsBefore);

    // The same check can fail: a well-signed event changes both counts.
    await stripe.pay(await stripeCheckout());
    expect(stripe.webhooks.deliveries.at(-1)).toMatchObject({ status: 200 });
    expect(await eventRows()).toBe(rowsBefore + 1);
    expect(await jobCount()).toBe(jobsBefore + 1);
  });

  test("A11 the same event 10 times → one payment_events row and one job", async () => {
    await configure("stripe");
    const rowsBefore = await eventRows();
    const jobsBefore = await jobCount();
    const askedBefore = jobsAsked;
    stripe.webhooks.configure({ copies: 10 });
    const session = await stripeCheckout();
    await stripe.pay(session);
    stripe.webhooks.configure({ copies: 1 });
    const sent = stripe.webhooks.deliveries.slice(-10);
    expect(sent.map((d) => d.status)).toEqual(Array(10).fill(200));
    expect(new Set(sent.map((d) => d.eventId)).size).toBe(1);
    expect(await eventRows()).toBe(rowsBefore + 1);
    expect(await jobCount()).toBe(jobsBefore + 1);
    expect(jobsAsked).toBe(askedBefore + 1);
    const [row] = await db.database.forAccount(site.accountId, (tx) =>
      tx.select().from(paymentEvents).where(eq(paymentEvents.eventId, sent[0]!.eventId)),
    );
    expect(row).toMatchObject({ provider: "stripe", type: "paid", providerRef: session });
    expect(row!.payload).toMatchObject({
      paymentRef: expect.stringMatching(/^pi_/),
      amount: 12_000,
    });
  });

  test("A11 events held and sent out of order are each kept once", async () => {
    await configure("stripe");
    const rowsBefore = await eventRows();
    stripe.webhooks.configure({ hold: true });
    const paid = await stripeCheckout();
    await stripe.pay(paid);
    const cancelled = await stripeCheckout();
    await stripe.cancel(cancelled);
    stripe.webhooks.configure({ hold: false });
    await stripe.webhooks.release({ reverse: true });
    expect(stripe.webhooks.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([
      ["checkout.session.expired", 200],
      ["checkout.session.completed", 200],
    ]);
    expect(await eventRows()).toBe(rowsBefore + 2);
  });

  test("A11 unknown provider or one without keys → 404; malformed body → 400; unknown event type → 200, nothing kept", async () => {
    await configure("stripe");
    const post = (
      host: string,
      provider: string,
      body: string,
      headers: Record<string, string> = {},
    ) =>
      app.request(`http://${host}/api/payments/webhooks/${provider}`, {
        method: "POST",
        headers: { host, "content-type": "application/json", ...headers },
        body,
      });
    const secret = FAKE_PROVIDER_KEYS.stripe.webhookSecret;
    const signed = (body: string) => ({
      "stripe-signature": stripeSignature(body, secret, Math.floor(Date.now() / 1000)),
    });
    const rowsBefore = await eventRows();
    expect((await post(site.host, "bitcoin", "{}")).status).toBe(404);
    expect((await post(site.host, "offline", "{}")).status).toBe(404);
    expect((await post(site.host, "paypal", "{}")).status).toBe(404); // paypal has no keys on this site
    expect((await post(other.host, "stripe", "{}", signed("{}"))).status).toBe(404); // nor stripe on acme
    for (const body of ["not json", "[1,2]", '"text"', '{"a":"\\u0000"}'])
      expect((await post(site.host, "stripe", body, signed(body))).status).toBe(400);
    const forged = await post(site.host, "stripe", '{"id":"evt_1"}', {
      "stripe-signature": "t=1,v1=00",
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: "payment.badSignature" } });
    const unknown = JSON.stringify({
      id: "evt_unknown_1",
      object: "event",
      type: "customer.created",
      created: 1,
      data: { object: { id: "cus_1" } },
    });
    const ignored = await post(site.host, "stripe", unknown, signed(unknown));
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toEqual({ received: true });
    expect(await eventRows()).toBe(rowsBefore);
  });

  test("A11 PayPal's and Razorpay's webhooks reach the inbox through their own verification", async () => {
    await configure("paypal");
    await configure("razorpay");
    const rowsBefore = await eventRows();
    const order = await startPayment(services, {
      accountId: site.accountId,
      provider: "paypal",
      input: startInput(),
    });
    await paypal.approve(order.providerRef!);
    await paypal.webhooks.idle();
    expect(paypal.webhooks.deliveries.map((d) => [d.type, d.status])).toEqual([
      ["CHECKOUT.ORDER.APPROVED", 200],
      ["PAYMENT.CAPTURE.COMPLETED", 200],
    ]);
    const rzp = await startPayment(services, {
      accountId: site.accountId,
      provider: "razorpay",
      input: startInput("INR"),
    });
    await razorpay.pay(rzp.providerRef!, { origin: `http://${site.host}` });
    expect(razorpay.webhooks.deliveries.map((d) => [d.type, d.status])).toEqual([
      ["payment.captured", 200],
      ["order.paid", 200],
    ]);
    expect(await eventRows()).toBe(rowsBefore + 4);
    paypal.webhooks.configure({ badSignature: true });
    razorpay.webhooks.configure({ badSignature: true });
    const again = await startPayment(services, {
      accountId: site.accountId,
      provider: "paypal",
      input: startInput(),
    });
    await paypal.approve(again.providerRef!);
    await paypal.webhooks.idle();
    const rzpAgain = await startPayment(services, {
      accountId: site.accountId,
      provider: "razorpay",
      input: startInput("INR"),
    });
    await razorpay.pay(rzpAgain.providerRef!, { origin: `http://${site.host}` });
    paypal.webhooks.configure({ badSignature: false });
    razorpay.webhooks.configure({ badSignature: false });
    expect(paypal.webhooks.deliveries.at(-1)!.status).toBe(400);
    expect(razorpay.webhooks.deliveries.slice(-2).map((d) => d.status)).toEqual([400, 400]);
    expect(await eventRows()).toBe(rowsBefore + 4);
  });

  test("I31-4 a signed event we cannot read (created not a number, type not a string, fields of the wrong type, dates that are no date) is logged and acknowledged, never a 500", async () => {
    await configure("stripe");
    await configure("paypal");
    await configure("razorpay");
    const rowsBefore = await eventRows();
    const linesBefore = logLines.length;
    const at = (provider: string) => `http://${site.host}/api/payments/webhooks/${provider}`;
    const session = { id: "cs_unreadable", payment_status: "paid", amount_total: 100 };
    const stripeEvents = [
      { id: "evt_u1", type: "checkout.session.completed", created: "yesterday" },
      { id: "evt_u2", type: 42, created: 1 },
      { id: "evt_u3", type: { name: "charge.refunded" }, created: 1 },
      { id: "evt_u4", type: "charge.refunded", created: 1, object: { amount_refunded: "all" } },
      { id: "evt_u5", type: "checkout.session.completed", created: 1e300 },
      { id: "evt_u6", type: "checkout.session.expired", created: 1, object: { id: 7 } },
    ];
    for (const { object, ...event } of stripeEvents) {
      const body = JSON.stringify({
        ...event,
        object: "event",
        data: { object: object ?? session },
      });
      await stripe.webhooks.send(at("stripe"), { id: event.id, type: String(event.type) }, body);
    }
    const paypalEvents = [
      {
        id: "WH-U1",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        create_time: "someday",
        resource: {},
      },
      { id: "WH-U2", event_type: "PAYMENT.CAPTURE.REFUNDED", resource: { links: "up" } },
      { id: "WH-U3", event_type: 7, resource: {} },
    ];
    for (const event of paypalEvents)
      await paypal.webhooks.send(
        at("paypal"),
        { id: event.id, type: String(event.event_type) },
        JSON.stringify(event),
      );
    await paypal.webhooks.idle();
    const razorpayEvents = [
      { event: 12, payload: {} },
      { event: "payment.captured", created_at: "soon", payload: {} },
    ];
    for (const [n, event] of razorpayEvents.entries())
      await razorpay.webhooks.send(
        at("razorpay"),
        { id: `rzp_u${n}`, type: String(event.event) },
        JSON.stringify(event),
      );
    const sent = [
      ...stripe.webhooks.deliveries.slice(-stripeEvents.length),
      ...paypal.webhooks.deliveries.slice(-paypalEvents.length),
      ...razorpay.webhooks.deliveries.slice(-razorpayEvents.length),
    ];
    expect(sent.map((d) => [d.eventId, d.status])).toEqual(sent.map((d) => [d.eventId, 200]));
    expect(await eventRows()).toBe(rowsBefore);
    const unreadable = logLines
      .slice(linesBefore)
      .filter((line) => line.includes("payment webhook unreadable"));
    expect(unreadable.length).toBe(sent.length);
  });

  test("C5 enabledProviders: enabled, with every key, taking the currency; a return counts only for its own order", async () => {
    for (const provider of ["stripe", "paypal", "razorpay"] as const) await configure(provider);
    await save(owner, { provider: "offline", enabled: true, instructions: "IBAN DE00 1234" });
    const enabled = (currency: string) =>
      db.database.forAccount(site.accountId, (tx) =>
        enabledProviders(tx, { accountId: site.accountId, currency }),
      );
    expect((await enabled("INR")).sort()).toEqual(["offline", "paypal", "razorpay", "stripe"]);
    expect((await enabled("KRW")).sort()).toEqual(["offline", "stripe"]);
    expect(await enabled("XXX")).toEqual([]);
    expect(
      await db.database.forAccount(other.accountId, (tx) =>
        enabledProviders(tx, { accountId: other.accountId, currency: "USD" }),
      ),
    ).toEqual([]);
    await save(owner, { provider: "paypal", enabled: false });
    expect((await enabled("USD")).sort()).toEqual(["offline", "razorpay", "stripe"]);
    await expect(
      startPayment(services, {
        accountId: site.accountId,
        provider: "paypal",
        input: startInput(),
      }),
    ).rejects.toMatchObject({ code: "payment.providerUnavailable" });
    await expect(
      startPayment(services, {
        accountId: site.accountId,
        provider: "razorpay",
        input: startInput("KRW"),
      }),
    ).rejects.toMatchObject({ code: "payment.providerUnavailable" });
    await expect(
      startPayment(services, {
        accountId: other.accountId,
        provider: "stripe",
        input: startInput(),
      }),
    ).rejects.toMatchObject({ code: "payment.providerUnavailable" });
    await expect(
      confirmReturn(services, {
        accountId: other.accountId,
        order: { provider: "stripe", providerRef: "cs_1", currency: "USD", total: 1 },
        payload: { session_id: "cs_1" },
      }),
    ).rejects.toMatchObject({ code: "payment.keysMissing" });
    expect(
      await startPayment(services, {
        accountId: site.accountId,
        provider: "offline",
        input: startInput(),
      }),
    ).toEqual({ kind: "offline", providerRef: null, instructions: "IBAN DE00 1234" });

    // Razorpay's handler answer for one order does not confirm another.
    const first = await startPayment(services, {
      accountId: site.accountId,
      provider: "razorpay",
      input: startInput("INR"),
    });
    const second = await startPayment(services, {
      accountId: site.accountId,
      provider: "razorpay",
      input: startInput("INR"),
    });
    const answer = await razorpay.pay(first.providerRef!, { origin: `http://${site.host}` });
    const order = (providerRef: string) => ({
      provider: "razorpay",
      providerRef,
      currency: "INR",
      total: 12_000,
    });
    expect(
      await confirmReturn(services, {
        accountId: site.accountId,
        order: order(second.providerRef!),
        payload: answer,
      }),
    ).toBeNull();
    expect(
      await confirmReturn(services, {
        accountId: site.accountId,
        order: order(first.providerRef!),
        payload: answer,
      }),
    ).toMatchObject({
      kind: "paid",
      providerRef: first.providerRef,
      paymentRef: answer.razorpay_payment_id,
    });
    await refundPayment(services, { accountId: site.accountId, order: order(first.providerRef!) });
    await razorpay.webhooks.idle();
    expect(razorpay.payment(answer.razorpay_payment_id)).toMatchObject({
      status: "refunded",
      refund_status: "full",
    });
    expect(razorpay.webhooks.deliveries.at(-1)).toMatchObject({
      type: "refund.processed",
      status: 200,
    });
  });

  test("A11 no log line carries a provider key (the logger's redaction too)", async () => {
    services.logger.info(
      { input: { secretKey: "sk_test_leak", webhookSecret: "whsec_leak" } },
      "probe",
    );
    const text = logLines.join("");
    expect(text).toContain("probe");
    expect(text).not.toContain("sk_test_leak");
    expect(text).not.toContain("whsec_leak");
    expect(text).toContain("payment provider settings saved");
    for (const keys of Object.values(FAKE_PROVIDER_KEYS)) {
      expect(text).not.toContain(keys.secretKey);
      expect(text).not.toContain(keys.webhookSecret);
    }
  });
});
