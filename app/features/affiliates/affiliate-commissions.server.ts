import { and, eq } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import {
  announceMemberNotification,
  storeMemberNotification,
} from "~/features/notifications/notifications.server";
import type { EventConsumer, StoredDomainEvent } from "~/features/events/events.server";
import { orderItems, orders } from "~/features/orders/tables.server";
import { shopCurrency } from "~/features/orders/orders.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { RefusalReason } from "./affiliate-shapes";
import { liveProgramme } from "./affiliate-links.server";
import { commissionFor } from "./commission-terms";
import { withinWindow } from "./referral-cookie";
import { affiliateCommissions, affiliates } from "./tables.server";

/**
 * Affiliates' part in the domain events (decision 062): a paid order that an affiliate's link
 * brought earns a commission, once (one `sale` line per order: a batch handed on twice writes
 * nothing twice); a refund takes it back — struck off while unpaid, clawed back from the next
 * payout once paid out.
 */
export function affiliateConsumer({
  database,
  pubsub,
}: {
  database: Database;
  pubsub: PubSub;
}): EventConsumer {
  return {
    name: "affiliates",
    async take(accountId, events) {
      const relevant = events.filter(
        (event) => event.type === "order.paid" || event.type === "order.refunded",
      );
      if (relevant.length === 0) return;
      const told: Awaited<ReturnType<typeof storeMemberNotification>>[] = [];
      await database.forAccount(accountId, async (tx) => {
        for (const event of relevant) {
          const orderId = typeof event.data.orderId === "string" ? event.data.orderId : null;
          if (!orderId) continue;
          if (event.type !== "order.paid")
            await takeBack(tx, { accountId, orderId, at: event.occurredAt });
          else {
            const earned = await earn(tx, { accountId, orderId, event });
            if (earned) told.push(await tellAffiliate(tx, { accountId, ...earned }));
          }
        }
      });
      // Their open pages hear of it once it is written.
      for (const stored of told) await announceMemberNotification(pubsub, { accountId, stored });
    },
  };
}

async function earn(
  tx: Tx,
  { accountId, orderId, event }: { accountId: string; orderId: string; event: StoredDomainEvent },
) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
  if (!order?.referral) return;
  const [affiliate] = await tx
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.accountId, accountId), eq(affiliates.code, order.referral.code)));
  if (!affiliate) return;
  const programme = await liveProgramme(tx, accountId);
  if (!programme) return;
  const refusal: RefusalReason | null =
    affiliate.userId === order.userId || affiliate.email.toLowerCase() === order.email.toLowerCase()
      ? "selfReferral"
      : affiliate.status !== "approved"
        ? "affiliateInactive"
        : !withinWindow(order.referral.at, programme.cookieDays, order.createdAt)
          ? "windowLapsed"
          : null;
  let amount = 0;
  if (!refusal) {
    const lines = await tx
      .select({
        productId: orderItems.productId,
        amount: orderItems.amount,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, orderId)));
    const [account] = await tx
      .select({ settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    amount = commissionFor(
      programme,
      { lines, subtotal: order.subtotal, total: order.total, currency: order.currency },
      account ? shopCurrency(account) : order.currency,
    );
  }
  const written = await tx
    .insert(affiliateCommissions)
    .values({
      accountId,
      affiliateId: affiliate.id,
      orderId,
      orderNumber: order.number,
      kind: "sale",
      status: refusal ? "refused" : "due",
      amount,
      orderTotal: order.total,
      currency: order.currency,
      reason: refusal,
      createdAt: event.occurredAt,
    })
    .onConflictDoNothing()
    .returning({ id: affiliateCommissions.id });
  // A commission written now (not one handed on again) and worth something is told.
  return written.length > 0 && amount > 0
    ? { userId: affiliate.userId, amount, currency: order.currency, orderNumber: order.number }
    : null;
}

/** The affiliate's bell: what the sale earned them, in the site's language. */
async function tellAffiliate(
  tx: Tx,
  {
    accountId,
    userId,
    amount,
    currency,
    orderNumber,
  }: { accountId: string; userId: string; amount: number; currency: string; orderNumber: number },
) {
  const [account] = await tx
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.accountId, accountId));
  const lang = account?.settings.defaultLanguage ?? "en";
  const message = textIn(lang, "affiliates.notify.earned")
    .replace("{{amount}}", formatMoney({ amount: minorToMajor(amount, currency), currency, lang }))
    .replace("{{number}}", String(orderNumber));
  return storeMemberNotification(tx, { accountId, input: { userId, type: "other", message } });
}

async function takeBack(
  tx: Tx,
  { accountId, orderId, at }: { accountId: string; orderId: string; at: Date },
) {
  const [sale] = await tx
    .select()
    .from(affiliateCommissions)
    .where(
      and(
        eq(affiliateCommissions.accountId, accountId),
        eq(affiliateCommissions.orderId, orderId),
        eq(affiliateCommissions.kind, "sale"),
      ),
    )
    .for("update");
  if (!sale || sale.reversedAt || (sale.status !== "due" && sale.status !== "paid")) return;
  await tx
    .update(affiliateCommissions)
    .set({ reversedAt: at, ...(sale.status === "due" ? { status: "reversed" as const } : {}) })
    .where(
      and(eq(affiliateCommissions.accountId, accountId), eq(affiliateCommissions.id, sale.id)),
    );
  if (sale.status === "paid" && sale.amount > 0)
    await tx
      .insert(affiliateCommissions)
      .values({
        accountId,
        affiliateId: sale.affiliateId,
        orderId,
        orderNumber: sale.orderNumber,
        kind: "clawback",
        status: "due",
        amount: -sale.amount,
        orderTotal: sale.orderTotal,
        currency: sale.currency,
        reason: null,
        createdAt: at,
      })
      .onConflictDoNothing();
}
