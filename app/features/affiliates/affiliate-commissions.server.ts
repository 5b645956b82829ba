import { and, eq, inArray } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { announceMemberNotification } from "~/features/notifications/notifications.server";
import type { EventConsumer, StoredDomainEvent } from "~/features/events/events.server";
import { orderItems, orders, subscriptions } from "~/features/orders/tables.server";
import { shopCurrency } from "~/features/orders/orders.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { RefusalReason } from "./affiliate-shapes";
import { liveProgramme } from "./affiliate-links.server";
import { tellAffiliate } from "./affiliate-notices.server";
import { commissionFor } from "./commission-terms";
import { withinWindow } from "./referral-cookie";
import { affiliateCommissions, affiliates } from "./tables.server";

/**
 * Affiliates' part in the domain events (decision 062): a paid order that an affiliate's link
 * brought earns a commission, once (one `sale` line per order: a batch handed on twice writes
 * nothing twice); a refund, whole or in part, takes back its share (`bringDown`).
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
      const relevant = events.filter((event) =>
        ["order.paid", "order.refunded", "order.partlyRefunded"].includes(event.type),
      );
      if (relevant.length === 0) return;
      const told: Awaited<ReturnType<typeof tellAffiliate>>[] = [];
      await database.forAccount(accountId, async (tx) => {
        for (const event of relevant) {
          const orderId = typeof event.data.orderId === "string" ? event.data.orderId : null;
          if (!orderId) continue;
          if (event.type === "order.refunded")
            await bringDown(tx, { accountId, orderId, refunded: null, at: event.occurredAt });
          else if (event.type === "order.partlyRefunded") {
            const { refunded } = event.data;
            if (typeof refunded === "number")
              await bringDown(tx, { accountId, orderId, refunded, at: event.occurredAt });
          } else {
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
  if (!order) return;
  const programme = await liveProgramme(tx, accountId);
  if (!programme) return;
  // A renewal carries no link of its own: it pays the partner whose link sold its first order,
  // where the programme pays on renewals and that first sale earned (its window was judged then).
  const renewalOf = order.renewalOf && programme.recurring ? order.renewalOf : null;
  const affiliateId = renewalOf
    ? await partnerOfFirstSale(tx, accountId, renewalOf)
    : order.referral
      ? await affiliateByCode(tx, accountId, order.referral.code)
      : null;
  if (!affiliateId) return;
  const [affiliate] = await tx
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.accountId, accountId), eq(affiliates.id, affiliateId)));
  if (!affiliate) return;
  const refusal: RefusalReason | null =
    affiliate.userId === order.userId || affiliate.email.toLowerCase() === order.email.toLowerCase()
      ? "selfReferral"
      : affiliate.status !== "approved"
        ? "affiliateInactive"
        : order.referral && !withinWindow(order.referral.at, programme.cookieDays, order.createdAt)
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

async function affiliateByCode(tx: Tx, accountId: string, code: string) {
  const [row] = await tx
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.accountId, accountId), eq(affiliates.code, code)));
  return row?.id ?? null;
}

/** The partner a subscription's first order earned a commission for (not refused, not struck off). */
async function partnerOfFirstSale(tx: Tx, accountId: string, subscriptionId: string) {
  const [row] = await tx
    .select({ affiliateId: affiliateCommissions.affiliateId })
    .from(subscriptions)
    .innerJoin(
      affiliateCommissions,
      and(
        eq(affiliateCommissions.accountId, subscriptions.accountId),
        eq(affiliateCommissions.orderId, subscriptions.orderId),
      ),
    )
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        eq(subscriptions.id, subscriptionId),
        eq(affiliateCommissions.kind, "sale"),
        inArray(affiliateCommissions.status, ["due", "paid"]),
      ),
    );
  return row?.affiliateId ?? null;
}

/**
 * A refund, whole or in part, brings the order's commission down to the buyer's share of what
 * they kept (a sale refunded whole: nothing). Before its payout, a sale refunded whole is struck
 * off (`reversed`, with its clawbacks); otherwise the difference is a negative `clawback` line,
 * one per refunded sum, so the same news twice writes nothing twice and a later, larger refund
 * takes only what is left. Commissions only go down here.
 */
async function bringDown(
  tx: Tx,
  {
    accountId,
    orderId,
    refunded,
    at,
  }: {
    accountId: string;
    orderId: string;
    /** The order's refunded sum so far; null: refunded whole. */
    refunded: number | null;
    at: Date;
  },
) {
  const ofOrder = and(
    eq(affiliateCommissions.accountId, accountId),
    eq(affiliateCommissions.orderId, orderId),
  );
  const [sale] = await tx
    .select()
    .from(affiliateCommissions)
    .where(and(ofOrder, eq(affiliateCommissions.kind, "sale")))
    .for("update");
  if (!sale || sale.reversedAt || (sale.status !== "due" && sale.status !== "paid")) return;
  const total = sale.orderTotal;
  const sum = Math.min(refunded ?? total, total);
  const whole = sum >= total;
  if (whole && sale.status === "due") {
    await tx
      .update(affiliateCommissions)
      .set({ status: "reversed", reversedAt: at })
      .where(and(ofOrder, eq(affiliateCommissions.status, "due")));
    return;
  }
  const clawbacks = await tx
    .select({ amount: affiliateCommissions.amount })
    .from(affiliateCommissions)
    .where(
      and(
        ofOrder,
        eq(affiliateCommissions.kind, "clawback"),
        inArray(affiliateCommissions.status, ["due", "paid"]),
      ),
    );
  const standing = sale.amount + clawbacks.reduce((all, line) => all + line.amount, 0);
  const kept = whole || total <= 0 ? 0 : Math.round((sale.amount * (total - sum)) / total);
  if (whole)
    await tx
      .update(affiliateCommissions)
      .set({ reversedAt: at })
      .where(and(ofOrder, eq(affiliateCommissions.id, sale.id)));
  if (kept >= standing) return;
  await tx
    .insert(affiliateCommissions)
    .values({
      accountId,
      affiliateId: sale.affiliateId,
      orderId,
      orderNumber: sale.orderNumber,
      kind: "clawback",
      status: "due",
      amount: kept - standing,
      orderTotal: total,
      currency: sale.currency,
      reason: null,
      basis: `refunded:${sum}`,
      createdAt: at,
    })
    .onConflictDoNothing();
}
