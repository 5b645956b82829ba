import { confirmReturn } from "~/features/payments/payments.server";
import { paymentEvents } from "~/features/payments/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import type { OrderDeps } from "./order-jobs";
import { lockOrder, orderById, type OrderRow } from "./queries.server";
import { isPaymentOutcome, settlePayment } from "./settle-payment.server";

/**
 * The buyer's browser back from the provider (PayPal's approval, Razorpay's handler result):
 * the provider's answer is checked by its adapter (a capture, a signature), kept in the webhook
 * inbox under the provider's own id, and applied at once, so /thankyou shows the paid order
 * without waiting for the webhook, which later finds the event already applied.
 */
export async function confirmPaymentReturn(
  deps: OrderDeps,
  {
    accountId,
    viewer,
    orderId,
    payload,
    now = new Date(),
  }: {
    accountId: string;
    viewer: Viewer | null;
    orderId: string;
    payload: Record<string, string>;
    now?: Date;
  },
): Promise<OrderRow> {
  const { database, jobs } = deps;
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const order = await database.forAccount(accountId, (tx) =>
    orderById(tx, { accountId, id: orderId }),
  );
  if (!order || order.userId !== viewer.user.id) throw new AppError({ code: "order.notFound" });
  if (order.provider === "offline" || order.provider === "manual" || order.status !== "pending")
    return order;
  const event = await confirmReturn(deps, { accountId, order, payload });
  const outcome = event?.kind;
  if (!event || !outcome || !isPaymentOutcome(outcome)) return order;
  return database.forAccount(accountId, async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        accountId,
        provider: order.provider as (typeof paymentEvents.$inferInsert)["provider"],
        eventId: event.eventId,
        type: event.kind,
        providerRef: event.providerRef,
        payload: { ...event.raw, paymentRef: event.paymentRef ?? null, via: "return" },
        processedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    const current = (await lockOrder(tx, { accountId, id: orderId }))!;
    if (inserted.length === 0) return current;
    return settlePayment(tx, {
      jobs,
      order: current,
      outcome,
      cause: `${order.provider}:${event.eventId}`,
      paymentRef: event.paymentRef,
      now,
    });
  });
}
