import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Tenant } from "~/features/accounts/accounts";
import { asPlatformAccount } from "~/features/accounts/accounts.server";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import { emailPattern } from "~/platform/patterns";
import type { Env } from "~/platform/env.server";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import type { Storage } from "~/platform/storage/storage.server";
import { downloadResponse } from "./downloads.server";
import { platformManager } from "./platform-shop.server";
import type { OrderFunnelMark } from "./order-shapes";
import { subscriptionBillingPage } from "./subscription-billing.server";
import { orderView } from "./order-view.server";
import { shopCurrency } from "./shop-currency";
import {
  cancelOrder,
  confirmOfflinePayment,
  recordManualOrder,
  refundOrder,
} from "./manage-order.server";
import type { OrderDeps } from "./order-jobs";
import { placeOrder } from "./place-order.server";
import { confirmPaymentReturn } from "./payment-return.server";
import { quoteCheckout } from "./checkout-quote.server";
import { checkoutInputSchema, checkoutQuoteSchema } from "./validation";

type OrdersApiEnv = {
  Variables: {
    tenant: Tenant;
    viewer: Viewer | null;
    facts: { origin: string; clientIp: string };
  };
};

/**
 * Quotes per client address: the cart modal and the checkout ask once per change of the cart;
 * a quote checks a coupon too, so guessing codes through it stops like the coupon check does.
 */
export const checkoutQuoteLimits = { points: 60, duration: 10 * 60 };

/**
 * Checkouts started (orders placed, each opening a provider's session) per person and per client
 * address in 10 minutes (issue 31 point 8: one member had started 917 in 20 s). The budgets are
 * the environment's CHECKOUT_LIMIT_PER_PERSON and CHECKOUT_LIMIT_PER_ADDRESS.
 */
export const CHECKOUT_WINDOW_SECONDS = 10 * 60;

type CheckoutLimitSettings = Pick<Env, "CHECKOUT_LIMIT_PER_PERSON" | "CHECKOUT_LIMIT_PER_ADDRESS">;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const manualOrderSchema = z
  .object({
    userEmail: z.string().trim().max(320).regex(emailPattern),
    productIds: z.array(z.string().uuid()).min(1).max(20),
  })
  .strict();
/** A refund: of `amount` minor units, or without it of all that is left of the order. */
const refundSchema = z
  .object({ amount: z.number().int().min(1).max(2_147_483_647).optional() })
  .strict();
const returnSchema = z
  .object({ payload: z.record(z.string().max(100), z.string().max(2000)) })
  .strict();

async function jsonObject(c: Context<OrdersApiEnv>): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body as Record<string, unknown>;
}

/** The account a request is for, with the currency its shop sells in. */
function site(c: Context<OrdersApiEnv>) {
  const tenant = c.var.tenant;
  if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
  c.header("Cache-Control", "no-store");
  return {
    accountId: tenant.account.accountId,
    currency: shopCurrency(tenant.account),
  };
}

/**
 * The managers' commands act on the host's shop, or with `?scope=platform` on the platform's
 * own (super-admins, from the console: the orders of the plans it sells), where a super-admin
 * is the shop's manager.
 */
function managedShop(c: Context<OrdersApiEnv>) {
  if (c.req.query("scope") !== "platform") return { ...site(c), viewer: c.var.viewer };
  c.header("Cache-Control", "no-store");
  return asPlatformAccount(c.var.viewer, ({ accountId }) => ({
    accountId,
    currency: "USD",
    viewer: platformManager(c.var.viewer!, accountId),
  }));
}

function orderIdOf(c: Context<OrdersApiEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!uuid.test(id)) throw new AppError({ code: "order.notFound" });
  return id;
}

/**
 * C5 and the order commands: the checkout (`POST /api/checkout`), a provider's return to the
 * site (`POST /api/checkout/:id/return`, PayPal's approval and Razorpay's handler), an order's
 * state for its buyer (`GET /api/orders/:id`, polled by /thankyou), and the managers' commands.
 */
export function ordersApi(
  deps: OrderDeps & {
    storage: Storage;
    rateLimits: RateLimits;
    env: CheckoutLimitSettings;
    /**
     * Who referred the buyer, as their request tells (the affiliates' cookie): kept on the order.
     * Given by the server, so orders imports no affiliates.
     */
    referralOf?: (headers: Headers) => { code: string; at: string } | null;
    /**
     * A funnel's checkout step as the request names it (the step, the visitor's cookie): what
     * the order carries and where its buyer lands. Given by the server, as `referralOf`.
     */
    funnelOf?: (place: {
      accountId: string;
      stepId: string;
      headers: Headers;
    }) => Promise<{ mark: OrderFunnelMark; thanksPath: string } | null>;
  },
) {
  const api = new Hono<OrdersApiEnv>();
  const { database, rateLimits, env } = deps;
  const quoteLimiter = rateLimits.create("checkout-quote", checkoutQuoteLimits);
  const checkoutsPerPerson = rateLimits.create("checkout-person", {
    points: env.CHECKOUT_LIMIT_PER_PERSON,
    duration: CHECKOUT_WINDOW_SECONDS,
  });
  const checkoutsPerAddress = rateLimits.create("checkout-address", {
    points: env.CHECKOUT_LIMIT_PER_ADDRESS,
    duration: CHECKOUT_WINDOW_SECONDS,
  });

  // Anyone on the site: the summary is shown before the buyer signs in at the checkout.
  api.post("/checkout/quote", async (c) => {
    const { accountId, currency } = site(c);
    await quoteLimiter.take(addressKey(c.var.facts.clientIp));
    const input = checkoutQuoteSchema.parse(await jsonObject(c));
    return c.json(
      await quoteCheckout(database, { accountId, currency, viewer: c.var.viewer, input }),
    );
  });

  api.post("/checkout", async (c) => {
    const { accountId, currency } = site(c);
    const input = checkoutInputSchema.parse(await jsonObject(c));
    // Counted before anything is placed: a refused checkout opens no provider session.
    await checkoutsPerAddress.take(addressKey(c.var.facts.clientIp));
    const viewer = c.var.viewer;
    if (viewer) await checkoutsPerPerson.take(`user:${viewer.user.id}`);
    const funnel = input.funnel
      ? await deps.funnelOf?.({ accountId, stepId: input.funnel, headers: c.req.raw.headers })
      : null;
    const { order, start } = await placeOrder(deps, {
      accountId,
      currency,
      viewer: c.var.viewer,
      input,
      origin: c.var.facts.origin,
      referral: deps.referralOf?.(c.req.raw.headers) ?? null,
      funnel: funnel?.mark ?? null,
      thanksPath: funnel?.thanksPath,
    });
    return c.json({ order: { id: order.id, number: order.number, status: order.status }, start });
  });

  api.post("/checkout/:id/return", async (c) => {
    const { accountId } = site(c);
    const { payload } = returnSchema.parse(await jsonObject(c));
    const order = await confirmPaymentReturn(deps, {
      accountId,
      viewer: c.var.viewer,
      orderId: orderIdOf(c),
      payload,
    });
    return c.json({ order: { id: order.id, status: order.status } });
  });

  api.get("/orders/:id", async (c) => {
    const { accountId } = site(c);
    return c.json(
      await orderView(database, { accountId, viewer: c.var.viewer, orderId: orderIdOf(c) }),
    );
  });

  const command = (run: typeof confirmOfflinePayment) => async (c: Context<OrdersApiEnv>) => {
    const { accountId, viewer } = managedShop(c);
    await jsonObject(c);
    const order = await run(deps, { accountId, viewer, orderId: orderIdOf(c) });
    return c.json({ order: { id: order.id, status: order.status } });
  };
  api.get("/downloads/:mediaId", async (c) => {
    const mediaId = c.req.param("mediaId");
    if (!uuid.test(mediaId)) throw new AppError({ code: "route.notFound" });
    return downloadResponse(deps, { ...site(c), viewer: c.var.viewer, mediaId });
  });
  api.post("/subscriptions/:id/billing-page", async (c) => {
    const { accountId } = site(c);
    await jsonObject(c);
    const url = await subscriptionBillingPage(deps, {
      accountId,
      viewer: c.var.viewer,
      subscriptionId: orderIdOf(c),
      returnUrl: `${c.var.facts.origin}/dashboard/orders`,
    });
    return c.json({ url });
  });
  api.post("/orders/:id/confirm", command(confirmOfflinePayment));
  api.post("/orders/:id/refund", async (c) => {
    const { accountId, viewer } = managedShop(c);
    requireCapability(viewer, "manage_options");
    const { amount } = refundSchema.parse(await jsonObject(c));
    const order = await refundOrder(deps, { accountId, viewer, orderId: orderIdOf(c), amount });
    return c.json({ order: { id: order.id, status: order.status, refunded: order.refunded } });
  });
  api.post("/orders/:id/cancel", command(cancelOrder));

  api.post("/orders", async (c) => {
    const { accountId, currency, viewer } = managedShop(c);
    const input = manualOrderSchema.parse(await jsonObject(c));
    const order = await recordManualOrder(deps, {
      accountId,
      currency,
      viewer,
      ...input,
    });
    return c.json({ order: { id: order.id, number: order.number, status: order.status } }, 201);
  });

  return api;
}
