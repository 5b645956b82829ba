// A local Razorpay for tests: the Orders API, Plans, Subscriptions, Invoices and refunds the
// `razorpay` SDK calls (Basic key_id:key_secret), a checkout.js defining window.Razorpay whose
// open() shows a modal (an iframe, as Razorpay's is) with Pay / Cancel — Pay answers the handler
// with {razorpay_payment_id, razorpay_order_id, razorpay_signature = HMAC-SHA256(order|payment,
// key_secret)}, or for a subscription_id {razorpay_payment_id, razorpay_subscription_id,
// razorpay_signature = HMAC-SHA256(payment|subscription, key_secret)} — and webhooks signed
// X-Razorpay-Signature = HMAC-SHA256 hex of the body. A subscription's authentication amount
// follows Razorpay's table: immediate start = plan amount (+ upfront addons), future start =
// the upfront addons, or a token amount refunded at once; `renew` charges the next cycle
// (subscription.charged) or fails it (payment.failed, subscription.pending).
import { createHmac } from "node:crypto";
import {
  addControlRoutes,
  createRouter,
  createWebhookDispatcher,
  escapeHtml,
  fakeId,
  html,
  json,
  serve,
  type FakeRequest,
} from "./fake-kit.ts";

export const FAKE_RAZORPAY_WEBHOOK_SECRET = "fake-razorpay-webhook-secret-0123456789";

const hmacHex = (message: string, secret: string) =>
  createHmac("sha256", secret).update(message).digest("hex");

const razorpayError = (status: number, description: string) =>
  json(status, {
    error: {
      code: "BAD_REQUEST_ERROR",
      description,
      source: "business",
      step: "payment_initiation",
      reason: "input_validation_failed",
      metadata: {},
      field: null,
    },
  });

type Entity = Record<string, any> & { id: string; keyId: string };

export async function startFakeRazorpay({
  port = 0,
  webhookSecret = FAKE_RAZORPAY_WEBHOOK_SECRET,
  webhookUrl,
  log,
}: {
  port?: number;
  webhookSecret?: string;
  /** Where events go; by default the paying page's site, /api/payments/webhooks/razorpay. */
  webhookUrl?: string;
  log?: (line: string) => void;
} = {}) {
  const secrets = new Map<string, string>(); // key id → key secret, as first used
  const orders = new Map<string, Entity>();
  const payments = new Map<string, Entity>();
  const plans = new Map<string, Entity>();
  const subscriptions = new Map<string, Entity>();
  const invoices = new Map<string, Entity>();
  const refunds = new Map<string, Entity>();
  const requests: { method: string; path: string }[] = [];
  const webhooks = createWebhookDispatcher((body, forged, eventId) => ({
    "x-razorpay-signature": hmacHex(body, forged ? `${webhookSecret}-forged` : webhookSecret),
    "x-razorpay-event-id": eventId,
  }));
  let baseUrl = "";
  const now = () => Math.floor(Date.now() / 1000);
  // Fields of our own (the key, where the buyer paid, a subscription's addons) stay inside.
  const view = (entity: Entity) =>
    Object.fromEntries(
      Object.entries(entity).filter(
        ([name]) => name !== "keyId" && name !== "origin" && !name.startsWith("_"),
      ),
    );

  async function emit(type: string, origin: string | undefined, payload: Record<string, Entity>) {
    const event = {
      entity: "event",
      account_id: "acc_FAKE0000000001",
      event: type,
      contains: Object.keys(payload),
      payload: Object.fromEntries(
        Object.entries(payload).map(([name, entity]) => [name, { entity: view(entity) }]),
      ),
      created_at: now(),
    };
    const url = webhookUrl ?? (origin ? `${origin}/api/payments/webhooks/razorpay` : undefined);
    if (url) await webhooks.send(url, { id: fakeId("evt_"), type }, JSON.stringify(event));
  }

  const router = createRouter(() =>
    razorpayError(404, "The requested URL was not found on the server."),
  );
  addControlRoutes(router, webhooks);

  function api(
    method: string,
    path: string,
    handler: (
      r: FakeRequest,
      keyId: string,
    ) => ReturnType<typeof json> | Promise<ReturnType<typeof json>>,
  ) {
    router.add(method, path, async (request) => {
      requests.push({ method, path: request.path });
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const [keyId, secret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [];
      if (
        !keyId?.startsWith("rzp_") ||
        !secret ||
        (secrets.has(keyId) && secrets.get(keyId) !== secret)
      )
        return json(401, {
          error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" },
        });
      secrets.set(keyId, secret);
      return handler(request, keyId);
    });
  }

  api("POST", "/v1/orders", ({ body }, keyId) => {
    const input = JSON.parse(body) as Record<string, any>;
    const amount = Number(input.amount);
    if (!Number.isInteger(amount) || amount < 100 || !/^[A-Z]{3}$/.test(String(input.currency)))
      return razorpayError(400, "The amount must be atleast INR 1.00");
    const order: Entity = {
      id: fakeId("order_"),
      keyId,
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: input.currency,
      receipt: input.receipt ?? null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: input.notes ?? [],
      created_at: now(),
    };
    orders.set(order.id, order);
    return json(200, view(order));
  });

  api("GET", "/v1/orders/:id/payments", ({ params }, keyId) => {
    const items = [...payments.values()].filter(
      (p) => p.keyId === keyId && p.order_id === params.id,
    );
    return json(200, { entity: "collection", count: items.length, items: items.map(view) });
  });

  api("GET", "/v1/payments/:id", ({ params }, keyId) => {
    const payment = payments.get(params.id!);
    return payment && payment.keyId === keyId
      ? json(200, view(payment))
      : razorpayError(400, "The id provided does not exist");
  });

  api("POST", "/v1/payments/:id/refund", async ({ params, body }, keyId) => {
    const payment = payments.get(params.id!);
    if (!payment || payment.keyId !== keyId)
      return razorpayError(400, "The id provided does not exist");
    const input = body ? (JSON.parse(body) as Record<string, any>) : {};
    const left = payment.amount - payment.amount_refunded;
    const amount = input.amount === undefined ? left : Number(input.amount);
    if (amount <= 0 || amount > left)
      return razorpayError(400, "The refund amount provided is greater than amount captured");
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
    if (payment.refund_status === "full") payment.status = "refunded";
    const refund: Entity = {
      id: fakeId("rfnd_"),
      keyId,
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: input.notes ?? [],
      receipt: input.receipt ?? null,
      status: "processed",
      speed_processed: "normal",
      created_at: now(),
    };
    refunds.set(refund.id, refund);
    void emit("refund.processed", payment.origin, { refund, payment });
    return json(200, view(refund));
  });

  // A payment's refunds, newest first (count ≤ 100, skip), as Razorpay lists them.
  api("GET", "/v1/payments/:id/refunds", ({ params, query }, keyId) => {
    const payment = payments.get(params.id!);
    if (!payment || payment.keyId !== keyId)
      return razorpayError(400, "The id provided does not exist");
    const count = Math.min(Number(query.get("count") ?? 10) || 10, 100);
    const skip = Number(query.get("skip") ?? 0) || 0;
    const items = [...refunds.values()]
      .filter((refund) => refund.payment_id === payment.id)
      .reverse()
      .slice(skip, skip + count);
    return json(200, { entity: "collection", count: items.length, items: items.map(view) });
  });

  const own = (map: Map<string, Entity>, id: string | undefined, keyId: string) => {
    const entity = map.get(id ?? "");
    return entity && entity.keyId === keyId ? entity : undefined;
  };
  const missing = () => razorpayError(400, "The id provided does not exist");
  const page = (query: URLSearchParams, items: Entity[]) => {
    const count = Math.min(Number(query.get("count") ?? 10) || 10, 100);
    const skip = Number(query.get("skip") ?? 0) || 0;
    const chosen = items.sort((a, b) => b.created_at - a.created_at).slice(skip, skip + count);
    return json(200, { entity: "collection", count: chosen.length, items: chosen.map(view) });
  };
  const inputOf = (body: string) => (body ? (JSON.parse(body) as Record<string, any>) : {});

  api("POST", "/v1/plans", ({ body }, keyId) => {
    const input = inputOf(body);
    const item = (input.item ?? {}) as Record<string, any>;
    const interval = Number(input.interval);
    if (!["daily", "weekly", "monthly", "yearly"].includes(input.period))
      return razorpayError(400, "Invalid argument for period passed");
    if (!Number.isInteger(interval) || interval < 1 || (input.period === "daily" && interval < 7))
      return razorpayError(400, "The interval must be at least 1.");
    if (
      typeof item.name !== "string" ||
      !Number.isInteger(item.amount) ||
      item.amount < 100 ||
      !/^[A-Z]{3}$/.test(String(item.currency))
    )
      return razorpayError(400, "The item name, amount and currency are required.");
    const created = now();
    const plan: Entity = {
      id: fakeId("plan_"),
      keyId,
      entity: "plan",
      interval,
      period: input.period,
      item: {
        id: fakeId("item_"),
        active: true,
        name: item.name,
        description: item.description ?? null,
        amount: item.amount,
        unit_amount: item.amount,
        currency: item.currency,
        type: "plan",
        unit: null,
        tax_inclusive: false,
        created_at: created,
        updated_at: created,
      },
      notes: input.notes ?? [],
      created_at: created,
    };
    plans.set(plan.id, plan);
    return json(200, view(plan));
  });
  api("GET", "/v1/plans", ({ query }, keyId) =>
    page(
      query,
      [...plans.values()].filter((p) => p.keyId === keyId),
    ),
  );
  api("GET", "/v1/plans/:id", ({ params }, keyId) => {
    const plan = own(plans, params.id, keyId);
    return plan ? json(200, view(plan)) : missing();
  });

  /** The end of one of the plan's cycles from `from` (seconds). */
  function cycleEnd(plan: Entity, from: number): number {
    const end = new Date(from * 1000);
    const n = plan.interval as number;
    if (plan.period === "yearly") end.setUTCFullYear(end.getUTCFullYear() + n);
    else if (plan.period === "monthly") end.setUTCMonth(end.getUTCMonth() + n);
    else end.setUTCDate(end.getUTCDate() + n * (plan.period === "weekly" ? 7 : 1));
    return Math.floor(end.getTime() / 1000);
  }

  api("POST", "/v1/subscriptions", ({ body }, keyId) => {
    const input = inputOf(body);
    const plan = own(plans, input.plan_id, keyId);
    if (!plan) return missing();
    const totalCount = Number(input.total_count);
    if (!Number.isInteger(totalCount) || totalCount < 1)
      return razorpayError(400, "The total count field is required.");
    const created = now();
    const startAt = input.start_at === undefined ? null : Number(input.start_at);
    if (startAt !== null && (!Number.isInteger(startAt) || startAt < created))
      return razorpayError(400, "start_at cannot be lesser than the current time");
    let end = startAt ?? created;
    for (let cycle = 0; cycle < totalCount; cycle++) end = cycleEnd(plan, end);
    if (end > created + 100 * 366 * 86_400)
      return razorpayError(400, "Subscriptions can only be created for a maximum of 100 years");
    const addons = (input.addons ?? []) as { item?: Record<string, any> }[];
    for (const addon of addons)
      if (
        !Number.isInteger(addon.item?.amount) ||
        addon.item!.amount < 100 ||
        addon.item!.currency !== plan.item.currency
      )
        return razorpayError(400, "The addon amount or currency is invalid.");
    const notes = input.notes ?? [];
    if (Object.keys(notes).length > 15)
      return razorpayError(400, "Number of notes should be less than or equal to 15");
    const id = fakeId("sub_");
    const subscription: Entity = {
      id,
      keyId,
      entity: "subscription",
      plan_id: plan.id,
      customer_id: null,
      status: "created",
      current_start: null,
      current_end: null,
      ended_at: null,
      quantity: Number(input.quantity ?? 1),
      notes,
      charge_at: startAt,
      start_at: startAt,
      end_at: end,
      auth_attempts: 0,
      total_count: totalCount,
      paid_count: 0,
      customer_notify: input.customer_notify === undefined ? true : Boolean(input.customer_notify),
      created_at: created,
      expire_by: input.expire_by ?? null,
      short_url: `${baseUrl}/checkout/subscription/${id}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      source: "api",
      payment_method: null,
      offer_id: input.offer_id ?? null,
      remaining_count: totalCount,
      _addons: addons.map((addon) => addon.item!.amount as number),
      _cancelAtCycleEnd: false,
    };
    subscriptions.set(id, subscription);
    return json(200, view(subscription));
  });
  api("GET", "/v1/subscriptions", ({ query }, keyId) => {
    const planId = query.get("plan_id");
    return page(
      query,
      [...subscriptions.values()].filter(
        (s) => s.keyId === keyId && (!planId || s.plan_id === planId),
      ),
    );
  });
  api("GET", "/v1/subscriptions/:id", ({ params }, keyId) => {
    const subscription = own(subscriptions, params.id, keyId);
    return subscription ? json(200, view(subscription)) : missing();
  });
  const LIVE = ["created", "authenticated", "active", "pending", "halted"];
  api("POST", "/v1/subscriptions/:id/cancel", ({ params, body }, keyId) => {
    const subscription = own(subscriptions, params.id, keyId);
    if (!subscription) return missing();
    if (!LIVE.includes(subscription.status))
      return razorpayError(
        400,
        `Subscription is not cancellable in ${subscription.status} status.`,
      );
    const atCycleEnd = Boolean(Number(inputOf(body).cancel_at_cycle_end ?? 0));
    if (atCycleEnd && subscription.status === "active") {
      Object.assign(subscription, {
        _cancelAtCycleEnd: true,
        has_scheduled_changes: true,
        change_scheduled_at: subscription.current_end,
      });
      return json(200, view(subscription));
    }
    Object.assign(subscription, { status: "cancelled", ended_at: now(), charge_at: null });
    void emit("subscription.cancelled", subscription.origin, { subscription });
    return json(200, view(subscription));
  });

  api("GET", "/v1/invoices", ({ query }, keyId) => {
    const filters = ["subscription_id", "payment_id", "customer_id"]
      .map((name) => [name, query.get(name)] as const)
      .filter(([, value]) => value);
    return page(
      query,
      [...invoices.values()].filter(
        (invoice) =>
          invoice.keyId === keyId && filters.every(([name, value]) => invoice[name] === value),
      ),
    );
  });
  api("GET", "/v1/invoices/:id", ({ params }, keyId) => {
    const invoice = own(invoices, params.id, keyId);
    return invoice ? json(200, view(invoice)) : missing();
  });

  /** A charge on a subscription: Razorpay's order, invoice and payment for it. */
  function charge(
    subscription: Entity,
    amount: number,
    {
      failed = false,
      token = false,
      billing = null,
    }: { failed?: boolean; token?: boolean; billing?: [number, number] | null },
  ) {
    const plan = plans.get(subscription.plan_id)!;
    // A cycle is charged when it starts: the fake's clock jumps there.
    const created = billing?.[0] ?? now();
    const { keyId, origin } = subscription;
    const currency = plan.item.currency as string;
    const order: Entity = {
      id: fakeId("order_"),
      keyId,
      entity: "order",
      amount,
      amount_paid: failed ? 0 : amount,
      amount_due: failed ? amount : 0,
      currency,
      receipt: null,
      offer_id: null,
      status: failed ? "attempted" : "paid",
      attempts: 1,
      notes: [],
      created_at: created,
    };
    orders.set(order.id, order);
    // A token amount only checks the card: no invoice, and it is refunded at once.
    const invoice: Entity | null = token
      ? null
      : {
          id: fakeId("inv_"),
          keyId,
          entity: "invoice",
          type: "invoice",
          invoice_number: null,
          customer_id: subscription.customer_id,
          order_id: order.id,
          subscription_id: subscription.id,
          payment_id: null,
          status: failed ? "issued" : "paid",
          issued_at: created,
          paid_at: failed ? null : created,
          amount,
          amount_paid: failed ? 0 : amount,
          amount_due: failed ? amount : 0,
          currency,
          billing_start: billing?.[0] ?? null,
          billing_end: billing?.[1] ?? null,
          notes: [],
          created_at: created,
        };
    const payment: Entity = {
      id: fakeId("pay_"),
      keyId,
      origin,
      entity: "payment",
      amount,
      currency,
      status: failed ? "failed" : token ? "refunded" : "captured",
      order_id: order.id,
      invoice_id: invoice?.id ?? null,
      method: "card",
      amount_refunded: token ? amount : 0,
      refund_status: token ? "full" : null,
      captured: !failed,
      description: plan.item.name,
      customer_id: subscription.customer_id,
      token_id: subscription._tokenId,
      email: "buyer@example.com",
      contact: "+919999999999",
      notes: [],
      error_code: failed ? "BAD_REQUEST_ERROR" : null,
      error_description: failed ? "Payment failed because the card was declined." : null,
      created_at: created,
    };
    payments.set(payment.id, payment);
    if (invoice) {
      invoice.payment_id = payment.id;
      invoices.set(invoice.id, invoice);
    }
    return payment;
  }

  /** What the authentication transaction takes (Razorpay's table of start date and upfront). */
  function authenticationAmount(subscription: Entity) {
    const plan = plans.get(subscription.plan_id)!;
    const upfront = (subscription._addons as number[]).reduce((sum, amount) => sum + amount, 0);
    const future = subscription.start_at !== null && subscription.start_at > now();
    const amount = future ? upfront || 500 : plan.item.amount * subscription.quantity + upfront;
    return { amount, future, token: future && upfront === 0, currency: plan.item.currency };
  }

  /**
   * The buyer authenticates a subscription in the modal: its first payment, the events, and the
   * handler's answer. With an immediate start, that payment is also the first cycle's charge.
   */
  async function paySubscription(subscriptionId: string, { origin }: { origin?: string } = {}) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    if (subscription.status !== "created")
      throw new Error(`subscription ${subscriptionId} is ${subscription.status}`);
    const secret = secrets.get(subscription.keyId)!;
    const plan = plans.get(subscription.plan_id)!;
    const { amount, future, token } = authenticationAmount(subscription);
    const started = now();
    Object.assign(subscription, {
      origin,
      customer_id: fakeId("cust_"),
      _tokenId: fakeId("token_"),
      payment_method: "card",
      auth_attempts: subscription.auth_attempts + 1,
    });
    const firstEnd = cycleEnd(plan, started);
    const payment = charge(subscription, amount, {
      token,
      billing: future ? null : [started, firstEnd],
    });
    if (future) Object.assign(subscription, { status: "authenticated" });
    else
      Object.assign(subscription, {
        status: "active",
        start_at: started,
        current_start: started,
        current_end: firstEnd,
        charge_at: firstEnd,
        paid_count: 1,
        remaining_count: subscription.remaining_count - 1,
      });
    if (!token) await emit("payment.captured", origin, { payment });
    await emit("subscription.authenticated", origin, { subscription, payment });
    if (!future) {
      await emit("subscription.activated", origin, { subscription });
      await emit("subscription.charged", origin, { subscription, payment });
    }
    return {
      razorpay_payment_id: payment.id,
      razorpay_subscription_id: subscription.id,
      razorpay_signature: hmacHex(`${payment.id}|${subscription.id}`, secret),
    };
  }

  /**
   * A subscription's next cycle comes due: Razorpay charges it (payment.captured,
   * subscription.charged; the last of its count completes it), or the charge fails
   * (payment.failed, subscription.pending). A cancellation asked for at the cycle's end
   * happens instead. Returns the payment's id (null when it was cancelled).
   */
  async function renew(subscriptionId: string, { fail = false }: { fail?: boolean } = {}) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription || !["authenticated", "active", "pending"].includes(subscription.status))
      throw new Error(`subscription ${subscriptionId} is not charged`);
    const { origin } = subscription;
    if (subscription._cancelAtCycleEnd) {
      Object.assign(subscription, { status: "cancelled", ended_at: now(), charge_at: null });
      await emit("subscription.cancelled", origin, { subscription });
      return null;
    }
    const plan = plans.get(subscription.plan_id)!;
    const start = (subscription.current_end ?? subscription.start_at ?? now()) as number;
    const end = cycleEnd(plan, start);
    const payment = charge(subscription, plan.item.amount * subscription.quantity, {
      failed: fail,
      billing: [start, end],
    });
    if (fail) {
      subscription.status = "pending";
      await emit("payment.failed", origin, { payment });
      await emit("subscription.pending", origin, { subscription, payment });
      return payment.id as string;
    }
    const before = subscription.status;
    Object.assign(subscription, {
      status: "active",
      current_start: start,
      current_end: end,
      charge_at: end,
      paid_count: subscription.paid_count + 1,
      remaining_count: subscription.remaining_count - 1,
    });
    if (before !== "active") await emit("subscription.activated", origin, { subscription });
    await emit("payment.captured", origin, { payment });
    await emit("subscription.charged", origin, { subscription, payment });
    if (subscription.remaining_count === 0) {
      Object.assign(subscription, { status: "completed", ended_at: now(), charge_at: null });
      await emit("subscription.completed", origin, { subscription });
    }
    return payment.id as string;
  }

  /** The buyer pays an order in the modal: a captured payment, its events, the handler's answer. */
  async function pay(orderId: string, { origin }: { origin?: string } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const secret = secrets.get(order.keyId)!;
    const payment: Entity = {
      id: fakeId("pay_"),
      keyId: order.keyId,
      origin,
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: "captured",
      order_id: order.id,
      method: "card",
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      email: "buyer@example.com",
      contact: "+919999999999",
      notes: order.notes,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    Object.assign(order, {
      status: "paid",
      amount_paid: order.amount,
      amount_due: 0,
      attempts: order.attempts + 1,
    });
    await emit("payment.captured", origin, { payment });
    await emit("order.paid", origin, { payment, order });
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: hmacHex(`${order.id}|${payment.id}`, secret),
    };
  }

  router.add("POST", "/checkout/pay", async ({ body }) => {
    const input = JSON.parse(body) as {
      order_id?: string;
      subscription_id?: string;
      origin?: string;
    };
    if (input.subscription_id) {
      const subscription = subscriptions.get(input.subscription_id);
      if (subscription?.status !== "created")
        return razorpayError(400, "This subscription cannot be authenticated.");
      return json(200, await paySubscription(input.subscription_id, { origin: input.origin }));
    }
    if (!input.order_id || !orders.has(input.order_id)) return razorpayError(400, "unknown order");
    return json(200, await pay(input.order_id, { origin: input.origin }));
  });

  router.add("GET", "/checkout/modal", ({ query }) => {
    const subscription = subscriptions.get(query.get("subscription_id") ?? "");
    const order = subscription ? undefined : orders.get(query.get("order_id") ?? "");
    const origin = query.get("origin") ?? "";
    if (!order && !subscription) return html("<p>Unknown order</p>");
    const due = subscription
      ? authenticationAmount(subscription)
      : { amount: order!.amount as number, currency: order!.currency as string };
    const total = `${(due.amount / 100).toFixed(2)} ${due.currency}`;
    const payFor = subscription
      ? { subscription_id: subscription.id }
      : { order_id: order!.id as string };
    return html(
      `<main role="dialog" aria-label="Razorpay Checkout" style="background:#fff;max-width:24rem;margin:10vh auto;padding:1.5rem;border-radius:8px">
      <h1>Fake Razorpay</h1><p>Pay <strong data-testid="total">${escapeHtml(total)}</strong></p>
      <button id="pay" type="button">Pay</button> <button id="cancel" type="button">Cancel</button></main>
      <script>
        const origin = ${JSON.stringify(origin)};
        const tell = (message) => parent.postMessage({ source: "fake-razorpay", ...message }, origin);
        document.getElementById("pay").onclick = async () => {
          const answer = await fetch("/checkout/pay", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...${JSON.stringify(payFor)}, origin }) });
          tell(answer.ok ? { event: "success", response: await answer.json() } : { event: "failed", error: await answer.json() });
        };
        document.getElementById("cancel").onclick = () => tell({ event: "dismiss" });
      </script>`,
      { "access-control-allow-origin": "*" },
    );
  });

  router.add("GET", "/v1/checkout.js", () => ({
    status: 200,
    headers: {
      "content-type": "application/javascript; charset=utf-8",
      "access-control-allow-origin": "*",
    },
    body: `(function () {
  var fakeOrigin = ${JSON.stringify(baseUrl)};
  function Razorpay(options) { this.options = options || {}; this.handlers = {}; }
  Razorpay.prototype.on = function (name, fn) { this.handlers[name] = fn; };
  Razorpay.prototype.close = function () { if (this.frame) this.frame.remove(); };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    var frame = document.createElement("iframe");
    frame.src = fakeOrigin + "/checkout/modal?key=" + encodeURIComponent(o.key || "") + "&order_id=" + encodeURIComponent(o.order_id || "") + "&subscription_id=" + encodeURIComponent(o.subscription_id || "") + "&origin=" + encodeURIComponent(location.origin);
    frame.title = "Razorpay Checkout";
    frame.setAttribute("data-testid", "razorpay-frame");
    frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,.5)";
    self.frame = frame;
    function onMessage(e) {
      if (e.origin !== fakeOrigin || !e.data || e.data.source !== "fake-razorpay") return;
      window.removeEventListener("message", onMessage);
      frame.remove();
      if (e.data.event === "success" && o.handler) o.handler(e.data.response);
      else if (e.data.event === "failed" && self.handlers["payment.failed"]) self.handlers["payment.failed"]({ error: e.data.error });
      else if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
    }
    window.addEventListener("message", onMessage);
    document.body.appendChild(frame);
  };
  window.Razorpay = Razorpay;
})();
`,
  }));

  const server = await serve(router.handle, { port, log });
  baseUrl = server.url;
  return {
    ...server,
    webhooks,
    requests,
    webhookSecret,
    checkoutJsUrl: `${server.url}/v1/checkout.js`,
    pay,
    paySubscription,
    renew,
    subscription: (id: string) => {
      const subscription = subscriptions.get(id);
      return subscription ? view(subscription) : undefined;
    },
    plan: (id: string) => {
      const plan = plans.get(id);
      return plan ? view(plan) : undefined;
    },
    order: (id: string) => {
      const order = orders.get(id);
      return order ? view(order) : undefined;
    },
    payment: (id: string) => {
      const payment = payments.get(id);
      return payment ? view(payment) : undefined;
    },
    /** The refunds made of a payment, oldest first, as the API shows them. */
    refundsOf: (paymentId: string) =>
      [...refunds.values()].filter((refund) => refund.payment_id === paymentId).map(view),
  };
}
export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
