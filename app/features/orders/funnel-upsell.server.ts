import { createHash } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import { chargeSavedCard } from "~/features/payments/payments.server";
import { priceCartLines } from "~/features/products/products.server";
import { AppError } from "~/platform/errors";
import type { OrderDeps } from "./order-jobs";
import type { OrderFunnelMark } from "./order-shapes";
import { confirmPaymentReturn } from "./payment-return.server";
import { beginPayment, placeOrder, type PlacedOrder } from "./place-order.server";
import { settlePayment } from "./settle-payment.server";
import { orderItemRows } from "./queries.server";
import { orderEvents, orderItems, orders } from "./tables.server";

/** The same order and offer always make the same checkout key: a second "yes" is the first. */
function upsellCheckoutKey(orderId: string, stepId: string) {
  const hex = createHash("sha256").update(`upsell:${orderId}:${stepId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type UpsellTaken =
  | { kind: "added"; order: { id: string; total: number } }
  | { kind: "charged"; order: { id: string; total: number } }
  | { kind: "placed"; placed: PlacedOrder };

/**
 * Issue 34: the buyer of a funnel's order says "yes" to an upsell step's offer. An unpaid
 * bank-transfer order takes it as one more line (one transfer pays both); otherwise it is an
 * order of its own on the same provider, carrying the upsell step: paid at once with the card
 * the first checkout kept where the provider allows (Stripe: one click, no card entered again),
 * else its payment starts on the provider's page. Only the order's own buyer may, once per offer.
 */
export async function takeUpsell(
  deps: OrderDeps,
  {
    accountId,
    viewer,
    orderId,
    upsell,
    origin,
    thanksPath,
    now = new Date(),
  }: {
    accountId: string;
    viewer: Viewer | null;
    orderId: string;
    upsell: { funnelId: string; stepId: string; productId: string; priceId: string | null };
    origin: string;
    thanksPath: string;
    now?: Date;
  },
): Promise<UpsellTaken> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const added = await deps.database.forAccount(accountId, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
      .for("update");
    if (!order || order.userId !== viewer.user.id || order.funnel?.funnelId !== upsell.funnelId)
      throw new AppError({ code: "order.notFound" });
    const mark = order.funnel;
    if (mark.upsells?.some((one) => one.stepId === upsell.stepId))
      return { order, mark, already: true };
    if (order.provider !== "offline" || order.status !== "pending")
      return { order, mark, already: false, separate: true };
    const [line] = await priceCartLines(tx, {
      accountId,
      lines: [{ id: upsell.productId, priceId: upsell.priceId ?? undefined, quantity: 1 }],
      currency: order.currency,
      now,
    });
    // A subscription cannot ride on a one-off transfer: it gets an order of its own.
    if (!line || line.billing !== "one_time")
      return { order, mark, already: false, separate: true };
    const [lines] = await tx
      .select({ n: count() })
      .from(orderItems)
      .where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, order.id)));
    await tx.insert(orderItems).values(
      orderItemRows(accountId, order.id, [line]).map((row) => ({
        ...row,
        position: lines?.n ?? 0,
      })),
    );
    const amount = line.unitAmount * line.quantity;
    const [changed] = await tx
      .update(orders)
      .set({
        subtotal: order.subtotal + amount,
        total: order.total + amount,
        funnel: { ...mark, upsells: [...(mark.upsells ?? []), { stepId: upsell.stepId, amount }] },
      })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, order.id)))
      .returning();
    await tx.insert(orderEvents).values({
      accountId,
      orderId: order.id,
      toStatus: "pending",
      cause: "funnel:upsell",
      createdAt: now,
    });
    return { order: changed!, mark, already: false };
  });
  if (!("separate" in added) || !added.separate)
    return { kind: "added", order: { id: added.order.id, total: added.order.total } };
  const funnel: OrderFunnelMark = {
    funnelId: upsell.funnelId,
    stepId: upsell.stepId,
    visitor: added.mark.visitor,
  };
  // Back from Stripe before its webhook: the return settles the first order now, as /thankyou
  // would, so its kept card can be charged.
  const earlier =
    added.order.provider === "stripe" &&
    added.order.status === "pending" &&
    added.order.providerRef?.startsWith("cs_")
      ? await confirmPaymentReturn(deps, {
          accountId,
          viewer,
          orderId: added.order.id,
          payload: { session_id: added.order.providerRef },
        })
      : added.order;
  const placed = await placeOrder(deps, {
    accountId,
    currency: earlier.currency,
    viewer,
    origin,
    now,
    funnel,
    thanksPath,
    // Paid by card: the card it kept is charged once the order is written, if it can be.
    deferPayment: true,
    input: {
      lines: [{ id: upsell.productId, priceId: upsell.priceId ?? undefined, quantity: 1 }],
      provider: earlier.provider === "manual" ? "offline" : earlier.provider,
      currency: earlier.currency,
      checkoutKey: upsellCheckoutKey(earlier.id, upsell.stepId),
    },
  });
  const { order } = placed;
  if (order.status !== "pending") return { kind: "placed", placed };
  if (order.paymentStart) return { kind: "placed", placed: { order, start: placed.start } };
  const oneClick =
    order.provider === "stripe" &&
    earlier.providerRef?.startsWith("cs_") &&
    (earlier.status === "paid" || earlier.status === "fulfilled")
      ? await chargeSavedCard(deps, {
          accountId,
          provider: "stripe",
          charge: {
            accountId,
            orderId: order.id,
            orderNumber: order.number,
            currency: order.currency,
            amount: order.total,
            earlierRef: earlier.providerRef,
          },
        })
      : null;
  if (oneClick) {
    const paid = await deps.database.forAccount(accountId, (tx) =>
      settlePayment(tx, {
        jobs: deps.jobs,
        order,
        outcome: "paid",
        cause: "funnel:oneClick",
        paymentRef: oneClick.paymentRef,
        now,
      }),
    );
    return { kind: "charged", order: { id: paid.id, total: paid.total } };
  }
  const start = await beginPayment(deps, { order, origin, thanksPath });
  return { kind: "placed", placed: { order, start } };
}
