// A manager's refund in three steps (decision 032): the amount reserved under the order's lock,
// the provider asked outside any transaction, the order settled. The reservation's transaction
// also enqueues `orders.refund-check` a few minutes on, so a process that dies between the
// reservation and the provider's answer leaves a job that finishes the refund or gives the
// reservation back; it is idempotent, so the request having done everything is no harm.
import { and, eq, ne, sql } from "drizzle-orm";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import {
  endSubscriptionAtProvider,
  providerRefused,
  refundPayment,
} from "~/features/payments/payments.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { ORDER_REFUND_CHECK_JOB, type OrderDeps } from "./order-jobs";
import { lockOrder, orderById, type OrderRow } from "./queries.server";
import { partlyRefundedEvent } from "./order-machine.server";
import { settlePayment } from "./settle-payment.server";
import { orderEvents, orders, subscriptions } from "./tables.server";

/** How long a refund's request has to finish before its check asks the provider again. */
export const REFUND_CHECK_AFTER_SECONDS = 5 * 60;
/**
 * A check that cannot reach its provider tries again, a minute later then doubling up to an
 * hour: about fifteen hours in all, inside the day Stripe keeps an idempotency key (after it,
 * the same key could make a second refund), before the job fails (kept, with its error).
 */
const REFUND_CHECK_RETRIES = 20;
const REFUND_CHECK_RETRY_DELAY_SECONDS = 60;

type SubscriptionRow = typeof subscriptions.$inferSelect;

export type Reservation = {
  order: OrderRow;
  give: number;
  /** The history line that holds the amount; null when nothing is reserved (a free order). */
  eventId: string | null;
  completes: boolean;
  subs: SubscriptionRow[];
  before: number;
  refundKey: string;
};

/** What the check job carries: enough to ask the provider again with the very same key. */
export type RefundCheck = {
  accountId: string;
  orderId: string;
  eventId: string;
  amount: number;
  before: number;
  refundKey: string;
};

export function refundCheckData(data: Record<string, unknown>): RefundCheck {
  const { accountId, orderId, eventId, amount, before, refundKey } = data;
  if (
    typeof accountId !== "string" ||
    typeof orderId !== "string" ||
    typeof eventId !== "string" ||
    typeof refundKey !== "string" ||
    !Number.isInteger(amount) ||
    !Number.isInteger(before)
  )
    throw new TypeError("a refund check needs its order, history line, amount, sum and key");
  return {
    accountId,
    orderId,
    eventId,
    refundKey,
    amount: amount as number,
    before: before as number,
  };
}

/** A subscription of the order (a renewal: the one it paid for) that still runs somewhere. */
export function liveSubscriptionsOf(tx: Tx, order: OrderRow) {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, order.accountId),
        order.renewalOf
          ? eq(subscriptions.id, order.renewalOf)
          : eq(subscriptions.orderId, order.id),
        ne(subscriptions.status, "ended"),
      ),
    );
}

/**
 * Reserves a manager's refund under the order's lock: `refunded` grows by the amount, the
 * history records it (cause `manager:<id>`, the amount) and the refund's check is enqueued, all
 * in one transaction. Refused (nothing changes): an order not paid, more than is left, nothing
 * left. The refund key names the order, the sum before and the amount: asked again, it is the
 * same refund at the provider.
 */
export async function reserveRefund(
  { database, jobs }: OrderDeps,
  {
    accountId,
    viewer,
    orderId,
    amount,
    now = new Date(),
    sellerCause,
  }: {
    accountId: string;
    viewer: Viewer | null;
    orderId: string;
    amount?: number;
    now?: Date;
    /**
     * A refund the site owes by its own rule, not a person's command (a booked session
     * cancelled, decision 078): its history line's cause; no viewer is asked for.
     */
    sellerCause?: string;
  },
): Promise<Reservation> {
  if (!sellerCause) requireCapability(viewer, "manage_options");
  return database.forAccount(accountId, async (tx) => {
    const order = await lockOrder(tx, { accountId, id: orderId });
    if (!order) throw new AppError({ code: "order.notFound" });
    if (order.status !== "paid" && order.status !== "fulfilled")
      throw new AppError({ code: "order.transitionRefused" });
    const left = order.total - order.refunded;
    if (amount !== undefined && amount > left)
      throw new AppError({ code: "order.refundTooLarge", details: { left } });
    const give = amount ?? left;
    // Everything left is already being refunded by another request.
    if (order.total > 0 && give <= 0) throw new AppError({ code: "order.transitionRefused" });
    const completes = order.refunded + give >= order.total;
    const subs = completes ? await liveSubscriptionsOf(tx, order) : [];
    const before = order.refunded;
    const refundKey = `${order.id}:${before}:${give}`;
    const reservation = { order, give, eventId: null, completes, subs, before, refundKey };
    if (give === 0) return reservation;
    const [row] = await tx
      .update(orders)
      .set({ refunded: order.refunded + give })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
      .returning();
    const [event] = await tx
      .insert(orderEvents)
      .values({
        accountId,
        orderId,
        fromStatus: order.status,
        toStatus: order.status,
        cause: sellerCause ?? `manager:${viewer!.user.id}`,
        amount: give,
        createdAt: now,
      })
      .returning({ id: orderEvents.id });
    const check: RefundCheck = {
      accountId,
      orderId,
      eventId: event!.id,
      amount: give,
      before,
      refundKey,
    };
    await jobs.send(tx, ORDER_REFUND_CHECK_JOB, check, {
      singletonKey: event!.id,
      startAfterSeconds: REFUND_CHECK_AFTER_SECONDS,
      retryLimit: REFUND_CHECK_RETRIES,
      retryDelaySeconds: REFUND_CHECK_RETRY_DELAY_SECONDS,
    });
    return { ...reservation, order: row!, eventId: event!.id };
  });
}

/**
 * A refund the provider refused: its reservation is given back (the sum and its history line),
 * unless the order was refunded meanwhile (the provider's webhook said it was, after all) or it
 * was given back already (the request and its check both heard the refusal): the line is
 * deleted first, and only a line that was there takes its amount off. A failure here is logged;
 * the provider's refusal is what the manager is told.
 */
export async function releaseRefund(
  { database, logger }: OrderDeps,
  {
    accountId,
    orderId,
    eventId,
    give,
  }: { accountId: string; orderId: string; eventId: string; give: number },
): Promise<void> {
  try {
    await database.forAccount(accountId, async (tx) => {
      const order = await lockOrder(tx, { accountId, id: orderId });
      if (!order || (order.status !== "paid" && order.status !== "fulfilled")) return;
      const released = await tx
        .delete(orderEvents)
        .where(and(eq(orderEvents.accountId, accountId), eq(orderEvents.id, eventId)))
        .returning({ id: orderEvents.id });
      if (released.length === 0) return;
      await tx
        .update(orders)
        .set({ refunded: sql`greatest(${orders.refunded} - ${give}, 0)` })
        .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "a refused refund's reservation was not given back");
  }
}

/**
 * The provider's part of a reserved refund: the subscriptions of an order refunded whole end at
 * their provider first (no subscription charging someone given everything back), then the money
 * goes back under the refund's key. A failure gives the reservation back and throws; with
 * `onlyRefusals` (the check), only the provider's own "no" does, and a provider out of reach
 * keeps the reservation for the next try.
 */
export async function refundAtProvider(
  deps: OrderDeps,
  r: Pick<Reservation, "order" | "give" | "subs" | "refundKey"> & { eventId: string | null },
  { onlyRefusals = false }: { onlyRefusals?: boolean } = {},
): Promise<void> {
  const { accountId } = r.order;
  try {
    for (const sub of r.subs)
      if (sub.providerRef)
        await endSubscriptionAtProvider(deps, {
          accountId,
          provider: sub.provider,
          subscriptionRef: sub.providerRef,
        });
    if (r.give > 0)
      await refundPayment(deps, {
        accountId,
        order: r.order,
        amount: r.give,
        refundKey: r.refundKey,
      });
  } catch (error) {
    if (r.eventId && (!onlyRefusals || providerRefused(error)))
      await releaseRefund(deps, {
        accountId,
        orderId: r.order.id,
        eventId: r.eventId,
        give: r.give,
      });
    throw error;
  }
}

/** The last step: a refund that reached the total refunds the order (once: a conditional move). */
export async function settleRefund(
  { database, jobs }: OrderDeps,
  {
    accountId,
    orderId,
    completes,
    cause,
    now,
  }: { accountId: string; orderId: string; completes: boolean; cause: string; now: Date },
): Promise<OrderRow> {
  return database.forAccount(accountId, async (tx) => {
    const current = await lockOrder(tx, { accountId, id: orderId });
    if (!current) throw new AppError({ code: "order.notFound" });
    if (!completes) {
      // The part is back with the buyer (the request and its check may both say so: same sum).
      await partlyRefundedEvent(tx, current, now);
      return current;
    }
    return settlePayment(tx, { jobs, order: current, outcome: "refunded", cause, now });
  });
}

export type RefundCheckOutcome = "released" | "done" | "refunded" | "confirmed" | "refused";

/**
 * The check of a reserved refund, a few minutes after it (`orders.refund-check`). The request
 * may have died after the reservation, after the provider's answer, or finished everything;
 * the check may run twice. So:
 * - the history line is gone: the reservation was given back (a refusal), nothing to do;
 * - the order is no longer paid or fulfilled: refunded meanwhile, nothing to do;
 * - else the provider is asked again with the same refund key (one refund there, whatever the
 *   request did), and the order settled as the request would have (refunded once, when the
 *   refund reached its total); a refusal gives the reservation back; a provider out of reach
 *   (no answer, 5xx, busy) throws, and the queue asks again later with the reservation kept.
 */
export async function checkRefund(
  deps: OrderDeps,
  check: RefundCheck & { now?: Date },
): Promise<RefundCheckOutcome> {
  const { accountId, orderId, eventId, amount, before, refundKey, now = new Date() } = check;
  const found = await deps.database.forAccount(accountId, async (tx) => {
    const order = await orderById(tx, { accountId, id: orderId });
    const [line] = await tx
      .select({ cause: orderEvents.cause })
      .from(orderEvents)
      .where(and(eq(orderEvents.accountId, accountId), eq(orderEvents.id, eventId)));
    if (!order || !line) return null;
    const completes = before + amount >= order.total;
    const subs = completes ? await liveSubscriptionsOf(tx, order) : [];
    return { order, cause: line.cause, completes, subs };
  });
  if (!found) return "released";
  const { order, cause, completes, subs } = found;
  if (order.status !== "paid" && order.status !== "fulfilled") return "done";
  try {
    await refundAtProvider(
      deps,
      { order, give: amount, subs, refundKey, eventId },
      { onlyRefusals: true },
    );
  } catch (error) {
    if (providerRefused(error)) return "refused";
    throw error;
  }
  const settled = await settleRefund(deps, { accountId, orderId, completes, cause, now });
  return completes && settled.status === "refunded" ? "refunded" : "confirmed";
}
