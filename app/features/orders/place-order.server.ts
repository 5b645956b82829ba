import { and, eq, inArray } from "drizzle-orm";
import { checkCoupon, discountFor } from "~/features/coupons/coupons.server";
import type { Viewer } from "~/features/members/members.server";
import {
  checkCart,
  enabledProviders,
  startPayment,
  type PaymentStart,
  type StartItem,
} from "~/features/payments/payments.server";
import { priceCartLines, productsHeld } from "~/features/products/products.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { OrderDeps } from "./order-jobs";
import { couponRefusalCode, holdCoupon } from "./order-coupons.server";
import { settlePayment } from "./settle-payment.server";
import { chargeSplit, type OrderFunnelMark } from "./order-shapes";
import {
  orderByCheckoutKey,
  orderItemRows,
  type OrderItemRow,
  type OrderRow,
} from "./queries.server";
import { orderEvents, orderItems, orders, subscriptions } from "./tables.server";
import type { CheckoutInput } from "./validation";

type LineTerms = Pick<
  OrderItemRow,
  "title" | "amount" | "quantity" | "billing" | "frequency" | "trialDays" | "iterations"
>;

/**
 * The lines as the provider is asked for them: a subscription's or instalments' line opens a
 * subscription there (its trial and its count of payments included).
 */
function startItems(lines: LineTerms[]): StartItem[] {
  return lines.map((item) => ({
    title: item.title,
    amount: item.amount,
    quantity: item.quantity,
    recurring:
      item.billing !== "one_time" && item.frequency
        ? {
            interval: item.frequency.parameter,
            intervalCount: item.frequency.value,
            trialDays: item.trialDays,
            iterations: item.iterations,
          }
        : null,
  }));
}

export type PlacedOrder = { order: OrderRow; start: PaymentStart | null };

/**
 * The cart priced on the server, its coupon checked (a refusal throws its toast's code). The
 * checkout and its quote (`quoteCheckout`) both price here, so the summary a buyer reads and
 * the order written are one computation.
 */
export async function priceOrder(
  tx: Tx,
  {
    accountId,
    userId,
    input,
    currency,
    now,
  }: {
    accountId: string;
    /** Null for a visitor not yet signed in: per-person coupon limits wait for the order. */
    userId: string | null;
    input: Pick<CheckoutInput, "lines" | "coupon">;
    currency: string;
    now: Date;
  },
) {
  const lines = await priceCartLines(tx, { accountId, lines: input.lines, currency, now });
  const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (!input.coupon) return { lines, subtotal, discount: 0, coupon: null };
  const check = await checkCoupon(tx, { accountId, name: input.coupon, userId, now });
  if (check.status !== "valid") throw new AppError({ code: couponRefusalCode[check.status] });
  const discount = discountFor({
    coupon: check.coupon,
    lines: lines.map((line) => ({
      productId: line.productId,
      amount: line.unitAmount * line.quantity,
    })),
    currency,
  });
  return { lines, subtotal, discount: Math.min(discount, subtotal), coupon: check.coupon };
}

/** What an order of these priced lines records at `provider`: `chargeSplit`, the one rule. */
export const orderSplit = (
  provider: string,
  lines: Awaited<ReturnType<typeof priceOrder>>["lines"],
  discount: number,
) =>
  chargeSplit({
    provider,
    lines: lines.map((line) => ({ ...line, amount: line.unitAmount })),
    discount,
  });

/**
 * C5: turns a signed-in member's cart into a pending order, once per checkout key, then asks the
 * chosen provider how the browser pays. The order is written before the provider is called, so
 * a crash in between leaves a pending order that the same checkout, sent again, resumes; an
 * order that costs nothing (a 100 % coupon) is paid at once and fulfilled by the queue.
 */
export async function placeOrder(
  deps: OrderDeps,
  {
    accountId,
    currency: shopCurrency,
    viewer,
    input,
    origin,
    now = new Date(),
    seller = {},
    referral = null,
    funnel = null,
    thanksPath = "/thankyou",
    deferPayment = false,
  }: {
    accountId: string;
    /** The site's own currency, used when the checkout names none. */
    currency: string;
    viewer: Viewer | null;
    input: CheckoutInput;
    origin: string;
    now?: Date;
    /** The seller's own terms, never a buyer's input: the platform selling plans (billing). */
    seller?: SellerTerms;
    /** The affiliate's link the buyer came through (their cookie): affiliates pays on it. */
    referral?: { code: string; at: string } | null;
    /** The funnel step that sells it (decision 063): its report counts the order. */
    funnel?: OrderFunnelMark | null;
    /** Where the paid buyer lands (`?order=` added): a funnel's next step, else /thankyou. */
    thanksPath?: string;
    /** Write the order and stop: the caller pays it (a one-click upsell) or `beginPayment`s. */
    deferPayment?: boolean;
  },
): Promise<PlacedOrder> {
  const { database, jobs } = deps;
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.membership) throw new AppError({ code: "auth.forbidden" });
  const userId = viewer.user.id;
  const currency = input.currency ?? shopCurrency;
  const placed = await database.forAccount(accountId, async (tx) => {
    const existing = await orderByCheckoutKey(tx, { accountId, checkoutKey: input.checkoutKey });
    if (existing) {
      if (existing.userId !== userId) throw new AppError({ code: "order.notFound" });
      return existing;
    }
    const priced = await priceOrder(tx, { accountId, userId, input, currency, now });
    await refuseHeld(tx, {
      accountId,
      userId,
      productIds: priced.lines.map((l) => l.productId),
      now,
    });
    if (seller.trialDays !== undefined)
      priced.lines = priced.lines.map((line) =>
        line.billing === "subscription" ? { ...line, trialDays: seller.trialDays! } : line,
      );
    // A credit (an upgrade's unused time) lowers what is paid, never below nothing.
    const credit = Math.min(Math.max(seller.credit ?? 0, 0), priced.subtotal - priced.discount);
    const discount = priced.discount + credit;
    const { total, dueLater } = orderSplit(input.provider, priced.lines, discount);
    const free = total + dueLater === 0;
    if (!free && !(await enabledProviders(tx, { accountId, currency })).includes(input.provider))
      throw new AppError({ code: "payment.providerUnavailable" });
    if (!free)
      checkCart(
        input.provider,
        startItems(priced.lines.map((line) => ({ ...line, amount: line.unitAmount }))),
      );
    const [order] = await tx
      .insert(orders)
      .values({
        accountId,
        userId,
        email: viewer.user.email,
        coupon: priced.coupon?.name ?? null,
        couponId: priced.coupon?.id ?? null,
        currency,
        subtotal: priced.subtotal,
        discount,
        total,
        dueLater,
        provider: free ? "manual" : input.provider,
        checkoutKey: input.checkoutKey,
        referral,
        funnel,
        reference: input.reference ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Two tabs racing with one key: the loser reads the winner's order.
    if (!order)
      return (await orderByCheckoutKey(tx, { accountId, checkoutKey: input.checkoutKey }))!;
    // The coupon's use is taken before its lines are written: a refusal rolls the order back.
    await holdCoupon(tx, order, now);
    await tx.insert(orderItems).values(orderItemRows(accountId, order.id, priced.lines));
    await tx.insert(orderEvents).values({
      accountId,
      orderId: order.id,
      toStatus: "pending",
      cause: "checkout",
      createdAt: now,
    });
    if (free)
      return settlePayment(tx, { jobs, order, outcome: "paid", cause: "checkout:free", now });
    return order;
  });
  if (placed.status !== "pending" || deferPayment) return { order: placed, start: null };
  if (placed.paymentStart) return { order: placed, start: placed.paymentStart as PaymentStart };
  return {
    order: placed,
    start: await beginPayment(deps, {
      order: placed,
      origin,
      seller,
      thanksPath,
      saveCard: funnel !== null,
    }),
  };
}

/**
 * Issue 31 (decision 041): a course or level the person already holds is not sold again. Held
 * for good (no end), or for a time a live subscription renews by itself (decision 033), it is
 * `cart.alreadyOwned`; held for a time nothing renews (a fixed-term pass, a subscription asked
 * to stop), buying again is the next term and goes through.
 */
async function refuseHeld(
  tx: Tx,
  {
    accountId,
    userId,
    productIds,
    now,
  }: { accountId: string; userId: string; productIds: string[]; now: Date },
): Promise<void> {
  const held = await productsHeld(tx, { accountId, userId, productIds, now });
  if (held.some((one) => one.forGood)) throw new AppError({ code: "cart.alreadyOwned" });
  if (held.length === 0) return;
  const [renewing] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        eq(subscriptions.userId, userId),
        inArray(
          subscriptions.productId,
          held.map((one) => one.productId),
        ),
        inArray(subscriptions.status, ["trialing", "active", "past_due"]),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  if (renewing) throw new AppError({ code: "cart.alreadyOwned" });
}

/**
 * Where a seller other than the host's site sends the buyer and the provider: the platform's
 * plans are paid from a site's dashboard, return there, and their webhooks reach the platform.
 */
export type SellerTerms = {
  credit?: number;
  /** Days before a subscription's first charge, in place of its price's trial (a deferred start). */
  trialDays?: number;
  successUrl?: string;
  cancelUrl?: string;
  webhookOrigin?: string;
};

/** Asks the provider for a payment and keeps its reference and the browser's part on the order. */
export async function beginPayment(
  deps: OrderDeps,
  {
    order,
    origin,
    seller = {},
    thanksPath,
    saveCard = false,
  }: {
    order: OrderRow;
    origin: string;
    seller?: SellerTerms;
    thanksPath: string;
    saveCard?: boolean;
  },
): Promise<PaymentStart> {
  const { database } = deps;
  const { accountId } = order;
  const items = await database.forAccount(accountId, (tx) =>
    tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, order.id))),
  );
  const thanks = seller.successUrl ?? `${origin}${thanksPath}?order=${order.id}`;
  const start = await startPayment(deps, {
    accountId,
    provider: order.provider as Exclude<OrderRow["provider"], "manual">,
    input: {
      accountId,
      orderId: order.id,
      orderNumber: order.number,
      currency: order.currency,
      // The cart's first period after its discount: each provider splits it into what it
      // charges now and what waits for a trial, as the order's total and due_later record.
      total: order.total + order.dueLater,
      items: startItems(items),
      email: order.email,
      successUrl: thanks,
      cancelUrl: seller.cancelUrl ?? `${origin}/checkout?cancelled=${order.id}`,
      webhookUrl: `${seller.webhookOrigin ?? origin}/api/payments/webhooks/${order.provider}`,
      saveCard,
    },
  });
  await database.forAccount(accountId, (tx) =>
    tx
      .update(orders)
      .set({
        providerRef: start.providerRef,
        paymentStart: start as unknown as Record<string, unknown>,
      })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, order.id))),
  );
  return start;
}
