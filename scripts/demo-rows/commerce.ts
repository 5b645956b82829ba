import { randomUUID } from "node:crypto";
import { couponRedemptions, coupons } from "~/features/coupons/tables.server";
import {
  memberMemberships,
  membershipRules,
  memberships,
} from "~/features/memberships/tables.server";
import { orderEvents, orderItems, orders, subscriptions } from "~/features/orders/tables.server";
import { paymentEvents, paymentProviders } from "~/features/payments/tables.server";
import { productGrants, productPrices, products } from "~/features/products/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";

/**
 * One row in every commerce table for `userId` (a member of the account): a product with a
 * price granting a membership level with a rule, held by the person through a paid order with
 * a coupon, an item, an event and a subscription; the account's Stripe settings and one
 * webhook event.
 */
export async function createCommerceRows(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
) {
  const tag = randomUUID().slice(0, 8);
  return database.forAccount(accountId, async (tx) => {
    const [membership] = await tx
      .insert(memberships)
      .values({ accountId, name: "Gold", slug: `gold-${tag}` })
      .returning();
    await tx
      .insert(membershipRules)
      .values({ accountId, membershipId: membership!.id, resource: "post_tag", tag: "premium" });
    const [product] = await tx
      .insert(products)
      .values({ accountId, title: "Gold", slug: `gold-${tag}`, kind: "membership" })
      .returning();
    const [price] = await tx
      .insert(productPrices)
      .values({
        accountId,
        productId: product!.id,
        currency: "USD",
        amount: 1900,
        billing: "subscription",
        interval: "month",
        trialDays: 7,
      })
      .returning();
    await tx.insert(productGrants).values({
      accountId,
      productId: product!.id,
      target: "membership",
      targetId: membership!.id,
    });
    const [coupon] = await tx
      .insert(coupons)
      .values({
        accountId,
        name: `SAVE-${tag}`,
        discountType: "percentage",
        couponAmount: 20,
        usageCount: 1,
      })
      .returning();
    const [order] = await tx
      .insert(orders)
      .values({
        accountId,
        userId,
        email: `buyer-${tag}@example.test`,
        coupon: coupon!.name,
        couponId: coupon!.id,
        currency: "USD",
        subtotal: 1900,
        discount: 380,
        total: 1520,
        provider: "stripe",
        providerRef: `cs_${tag}`,
        status: "paid",
        checkoutKey: randomUUID(),
        paidAt: new Date(),
      })
      .returning();
    await tx.insert(orderItems).values({
      accountId,
      orderId: order!.id,
      position: 0,
      productId: product!.id,
      priceId: price!.id,
      title: product!.title,
      billing: "subscription",
      amount: 1900,
      frequency: { value: 1, parameter: "month" },
    });
    await tx.insert(orderEvents).values({
      accountId,
      orderId: order!.id,
      fromStatus: "pending",
      toStatus: "paid",
      cause: "test",
    });
    await tx.insert(subscriptions).values({
      accountId,
      orderId: order!.id,
      position: 0,
      userId,
      productId: product!.id,
      provider: "stripe",
      status: "trialing",
      amount: 1900,
      currency: "USD",
      interval: "month",
    });
    await tx
      .insert(couponRedemptions)
      .values({ accountId, orderId: order!.id, couponId: coupon!.id, userId });
    await tx.insert(memberMemberships).values({
      accountId,
      membershipId: membership!.id,
      userId,
      source: "purchase",
      orderId: order!.id,
    });
    await tx
      .insert(paymentProviders)
      .values({ accountId, provider: "stripe", enabled: true, publicKey: "pk_test_x" });
    await tx.insert(paymentEvents).values({
      accountId,
      provider: "stripe",
      eventId: `evt_${tag}`,
      type: "checkout.session.completed",
      providerRef: `cs_${tag}`,
      payload: {},
    });
    return {
      membership: membership!,
      product: product!,
      price: price!,
      coupon: coupon!,
      order: order!,
    };
  });
}

/**
 * What the demo's checkout needs to work on a machine without a provider's keys: bank transfer
 * switched on with its instructions, and the coupon its header notice promises.
 */
export async function insertDemoCheckout(
  tx: Tx,
  { accountId, coupon }: { accountId: string; coupon: string | null },
) {
  await tx.insert(paymentProviders).values({
    accountId,
    provider: "offline",
    enabled: true,
    instructions:
      "Pay by bank transfer to Demo Academy, IBAN DE89 3704 0044 0532 0130 00, quoting your order number. Your access opens as soon as the payment is confirmed.",
  });
  if (coupon)
    await tx.insert(coupons).values({
      accountId,
      name: coupon,
      discountType: "percentage",
      couponAmount: 20,
      perUserLimit: 1,
    });
}
