// The site's plan purchases as the platform's shop holds them: each purchase with its order,
// the subscription it started, and the bank transfers still awaited.
import { and, desc, eq } from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { orders, subscriptions } from "~/features/orders/orders.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { PlanInterval } from "./billing-shapes";
import { planPurchases } from "./tables.server";

type PlatformOrder = typeof orders.$inferSelect;

/** The site's plan purchases with their orders, newest first. */
export async function purchasesOf(tx: Tx, siteAccountId: string) {
  return tx
    .select({ purchase: planPurchases, order: orders })
    .from(planPurchases)
    .innerJoin(
      orders,
      and(eq(orders.accountId, planPurchases.accountId), eq(orders.id, planPurchases.orderId)),
    )
    .where(
      and(
        eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID),
        eq(planPurchases.siteAccountId, siteAccountId),
      ),
    )
    .orderBy(desc(planPurchases.createdAt));
}

/** The subscription a platform order started (one at most; none for a one-time plan). */
export function subscriptionsOf(tx: Tx, orderId: string) {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID), eq(subscriptions.orderId, orderId)),
    );
}

/** A plan order that waits for its bank transfer: a purchase's, or a renewal of its subscription. */
export type AwaitedTransfer = {
  orderId: string;
  number: number;
  planId: string;
  interval: PlanInterval;
  total: number;
  currency: string;
  /** The platform's bank instructions as the order was given them. */
  instructions: string;
  /** The next period of an offline plan subscription (not a purchase the owner may withdraw). */
  renewal: boolean;
  checkoutKey: string;
  createdAt: Date;
};

/**
 * The site's plan orders paid by bank transfer that are still pending, newest first: they wait
 * for a super-admin to confirm the money arrived (the console's orders of the platform's shop).
 */
export async function awaitedTransfers(
  database: Database,
  siteAccountId: string,
): Promise<AwaitedTransfer[]> {
  return database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    const waiting: {
      planId: string;
      interval: PlanInterval;
      order: PlatformOrder;
      renewal: boolean;
    }[] = [];
    for (const { purchase, order } of await purchasesOf(tx, siteAccountId)) {
      const { planId, interval } = purchase;
      if (order.provider !== "offline") continue;
      if (order.status === "pending") waiting.push({ planId, interval, order, renewal: false });
      if (order.status !== "fulfilled") continue;
      for (const subscription of await subscriptionsOf(tx, order.id)) {
        const renewals = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.accountId, PLATFORM_ACCOUNT_ID),
              eq(orders.renewalOf, subscription.id),
              eq(orders.status, "pending"),
              eq(orders.provider, "offline"),
            ),
          );
        for (const renewal of renewals)
          waiting.push({ planId, interval, order: renewal, renewal: true });
      }
    }
    return waiting
      .sort((a, b) => b.order.createdAt.getTime() - a.order.createdAt.getTime())
      .map(({ planId, interval, order, renewal }) => {
        const start = order.paymentStart as { instructions?: unknown } | null;
        return {
          orderId: order.id,
          number: order.number,
          planId,
          interval,
          total: order.total,
          currency: order.currency,
          instructions: typeof start?.instructions === "string" ? start.instructions : "",
          renewal,
          checkoutKey: order.checkoutKey,
          createdAt: order.createdAt,
        };
      });
  });
}
