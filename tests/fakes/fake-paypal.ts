// A local PayPal for tests: OAuth client credentials, Orders v2 (create, approve on a page,
// capture), captures and refunds, subscriptions (fake-paypal-subscriptions.ts: products, plans,
// subscriptions and their sales), and webhooks signed as PayPal signs them — SHA256withRSA
// over "transmission_id|transmission_time|webhook_id|crc32(body)" — checked by the documented
// POST /v1/notifications/verify-webhook-signature.
import { createSign, createVerify, generateKeyPairSync, randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { crc32 } from "node:zlib";
import {
  addControlRoutes,
  createRouter,
  createWebhookDispatcher,
  escapeHtml,
  fakeId,
  html,
  json,
  redirect,
  serve,
  type FakeRequest,
  type FakeResponse,
} from "./fake-kit.ts";
import { addSubscriptionRoutes } from "./fake-paypal-subscriptions.ts";

export const FAKE_PAYPAL_WEBHOOK_ID = "WH-FAKE0PAYPAL0WEBHOOK0ID";

type Order = Record<string, any> & { id: string; clientId: string };

const paypalError = (status: number, name: string, issue: string) =>
  json(status, {
    name,
    message: "The requested action could not be performed.",
    debug_id: fakeId("dbg").toUpperCase(),
    details: [{ issue, description: issue.toLowerCase().replace(/_/g, " ") }],
  });

export async function startFakePaypal({
  port = 0,
  webhookId = FAKE_PAYPAL_WEBHOOK_ID,
  webhookUrl,
  log,
}: {
  port?: number;
  webhookId?: string;
  webhookUrl?: string;
  log?: (line: string) => void;
} = {}) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const tokens = new Map<string, string>(); // access token → client id
  const orders = new Map<string, Order>();
  const captures = new Map<string, Record<string, any>>();
  const refunds: Record<string, any>[] = [];
  const sentBodies = new Map<string, string>(); // transmission id → body
  const idempotent = new Map<string, { status: number; body: string }>();
  const requests: { method: string; path: string }[] = [];
  let baseUrl = "";

  const signatureOf = (message: string) =>
    createSign("sha256").update(message).sign(privateKey, "base64");
  const webhooks = createWebhookDispatcher((body, forged, eventId) => {
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    sentBodies.set(transmissionId, body);
    const signedFor = forged ? `${webhookId}-forged` : webhookId;
    return {
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": signatureOf(
        `${transmissionId}|${time}|${signedFor}|${crc32(body)}`,
      ),
      "paypal-cert-url": `${baseUrl}/v1/notifications/certs/CERT-FAKE-${eventId.slice(-6)}`,
      "paypal-auth-algo": "SHA256withRSA",
    };
  });

  async function emit(
    target: { webhookUrl?: unknown; [key: string]: unknown },
    type: string,
    resourceType: string,
    resource: unknown,
    resourceVersion = "2.0",
  ) {
    const event = {
      id: `WH-${fakeId("").toUpperCase()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: resourceVersion,
      event_type: type,
      summary: type,
      resource,
      links: [],
    };
    const url = webhookUrl ?? (target.webhookUrl as string);
    if (url) await webhooks.send(url, { id: event.id, type }, JSON.stringify(event));
  }

  const view = (order: Order) => {
    const { clientId: _c, webhookUrl: _w, returnUrl: _r, cancelUrl: _x, ...rest } = order;
    return rest;
  };
  const router = createRouter(() => paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID"));
  addControlRoutes(router, webhooks);

  router.add("POST", "/v1/oauth2/token", ({ headers, body }) => {
    requests.push({ method: "POST", path: "/v1/oauth2/token" });
    const basic = /^Basic (.+)$/.exec(headers.authorization ?? "")?.[1];
    const [clientId, secret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [];
    if (!clientId || !secret || !new URLSearchParams(body).get("grant_type"))
      return json(401, {
        error: "invalid_client",
        error_description: "Client Authentication failed",
      });
    const token = `A21AA${fakeId("")}`;
    tokens.set(token, clientId);
    return json(200, {
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-FAKE",
      expires_in: 32400,
      nonce: randomUUID(),
    });
  });

  /** Calls with a bearer token; PayPal-Request-Id answered once per client. */
  function api(
    method: string,
    path: string,
    handler: (r: FakeRequest, clientId: string) => FakeResponse | Promise<FakeResponse>,
  ) {
    router.add(method, path, async (request) => {
      requests.push({ method, path: request.path });
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const clientId = token ? tokens.get(token) : undefined;
      if (!clientId)
        return json(401, {
          error: "invalid_token",
          error_description: "Token signature verification failed",
        });
      const requestId = request.headers["paypal-request-id"];
      const memo =
        typeof requestId === "string" ? `${clientId}:${request.path}:${requestId}` : null;
      const seen = memo ? idempotent.get(memo) : undefined;
      if (seen)
        return {
          status: seen.status,
          body: seen.body,
          headers: { "content-type": "application/json" },
        };
      const answer = await handler(request, clientId);
      if (memo && answer.status < 500)
        idempotent.set(memo, { status: answer.status, body: answer.body });
      return answer;
    });
  }

  api("POST", "/v2/checkout/orders", ({ body }, clientId) => {
    const input = JSON.parse(body) as Record<string, any>;
    const context =
      input.payment_source?.paypal?.experience_context ?? input.application_context ?? {};
    if (!input.intent || !input.purchase_units?.length || !context.return_url)
      return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER");
    const id = fakeId("").toUpperCase().slice(0, 17);
    const order: Order = {
      id,
      clientId,
      intent: input.intent,
      status: "PAYER_ACTION_REQUIRED",
      payment_source: { paypal: {} },
      purchase_units: input.purchase_units.map((unit: Record<string, any>) => ({
        ...unit,
        payee: { merchant_id: "FAKEMERCHANT" },
      })),
      create_time: new Date().toISOString(),
      links: [
        { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
      ],
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      webhookUrl: `${new URL(context.return_url as string).origin}/api/payments/webhooks/paypal`,
    };
    orders.set(id, order);
    return json(200, view(order));
  });

  const ownOrder = (id: string, clientId: string) => {
    const order = orders.get(id);
    return order && order.clientId === clientId ? order : null;
  };

  api("GET", "/v2/checkout/orders/:id", ({ params }, clientId) => {
    const order = ownOrder(params.id!, clientId);
    return order
      ? json(200, view(order))
      : paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  });

  api("POST", "/v2/checkout/orders/:id/capture", async ({ params }, clientId) => {
    const order = ownOrder(params.id!, clientId);
    if (!order) return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (order.status === "COMPLETED")
      return paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
    if (order.status !== "APPROVED")
      return paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
    const unit = order.purchase_units[0];
    const id = fakeId("").toUpperCase().slice(0, 17);
    const capture = {
      id,
      status: "COMPLETED",
      amount: unit.amount
        ? { currency_code: unit.amount.currency_code, value: unit.amount.value }
        : undefined,
      final_capture: true,
      seller_protection: { status: "ELIGIBLE" },
      custom_id: unit.custom_id,
      create_time: new Date().toISOString(),
      update_time: new Date().toISOString(),
      supplementary_data: { related_ids: { order_id: order.id } },
      links: [
        { href: `${baseUrl}/v2/payments/captures/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${id}/refund`, rel: "refund", method: "POST" },
        { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
      ],
      clientId,
      refunded: 0,
    };
    captures.set(id, capture);
    unit.payments = { captures: [captureView(capture)] };
    order.status = "COMPLETED";
    order.payer = { email_address: "buyer@example.com", payer_id: "FAKEPAYER" };
    void emit(order, "PAYMENT.CAPTURE.COMPLETED", "capture", captureView(capture));
    return json(201, view(order));
  });

  function captureView(capture: Record<string, any>) {
    const { clientId: _c, refunded: _r, ...rest } = capture;
    return rest;
  }

  api("GET", "/v2/payments/captures/:id", ({ params }, clientId) => {
    const capture = captures.get(params.id!);
    return capture && capture.clientId === clientId
      ? json(200, captureView(capture))
      : paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  });

  api("POST", "/v2/payments/captures/:id/refund", async ({ params, body }, clientId) => {
    const capture = captures.get(params.id!);
    if (!capture || capture.clientId !== clientId)
      return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (capture.status === "REFUNDED")
      return paypalError(422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED");
    const whole = Math.round(Number(capture.amount.value) * 100);
    const input = body ? (JSON.parse(body) as Record<string, any>) : {};
    const amount = input.amount
      ? Math.round(Number(input.amount.value) * 100)
      : whole - capture.refunded;
    if (amount <= 0 || capture.refunded + amount > whole)
      return paypalError(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
    capture.refunded += amount;
    capture.status = capture.refunded >= whole ? "REFUNDED" : "PARTIALLY_REFUNDED";
    const id = fakeId("").toUpperCase().slice(0, 17);
    const refund = {
      id,
      status: "COMPLETED",
      amount: { currency_code: capture.amount.currency_code, value: (amount / 100).toFixed(2) },
      // What went back of the capture so far, every refund together (PayPal's refund breakdown).
      seller_payable_breakdown: {
        total_refunded_amount: {
          currency_code: capture.amount.currency_code,
          value: (capture.refunded / 100).toFixed(2),
        },
      },
      create_time: new Date().toISOString(),
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: "up", method: "GET" },
      ],
    };
    refunds.push({ ...refund, capture_id: capture.id });
    const order = orders.get(capture.supplementary_data.related_ids.order_id)!;
    void emit(order, "PAYMENT.CAPTURE.REFUNDED", "refund", refund);
    return json(201, refund);
  });

  api("POST", "/v1/notifications/verify-webhook-signature", ({ body }) => {
    const input = JSON.parse(body) as Record<string, any>;
    const sent = sentBodies.get(String(input.transmission_id));
    const message = `${input.transmission_id}|${input.transmission_time}|${input.webhook_id}|${sent === undefined ? "" : crc32(sent)}`;
    const verified =
      sent !== undefined &&
      input.auth_algo === "SHA256withRSA" &&
      isDeepStrictEqual(JSON.parse(sent), input.webhook_event) &&
      createVerify("sha256")
        .update(message)
        .verify(publicKey, String(input.transmission_sig), "base64");
    return json(200, { verification_status: verified ? "SUCCESS" : "FAILURE" });
  });

  router.add("GET", "/v1/notifications/certs/:id", () => ({
    status: 200,
    body: publicKey.export({ type: "spki", format: "pem" }).toString(),
    headers: { "content-type": "application/x-pem-file" },
  }));

  /** The buyer approves on PayPal's page: CHECKOUT.ORDER.APPROVED, back to the return URL. */
  async function approve(orderId: string) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status === "PAYER_ACTION_REQUIRED") {
      order.status = "APPROVED";
      order.payer = { email_address: "buyer@example.com", payer_id: "FAKEPAYER" };
      await emit(order, "CHECKOUT.ORDER.APPROVED", "checkout-order", view(order));
    }
    const back = new URL(order.returnUrl as string);
    back.searchParams.set("token", order.id);
    back.searchParams.set("PayerID", "FAKEPAYER");
    return back.toString();
  }

  router.add("GET", "/checkoutnow", ({ query }) => {
    const order = orders.get(query.get("token") ?? "");
    if (!order) return html("<h1>Unknown order</h1>");
    const amount = order.purchase_units[0].amount;
    return html(`<main><h1>Fake PayPal</h1><p>Pay <strong data-testid="total">${escapeHtml(`${amount.value} ${amount.currency_code}`)}</strong></p>
      <form method="post" action="/checkoutnow/${order.id}/approve"><button id="approve" type="submit">Approve</button></form>
      <form method="post" action="/checkoutnow/${order.id}/cancel"><button id="cancel" type="submit">Cancel</button></form></main>`);
  });
  router.add("POST", "/checkoutnow/:id/approve", async ({ params }) =>
    redirect(await approve(params.id!)),
  );
  router.add("POST", "/checkoutnow/:id/cancel", ({ params }) => {
    const order = orders.get(params.id!);
    if (!order) return html("<h1>Unknown order</h1>");
    const back = new URL((order.cancelUrl ?? order.returnUrl) as string);
    back.searchParams.set("token", order.id);
    return redirect(back.toString());
  });

  const subscriptions = addSubscriptionRoutes({
    router,
    api,
    emit,
    baseUrl: () => baseUrl,
    paypalError,
  });

  const server = await serve(router.handle, { port, log });
  baseUrl = server.url;
  return {
    ...server,
    webhooks,
    requests,
    webhookId,
    approve,
    ...subscriptions,
    order: (id: string) => {
      const order = orders.get(id);
      return order ? view(order) : undefined;
    },
    /** The refunds made of a capture, oldest first. */
    refundsOf: (captureId: string) => refunds.filter((refund) => refund.capture_id === captureId),
  };
}
export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
