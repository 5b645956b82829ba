import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "~/platform/db/database.server";
import { grantProducts } from "~/features/products/products.server";
import { moveOrder } from "./order-machine.server";
import { trialDeferred } from "./order-shapes";
import { whenPaidOff } from "./paid-off.server";
import { isPlatformAccount } from "~/features/accounts/accounts.server";
import { ORDER_RECEIPT_JOB, PLATFORM_ORDER_FULFILLED_JOB, type JobSender } from "./order-jobs";
import { itemsOf, lockOrder, type OrderItemRow, type OrderRow } from "./queries.server";
import { accessEndFor, periodAfter } from "./renewals.server";
import { subscriptions } from "./tables.server";

const DAY = 86_400_000;

const trialKept = (order: OrderRow, item: OrderItemRow) => trialDeferred(order.provider, item);

function periodEnd(order: OrderRow, item: OrderItemRow, from: Date): Date {
  if (trialKept(order, item)) return new Date(from.getTime() + item.trialDays * DAY);
  return periodAfter(from, item.frequency);
}

type Grant = { productIds: string[]; accessEndsAt?: Date | null; orderId: string };

/**
 * Starts the order's subscriptions and says what to grant: one-time items for good (or the
 * course's or level's own duration), recurring ones until their period and grace end.
 */
async function startSubscriptions(
  tx: Tx,
  jobs: JobSender,
  { order, items, now }: { order: OrderRow; items: OrderItemRow[]; now: Date },
): Promise<Grant[]> {
  const grants: Grant[] = [];
  const oneTime = items.filter((item) => item.billing === "one_time");
  if (oneTime.length > 0)
    grants.push({ orderId: order.id, productIds: [...new Set(oneTime.map((i) => i.productId))] });
  for (const item of items.filter((i) => i.billing !== "one_time")) {
    // This order paid the first of its payments unless a trial deferred it (then every one of
    // them is a renewal, as Stripe, PayPal and Razorpay were asked to count them).
    const paid = trialKept(order, item) ? 0 : 1;
    const paymentsLeft = item.iterations > 0 ? Math.max(item.iterations - paid, 0) : null;
    const end = periodEnd(order, item, now);
    const [started] = await tx
      .insert(subscriptions)
      .values({
        accountId: order.accountId,
        orderId: order.id,
        position: item.position,
        userId: order.userId,
        productId: item.productId,
        provider: order.provider,
        // Each provider's renewals name its subscription: the paid order's payment reference.
        providerRef: order.paymentRef ?? order.providerRef,
        status: trialKept(order, item) ? "trialing" : "active",
        amount: item.amount,
        currency: order.currency,
        interval: item.frequency?.parameter ?? "month",
        paymentsLeft,
        currentPeriodEnd: end,
      })
      .onConflictDoNothing()
      .returning();
    // One payment in all, and this order made it.
    if (started) await whenPaidOff(tx, jobs, started);
    grants.push({
      orderId: order.id,
      productIds: [item.productId],
      accessEndsAt: accessEndFor(end, paymentsLeft),
    });
  }
  return grants;
}

/** A renewal lengthens what its subscription gives, under the subscription's first order. */
async function renewalGrants(tx: Tx, order: OrderRow): Promise<Grant[]> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.accountId, order.accountId), eq(subscriptions.id, order.renewalOf!)),
    );
  if (!sub || sub.status === "ended") return [];
  return [
    {
      orderId: sub.orderId,
      productIds: [sub.productId],
      accessEndsAt: accessEndFor(sub.currentPeriodEnd, sub.paymentsLeft),
    },
  ];
}

/**
 * The fulfilment job: a paid order grants what it bought, starts its subscriptions and becomes
 * fulfilled, all in one transaction under the order's lock, then asks for the receipt. Run twice
 * (a retry, a second worker), the second run finds the order fulfilled and does nothing.
 */
export async function fulfilOrder(
  { database, jobs }: { database: Database; jobs: JobSender },
  { accountId, orderId, now = new Date() }: { accountId: string; orderId: string; now?: Date },
): Promise<boolean> {
  return database.forAccount(accountId, async (tx) => {
    const order = await lockOrder(tx, { accountId, id: orderId });
    if (!order || order.status !== "paid") return false;
    const grants = order.renewalOf
      ? await renewalGrants(tx, order)
      : await startSubscriptions(tx, jobs, {
          order,
          items: await itemsOf(tx, { accountId, orderId }),
          now,
        });
    for (const grant of grants)
      await grantProducts(tx, { accountId, userId: order.userId, now, ...grant });
    await moveOrder(tx, { accountId, orderId, to: "fulfilled", cause: "job:fulfil", now });
    await jobs.send(tx, ORDER_RECEIPT_JOB, { accountId, orderId }, { singletonKey: orderId });
    if (isPlatformAccount(accountId))
      await jobs.send(tx, PLATFORM_ORDER_FULFILLED_JOB, { orderId }, { singletonKey: orderId });
    return true;
  });
}
