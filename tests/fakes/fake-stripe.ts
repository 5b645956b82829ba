// A local Stripe for tests: the endpoints the `stripe` SDK calls for Checkout Sessions,
// coupons, refunds and subscriptions, in memory; a hosted "pay" page (Pay / Cancel); webhooks
// signed as Stripe signs them (Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret, "t.body")).
import { createHmac } from "node:crypto";
import {
  addControlRoutes,
  createRouter,
  createWebhookDispatcher,
  escapeHtml,
  fakeId,
  html,
  json,
  parseBracketForm,
  redirect,
  serve,
  type FakeRequest,
} from "./fake-kit.ts";

export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_fakeStripeSigningSecret0123456789";

type Obj = Record<string, unknown> & { id: string; apiKey: string };

/** Stripe-Signature for `body` at `timestamp` with `secret`. */
export function stripeSignature(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

const stripeError = (status: number, message: string, code?: string) =>
  json(status, { error: { type: "invalid_request_error", message, ...(code && { code }) } });

export async function startFakeStripe({
  port = 0,
  webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET,
  webhookUrl,
  log,
}: {
  port?: number;
  webhookSecret?: string;
  /** Where events go; by default the success URL's site, /api/payments/webhooks/stripe. */
  webhookUrl?: string;
  log?: (line: string) => void;
} = {}) {
  const store = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const requests: { method: string; path: string }[] = [];
  const webhooks = createWebhookDispatcher((body, forged) => ({
    "stripe-signature": stripeSignature(
      body,
      forged ? `${webhookSecret}-forged` : webhookSecret,
      Math.floor(Date.now() / 1000),
    ),
  }));
  let baseUrl = "";
  /** A Stripe account's own webhook endpoint, as set in its dashboard (by secret key). */
  const endpoints = new Map<string, string>();

  const now = () => Math.floor(Date.now() / 1000);
  const put = (object: Obj) => (store.set(object.id, object), object);
  const publicView = (object: Obj) => {
    const {
      apiKey: _key,
      webhookUrl: _url,
      lineItems: _items,
      session: _s,
      trialDays: _t,
      saveCard: _save,
      ...rest
    } = object;
    return rest;
  };
  const own = (id: string, apiKey: string, kind: string) => {
    const found = store.get(id);
    return found && found.apiKey === apiKey && found.object === kind ? found : null;
  };

  async function emit(session: Obj | null, type: string, object: Obj) {
    const event = {
      id: fakeId("evt_"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      data: { object: publicView(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const configured = session ? endpoints.get(String(session.apiKey)) : undefined;
    const url = webhookUrl ?? configured ?? (session?.webhookUrl as string | undefined);
    if (url) await webhooks.send(url, event);
    return event;
  }

  const router = createRouter(() => stripeError(404, "Unrecognized request URL"));
  addControlRoutes(router, webhooks);

  /** While true, every /v1 call fails as Stripe does when it is down (500, nothing done). */
  let down = false;
  /** While true, an off-session charge needs its cardholder (Stripe's authentication_required). */
  let declineOffSession = false;

  /** Every /v1 call: the secret key, and Idempotency-Key answered once. */
  function api(
    method: string,
    path: string,
    handler: (
      r: FakeRequest,
      key: string,
    ) => Promise<ReturnType<typeof json>> | ReturnType<typeof json>,
  ) {
    router.add(method, path, async (request) => {
      requests.push({ method, path: request.path });
      const key = /^Bearer (sk_(test|live)_\w+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!key) return stripeError(401, "Invalid API Key provided");
      if (down)
        return json(500, { error: { type: "api_error", message: "An unknown error occurred." } });
      const idem = request.headers["idempotency-key"];
      const memo = typeof idem === "string" ? `${key}:${idem}` : null;
      const seen = memo ? idempotent.get(memo) : undefined;
      if (seen)
        return {
          ...json(seen.status, null),
          body: seen.body,
          headers: { "content-type": "application/json", "idempotent-replayed": "true" },
        };
      const answer = await handler(request, key);
      if (memo && answer.status < 500)
        idempotent.set(memo, { status: answer.status, body: answer.body });
      return answer;
    });
  }
  const list = (data: Obj[], url: string) =>
    json(200, { object: "list", data: data.map(publicView), has_more: false, url });

  api("POST", "/v1/coupons", ({ body }, apiKey) => {
    const form = parseBracketForm(body);
    return json(
      200,
      publicView(
        put({
          id: fakeId("cpn_"),
          object: "coupon",
          apiKey,
          amount_off: Number(form.amount_off),
          currency: form.currency,
          duration: form.duration,
          max_redemptions: Number(form.max_redemptions ?? 0) || null,
          name: form.name ?? null,
          valid: true,
          created: now(),
        }),
      ),
    );
  });

  api("POST", "/v1/checkout/sessions", ({ body }, apiKey) => {
    const form = parseBracketForm(body) as Record<string, any>;
    const items = (form.line_items ?? []) as Record<string, any>[];
    if (!form.success_url || items.length === 0)
      return stripeError(400, "Missing required param: line_items or success_url.");
    const subtotal = items.reduce(
      (sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity ?? 1),
      0,
    );
    const coupon = form.discounts?.[0]?.coupon
      ? own(form.discounts[0].coupon, apiKey, "coupon")
      : null;
    const discount = Math.min(subtotal, Number(coupon?.amount_off ?? 0));
    const id = fakeId("cs_test_");
    return json(
      200,
      publicView(
        put({
          id,
          object: "checkout.session",
          apiKey,
          mode: form.mode ?? "payment",
          status: "open",
          payment_status: "unpaid",
          currency: items[0]!.price_data.currency,
          amount_subtotal: subtotal,
          amount_total: subtotal - discount,
          customer_email: form.customer_email ?? null,
          client_reference_id: form.client_reference_id ?? null,
          metadata: form.metadata ?? {},
          success_url: form.success_url,
          cancel_url: form.cancel_url ?? null,
          url: `${baseUrl}/pay/${id}`,
          payment_intent: null,
          subscription: null,
          invoice: null,
          created: now(),
          expires_at: now() + 86_400,
          livemode: false,
          trialDays: Number(form.subscription_data?.trial_period_days ?? 0),
          saveCard:
            form.payment_intent_data?.setup_future_usage === "off_session" &&
            form.customer_creation === "always",
          lineItems: items,
          webhookUrl: `${new URL(form.success_url as string).origin}/api/payments/webhooks/stripe`,
        }),
      ),
    );
  });

  api("GET", "/v1/checkout/sessions/:id", ({ params }, apiKey) => {
    const session = own(params.id!, apiKey, "checkout.session");
    return session
      ? json(200, publicView(session))
      : stripeError(404, `No such checkout.session: '${params.id}'`, "resource_missing");
  });

  api("GET", "/v1/checkout/sessions", ({ query }, apiKey) => {
    const intent = query.get("payment_intent");
    const subscription = query.get("subscription");
    const found = [...store.values()].filter(
      (o) =>
        o.apiKey === apiKey &&
        o.object === "checkout.session" &&
        (!intent || o.payment_intent === intent) &&
        (!subscription || o.subscription === subscription),
    );
    return list(found.slice(0, Number(query.get("limit") ?? 10)), "/v1/checkout/sessions");
  });

  api("GET", "/v1/payment_intents/:id", ({ params }, apiKey) => {
    const intent = own(params.id!, apiKey, "payment_intent");
    return intent
      ? json(200, publicView(intent))
      : stripeError(404, `No such payment_intent: '${params.id}'`, "resource_missing");
  });

  /** An off-session charge of a kept card, confirmed at once (`declineOffSession` refuses it). */
  api("POST", "/v1/payment_intents", ({ body }, apiKey) => {
    const form = parseBracketForm(body) as Record<string, any>;
    const method = own(String(form.payment_method ?? ""), apiKey, "payment_method");
    if (!method || method.customer !== form.customer)
      return stripeError(400, "No such PaymentMethod for this customer.", "resource_missing");
    if (form.off_session !== "true" || form.confirm !== "true")
      return stripeError(400, "This fake confirms off-session charges only.");
    if (declineOffSession)
      return json(402, {
        error: {
          type: "card_error",
          code: "authentication_required",
          decline_code: "authentication_required",
          message: "This payment requires authentication.",
        },
      });
    const first = [...store.values()].find(
      (o) => o.object === "payment_intent" && o.payment_method === method.id,
    );
    const id = fakeId("pi_");
    const charge = put({
      id: fakeId("ch_"),
      object: "charge",
      apiKey,
      amount: Number(form.amount),
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: "succeeded",
      currency: form.currency,
      payment_intent: id,
      created: now(),
    });
    return json(
      200,
      publicView(
        put({
          id,
          object: "payment_intent",
          apiKey,
          amount: Number(form.amount),
          currency: form.currency,
          status: "succeeded",
          customer: form.customer,
          payment_method: method.id,
          latest_charge: charge.id,
          metadata: form.metadata ?? {},
          // Its webhooks go where its first payment's did.
          session: first?.session ?? null,
          created: now(),
        }),
      ),
    );
  });

  api("POST", "/v1/refunds", async ({ body }, apiKey) => {
    const form = parseBracketForm(body);
    const intent = own(String(form.payment_intent ?? ""), apiKey, "payment_intent");
    const charge = intent && own(String(intent.latest_charge), apiKey, "charge");
    if (!charge)
      return stripeError(
        404,
        `No such payment_intent: '${String(form.payment_intent)}'`,
        "resource_missing",
      );
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (amount <= 0 || amount > left)
      return stripeError(
        400,
        "Refund amount is greater than unrefunded amount on charge.",
        "charge_already_refunded",
      );
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = put({
      id: fakeId("re_"),
      object: "refund",
      apiKey,
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: charge.currency,
      status: "succeeded",
      created: now(),
    });
    void emit(store.get(String(intent.session)) ?? null, "charge.refunded", charge);
    return json(200, publicView(refund));
  });

  for (const [kind, path] of [
    ["invoice", "invoices"],
    ["subscription", "subscriptions"],
  ] as const)
    api("GET", `/v1/${path}/:id`, ({ params }, apiKey) => {
      const found = own(params.id!, apiKey, kind);
      return found
        ? json(200, publicView(found))
        : stripeError(404, `No such ${kind}: '${params.id}'`, "resource_missing");
    });

  api("POST", "/v1/subscriptions/:id", ({ params, body }, apiKey) => {
    const subscription = own(params.id!, apiKey, "subscription");
    if (!subscription)
      return stripeError(404, `No such subscription: '${params.id}'`, "resource_missing");
    const form = parseBracketForm(body) as Record<string, any>;
    // As Stripe: an ended subscription takes no more changes to its cancellation.
    if (subscription.status === "canceled" && form.cancel_at_period_end !== undefined)
      return stripeError(
        400,
        "A canceled subscription can only update its cancellation_details and metadata.",
      );
    if (form.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
    return json(200, publicView(subscription));
  });

  /** The customer portal, opened on a flow: the page offers "Update card" and goes back. */
  api("POST", "/v1/billing_portal/sessions", ({ body }, apiKey) => {
    const form = parseBracketForm(body) as Record<string, any>;
    const customer = own(String(form.customer), apiKey, "customer");
    if (!customer) return stripeError(404, `No such customer: '${form.customer}'`);
    if (!form.return_url) return stripeError(400, "Missing required param: return_url.");
    const id = fakeId("bps_");
    return json(
      200,
      publicView(
        put({
          id,
          object: "billing_portal.session",
          apiKey,
          customer: customer.id,
          flow: form.flow_data ?? null,
          return_url: form.return_url,
          url: `${baseUrl}/portal/${id}`,
          created: now(),
        }),
      ),
    );
  });
  router.add("GET", "/portal/:id", ({ params }) => {
    const portal = store.get(params.id!);
    if (!portal || portal.object !== "billing_portal.session")
      return html("<h1>Unknown portal session</h1>");
    return html(`<main><h1>Fake Stripe customer portal</h1><p>Update the card for ${escapeHtml(String(portal.customer))}</p>
      <form method="post" action="/portal/${portal.id}/update"><label>Card number <input name="card" value="4242 4242 4242 4242"></label><button id="update-card" type="submit">Update card</button></form></main>`);
  });
  router.add("POST", "/portal/:id/update", ({ params }) => {
    const portal = store.get(params.id!);
    if (!portal) return html("<h1>Unknown portal session</h1>");
    const customer = store.get(String(portal.customer));
    if (customer) customer.invoice_settings = { default_payment_method: fakeId("pm_") };
    return redirect(String(portal.return_url));
  });

  api("DELETE", "/v1/subscriptions/:id", async ({ params }, apiKey) => {
    const subscription = own(params.id!, apiKey, "subscription");
    if (!subscription)
      return stripeError(404, `No such subscription: '${params.id}'`, "resource_missing");
    subscription.status = "canceled";
    subscription.canceled_at = now();
    void emit(
      store.get(String(subscription.session)) ?? null,
      "customer.subscription.deleted",
      subscription,
    );
    return json(200, publicView(subscription));
  });

  // By invoice, or by the payment that paid one (payment[type], payment[payment_intent]).
  api("GET", "/v1/invoice_payments", ({ query }, apiKey) => {
    const invoice = query.get("invoice");
    const type = query.get("payment[type]");
    const intent = query.get("payment[payment_intent]");
    if (!invoice && !(type === "payment_intent" && intent))
      return stripeError(400, "You must provide an invoice or a payment.");
    const found = [...store.values()].filter(
      (o) =>
        o.apiKey === apiKey &&
        o.object === "invoice_payment" &&
        (!invoice || o.invoice === invoice) &&
        (!intent || (o.payment as { payment_intent?: string }).payment_intent === intent),
    );
    return list(found.slice(0, Number(query.get("limit") ?? 10)), "/v1/invoice_payments");
  });

  /** The buyer pays a session: a charge (or a subscription and its first invoice), then the event. */
  async function pay(sessionId: string) {
    const session = store.get(sessionId);
    if (!session || session.object !== "checkout.session")
      throw new Error(`no session ${sessionId}`);
    if (session.status !== "open") return session;
    const { apiKey } = session;
    const amount = Number(session.amount_total);
    const charge = (intentId: string) =>
      put({
        id: fakeId("ch_"),
        object: "charge",
        apiKey,
        amount,
        amount_refunded: 0,
        refunded: false,
        paid: true,
        status: "succeeded",
        currency: session.currency,
        payment_intent: intentId,
        created: now(),
      });
    const intent = () => {
      const id = fakeId("pi_");
      return put({
        id,
        object: "payment_intent",
        apiKey,
        amount,
        currency: session.currency,
        status: "succeeded",
        latest_charge: charge(id).id,
        metadata: session.metadata,
        session: session.id,
        created: now(),
      });
    };
    if (session.mode === "subscription") {
      const trial = Number(session.trialDays) > 0;
      const invoice = put({
        id: fakeId("in_"),
        object: "invoice",
        apiKey,
        amount_paid: trial ? 0 : amount,
        currency: session.currency,
        status: "paid",
        created: now(),
      });
      const customer = put({
        id: fakeId("cus_"),
        object: "customer",
        apiKey,
        email: session.customer_email,
        created: now(),
      });
      const subscription = put({
        id: fakeId("sub_"),
        object: "subscription",
        apiKey,
        customer: customer.id,
        cancel_at_period_end: false,
        status: trial ? "trialing" : "active",
        latest_invoice: invoice.id,
        trial_end: trial ? now() + Number(session.trialDays) * 86_400 : null,
        metadata: session.metadata,
        session: session.id,
        created: now(),
      });
      Object.assign(invoice, {
        billing_reason: "subscription_create",
        parent: {
          type: "subscription_details",
          quote_details: null,
          subscription_details: { subscription: subscription.id, metadata: session.metadata },
        },
      });
      if (!trial)
        put({
          id: fakeId("inpay_"),
          object: "invoice_payment",
          apiKey,
          invoice: invoice.id,
          payment: { type: "payment_intent", payment_intent: intent().id },
          status: "paid",
          created: now(),
        });
      Object.assign(session, {
        subscription: subscription.id,
        invoice: invoice.id,
        payment_status: trial ? "no_payment_required" : "paid",
      });
    } else {
      const paid = intent();
      // Kept for later charges (setup_future_usage), with the customer Checkout made.
      if (session.saveCard) {
        const customer = put({
          id: fakeId("cus_"),
          object: "customer",
          apiKey,
          email: session.customer_email,
          created: now(),
        });
        const method = put({
          id: fakeId("pm_"),
          object: "payment_method",
          apiKey,
          customer: customer.id,
          type: "card",
          created: now(),
        });
        Object.assign(paid, { customer: customer.id, payment_method: method.id });
        Object.assign(session, { customer: customer.id });
      }
      Object.assign(session, { payment_intent: paid.id, payment_status: "paid" });
    }
    session.status = "complete";
    await emit(session, "checkout.session.completed", session);
    return session;
  }

  /**
   * A subscription's next period comes due: Stripe makes a `subscription_cycle` invoice and
   * charges it, then says `invoice.paid` (or `invoice.payment_failed` when the card is refused).
   * The invoice names its subscription under `parent.subscription_details`, its period in its line.
   */
  async function renew(subscriptionId: string, { fail = false } = {}) {
    const subscription = store.get(subscriptionId);
    if (!subscription || subscription.object !== "subscription")
      throw new Error(`no subscription ${subscriptionId}`);
    const session = store.get(String(subscription.session)) ?? null;
    const amount = Number(session?.amount_subtotal ?? 0);
    const start = Number(subscription.current_period_end ?? now());
    const end = start + 30 * 86_400;
    const invoice = put({
      id: fakeId("in_"),
      object: "invoice",
      apiKey: subscription.apiKey,
      billing_reason: "subscription_cycle",
      amount_due: amount,
      amount_paid: fail ? 0 : amount,
      currency: session?.currency ?? "usd",
      status: fail ? "open" : "paid",
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: "list",
        data: [{ id: fakeId("il_"), object: "line_item", amount, period: { start, end } }],
        has_more: false,
      },
      created: now(),
    });
    if (!fail) {
      Object.assign(subscription, { status: "active", current_period_end: end });
      subscription.latest_invoice = invoice.id;
      // Charged off the session: no Checkout Session names this payment.
      const intentId = fakeId("pi_");
      const charge = put({
        id: fakeId("ch_"),
        object: "charge",
        apiKey: subscription.apiKey,
        amount,
        amount_refunded: 0,
        refunded: false,
        paid: true,
        status: "succeeded",
        currency: invoice.currency,
        payment_intent: intentId,
        created: now(),
      });
      put({
        id: intentId,
        object: "payment_intent",
        apiKey: subscription.apiKey,
        amount,
        currency: invoice.currency,
        status: "succeeded",
        latest_charge: charge.id,
        // Not the API's: the fake sends this payment's events where its checkout's went.
        session: subscription.session,
        created: now(),
      });
      put({
        id: fakeId("inpay_"),
        object: "invoice_payment",
        apiKey: subscription.apiKey,
        invoice: invoice.id,
        payment: { type: "payment_intent", payment_intent: intentId },
        status: "paid",
        created: now(),
      });
    } else subscription.status = "past_due";
    return emit(session, fail ? "invoice.payment_failed" : "invoice.paid", invoice);
  }

  /** The buyer gives up: the session expires at once (Stripe waits for its expiry time). */
  async function cancel(sessionId: string) {
    const session = store.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === "open") {
      session.status = "expired";
      await emit(session, "checkout.session.expired", session);
    }
    return session;
  }

  router.add("GET", "/pay/:id", ({ params }) => {
    const session = store.get(params.id!);
    if (!session || session.object !== "checkout.session") return html("<h1>Unknown session</h1>");
    const items = (session.lineItems as Record<string, any>[])
      .map(
        (item) =>
          `<li>${escapeHtml(String(item.price_data.product_data.name))} × ${escapeHtml(String(item.quantity))}</li>`,
      )
      .join("");
    const total = `${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    return html(`<main><h1>Fake Stripe Checkout</h1><ul>${items}</ul><p>Total: <strong data-testid="total">${escapeHtml(total)}</strong></p>
      ${session.status === "open" ? `<form method="post" action="/pay/${session.id}/pay"><button id="pay" type="submit">Pay</button></form><form method="post" action="/pay/${session.id}/cancel"><button id="cancel" type="submit">Cancel</button></form>` : `<p>This session is ${escapeHtml(String(session.status))}.</p>`}</main>`);
  });
  router.add("POST", "/pay/:id/pay", async ({ params }) => {
    const session = await pay(params.id!);
    return redirect(String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id));
  });
  router.add("POST", "/pay/:id/cancel", async ({ params }) => {
    const session = await cancel(params.id!);
    return redirect(String(session.cancel_url ?? session.success_url));
  });

  const server = await serve(router.handle, { port, log });
  baseUrl = server.url;
  return {
    ...server,
    webhooks,
    requests,
    webhookSecret,
    pay,
    cancel,
    renew,
    /** The account of `secretKey` sends its events to `url` (its dashboard's endpoint). */
    setEndpoint: (secretKey: string, url: string) => void endpoints.set(secretKey, url),
    /** Stripe goes down (every API call answers 500 and does nothing) or comes back. */
    setDown: (value: boolean) => void (down = value),
    /** Off-session charges need their cardholder (a bank asking for 3-D Secure) or go through. */
    setDeclineOffSession: (value: boolean) => void (declineOffSession = value),
    /** The refunds made of a payment intent, oldest first, as the API shows them. */
    refundsOf: (intentId: string) =>
      [...store.values()]
        .filter((o) => o.object === "refund" && o.payment_intent === intentId)
        .map(publicView),
    /** A stored object as the API shows it. */
    object: (id: string) => {
      const found = store.get(id);
      return found ? publicView(found) : undefined;
    },
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
