import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID, readAccount } from "~/features/accounts/accounts.server";
import {
  invoiceFacts,
  invoiceFilename,
  orders,
  renderInvoicePdf,
  subscriptions,
} from "~/features/orders/orders.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { LanguageCode } from "~/platform/i18n/languages";
import { purchasesOf, subscriptionsOf } from "./plan-purchase-queries.server";
import { planPurchases } from "./tables.server";

/**
 * A plan invoice as a PDF for the site it paid for: the platform's order, issued by the
 * platform. Whoever may open the site's billing may have it (not only the owner who paid);
 * an order that paid for another site is not there.
 */
export async function planInvoicePdf(
  database: Database,
  {
    siteAccountId,
    orderId,
    origin,
    lang,
  }: { siteAccountId: string; orderId: string; origin: string; lang: LanguageCode },
): Promise<{ body: Uint8Array<ArrayBuffer>; filename: string }> {
  if (!z.uuid().safeParse(orderId).success) throw new AppError({ code: "order.notFound" });
  const site = await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) => planOrderSite(tx, orderId));
  if (site !== siteAccountId) throw new AppError({ code: "order.notFound" });
  const platform = await readAccount(database, PLATFORM_ACCOUNT_ID);
  if (!platform) throw new AppError({ code: "order.notFound" });
  // The purchase ties the order (or its subscription's) to this site: whoever opens the site's billing may read it.
  const facts = await invoiceFacts(database, {
    account: platform,
    orderId,
    origin,
    mayRead: () => true,
  });
  return {
    body: new Uint8Array(await renderInvoicePdf({ facts, lang })),
    filename: invoiceFilename(facts),
  };
}

/**
 * The site's plan payments, newest first, for its invoices list: each purchase's order and the
 * renewals its subscription was charged since (a trial's first charge is one of them).
 */
export async function planInvoices(database: Database, siteAccountId: string) {
  const rows = await database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    const purchases = await purchasesOf(tx, siteAccountId);
    const paid = [];
    for (const { purchase, order } of purchases) {
      paid.push({ purchase, order });
      for (const subscription of await subscriptionsOf(tx, order.id))
        for (const renewal of await renewalsOf(tx, subscription.id))
          paid.push({ purchase, order: renewal });
    }
    return paid.sort((a, b) => b.order.createdAt.getTime() - a.order.createdAt.getTime());
  });
  return rows.map(({ purchase, order }) => ({
    orderId: order.id,
    number: order.number,
    planId: purchase.planId,
    interval: purchase.interval,
    status: order.status,
    currency: order.currency,
    total: order.total,
    dueLater: order.dueLater,
    // A move down taken back before it started ("Keep my current plan"): never charged.
    undone: order.id === purchase.orderId && purchase.undoneAt !== null,
    discount: order.discount,
    createdAt: order.createdAt.toISOString(),
  }));
}

function renewalsOf(tx: Tx, subscriptionId: string) {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, PLATFORM_ACCOUNT_ID), eq(orders.renewalOf, subscriptionId)));
}

/** The site a platform order paid for: its purchase's, or its subscription's purchase's. */
export async function planOrderSite(tx: Tx, orderId: string): Promise<string | null> {
  const [order] = await tx
    .select({ id: orders.id, renewalOf: orders.renewalOf })
    .from(orders)
    .where(and(eq(orders.accountId, PLATFORM_ACCOUNT_ID), eq(orders.id, orderId)));
  if (!order) return null;
  let firstOrderId = order.id;
  if (order.renewalOf) {
    const [subscription] = await tx
      .select({ orderId: subscriptions.orderId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID),
          eq(subscriptions.id, order.renewalOf),
        ),
      );
    if (!subscription) return null;
    firstOrderId = subscription.orderId;
  }
  const [purchase] = await tx
    .select({ siteAccountId: planPurchases.siteAccountId })
    .from(planPurchases)
    .where(
      and(
        eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID),
        eq(planPurchases.orderId, firstOrderId),
      ),
    );
  return purchase?.siteAccountId ?? null;
}
