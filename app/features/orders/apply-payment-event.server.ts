import { and, eq } from "drizzle-orm";
import { paymentEvents } from "~/features/payments/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { JobSender } from "./order-jobs";
import { orderByProviderRef } from "./queries.server";
import { applySubscriptionNews, OrderNotYetKnown, type SubscriptionNews } from "./renewals.server";
import { settlePayment, type PaymentOutcome } from "./settle-payment.server";

const outcomes: readonly string[] = ["paid", "failed", "cancelled", "refunded"];

export type PaymentEventJob = { accountId: string; provider: string; eventId: string };

export function paymentEventJob(data: Record<string, unknown>): PaymentEventJob {
  const { accountId, provider, eventId } = data;
  if (typeof accountId !== "string" || typeof provider !== "string" || typeof eventId !== "string")
    throw new TypeError("a payment event job needs accountId, provider and eventId");
  return { accountId, provider, eventId };
}

export { OrderNotYetKnown };

const subscriptionNews: readonly string[] = ["renewed", "renewalFailed", "subscriptionEnded"];

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * The job behind every verified webhook: the event, kept in the inbox by the webhook route,
 * moves its order once. An event already applied is skipped; the order's state machine makes
 * a second event with the same meaning (another id for the same payment) change nothing, and a
 * partial refund names the payment's refunded sum so far, not a step, so it counts once too.
 */
export async function applyPaymentEvent(
  { database, jobs }: { database: Database; jobs: JobSender },
  { accountId, provider, eventId, now = new Date() }: PaymentEventJob & { now?: Date },
): Promise<"applied" | "skipped"> {
  return database.forAccount(accountId, async (tx) => {
    const key = and(
      eq(paymentEvents.accountId, accountId),
      eq(paymentEvents.provider, provider as (typeof paymentEvents.$inferSelect)["provider"]),
      eq(paymentEvents.eventId, eventId),
    );
    const [event] = await tx.select().from(paymentEvents).where(key).for("update");
    if (!event || event.processedAt) return "skipped";
    const markDone = () => tx.update(paymentEvents).set({ processedAt: now }).where(key);
    const subscriptionRef = text(event.payload.subscriptionRef);
    if (subscriptionNews.includes(event.type) && subscriptionRef) {
      const periodEnd = text(event.payload.periodEnd);
      const amount = event.payload.amount;
      await applySubscriptionNews(tx, {
        jobs,
        accountId,
        provider,
        news: {
          type: event.type as SubscriptionNews["type"],
          providerRef: event.providerRef,
          subscriptionRef,
          amount: typeof amount === "number" ? amount : null,
          periodEnd: periodEnd ? new Date(periodEnd) : null,
          paymentRef: text(event.payload.paymentRef),
        },
        cause: `${provider}:${eventId}`,
        now,
      });
      await markDone();
      return "applied";
    }
    if (!outcomes.includes(event.type) || !event.providerRef) {
      await markDone();
      return "skipped";
    }
    const order = await orderByProviderRef(tx, {
      accountId,
      provider: event.provider,
      providerRef: event.providerRef,
    });
    if (!order) throw new OrderNotYetKnown(`no order for ${provider} ${event.providerRef}`);
    const paymentRef = event.payload.paymentRef;
    // A part refunded at the provider: its sum so far (a part with no sum is no news to apply).
    const amount = event.payload.amount;
    const partial = event.type === "refunded" && event.payload.partial === true;
    if (partial && typeof amount !== "number") {
      await markDone();
      return "skipped";
    }
    await settlePayment(tx, {
      jobs,
      order,
      outcome: event.type as PaymentOutcome,
      cause: `${provider}:${eventId}`,
      paymentRef: typeof paymentRef === "string" ? paymentRef : undefined,
      ...(partial && { partialRefund: amount as number }),
      now,
    });
    await markDone();
    return "applied";
  });
}
