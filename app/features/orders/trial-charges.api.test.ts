// C5/C6 what a checkout records is what it charges now: a subscription in its trial is charged
// nothing today (its first charge arrives after the trial as a renewal order, counted once), the
// providers that charge at once (offline) record the whole price, and a cart a provider cannot
// take is refused before any order is written.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { logicBackends } from "../../../tests/support/test-database";
import { memberMemberships } from "~/features/memberships/tables.server";
import { productPrices } from "~/features/products/tables.server";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import { dailyRevenue } from "./order-reports.server";
import { orders } from "./tables.server";

type Placed = { order: { id: string }; start: { providerRef: string | null } | null };

describe.each(logicBackends)("trial charges on %s", (backend) => {
  let rig: CommerceRig;
  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  const gold = () => ({
    id: rig.catalogue.gold.id,
    priceId: rig.catalogue.goldPrice.id,
    quantity: 1,
  });
  const pass = () => ({ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 });

  const checkout = (buyer: Client, body: Record<string, unknown>) =>
    buyer.post("/api/checkout", { provider: "stripe", checkoutKey: crypto.randomUUID(), ...body });

  async function placed(buyer: Client, body: Record<string, unknown>): Promise<Placed> {
    const res = await checkout(buyer, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Placed;
  }

  const orderRow = (id: string) => rig.orderRow(id);
  const subscriptionOf = (orderId: string) => rig.subscriptionOf(orderId);
  const ordersOf = (userId: string) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, rig.accountId), eq(orders.userId, userId))),
    );
  const today = () => {
    const day = new Date().toISOString().slice(0, 10);
    return { from: day, to: day, timeZone: "UTC" };
  };
  const revenueToday = async () =>
    (await dailyRevenue(rig.db.database, rig.accountId, today()))
      .filter((row) => row.currency === "USD")
      .reduce((sum, row) => sum + row.revenue, 0);

  test("C6 a 7-day trial at Stripe is charged nothing today; its first charge is one renewal order, and revenue counts the period once", async () => {
    const before = await revenueToday();
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, { lines: [gold()] });
    expect(await orderRow(order.id)).toMatchObject({
      subtotal: 1900,
      discount: 0,
      total: 0,
      dueLater: 1900,
      status: "pending",
    });
    // Stripe is still asked for the subscription, its trial and its price.
    const session = rig.stripe.object(start!.providerRef!) as Record<string, any>;
    expect(session.mode).toBe("subscription");
    await rig.stripe.pay(start!.providerRef!);
    await rig.settle();
    expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", total: 0 });
    const trial = await subscriptionOf(order.id);
    expect(trial).toMatchObject({ status: "trialing", amount: 1900 });
    expect(await revenueToday()).toBe(before);

    await rig.stripe.renew(trial.providerRef!);
    await rig.settle();
    const paid = await ordersOf(buyer.userId);
    expect(paid).toHaveLength(2);
    expect(paid.find((row) => row.renewalOf === trial.id)).toMatchObject({
      total: 1900,
      status: "fulfilled",
    });
    expect(paid.reduce((sum, row) => sum + row.total, 0)).toBe(1900);
    expect(await revenueToday()).toBe(before + 1900);
  });

  test("C6 a coupon on a trial's cart comes off today's charge first, the rest off the first charge after the trial", async () => {
    const buyer = await rig.signedIn("student");
    // 20 % of 5000 + 1900 = 1380: all of it comes off the course pass charged now.
    const { order } = await placed(buyer, { lines: [pass(), gold()], coupon: "SAVE20" });
    expect(await orderRow(order.id)).toMatchObject({
      subtotal: 6900,
      discount: 1380,
      total: 3620,
      dueLater: 1900,
    });
  });

  test("C6 offline takes no trial: the whole first period is charged (and recorded) at once", async () => {
    const buyer = await rig.signedIn("student");
    const { order } = await placed(buyer, { lines: [gold()], provider: "offline" });
    expect(await orderRow(order.id)).toMatchObject({ total: 1900, dueLater: 0 });
  });

  test("C6 a trial's instalments all come after it: the subscription counts every one of them as still to pay", async () => {
    await rig.setGoldPrice({ iterations: 3 });
    try {
      const buyer = await rig.signedIn("student");
      const { order, start } = await placed(buyer, { lines: [gold()] });
      await rig.stripe.pay(start!.providerRef!);
      await rig.settle();
      expect(await subscriptionOf(order.id)).toMatchObject({
        status: "trialing",
        paymentsLeft: 3,
      });
      const offline = await placed(await rig.signedIn("student"), {
        lines: [gold()],
        provider: "offline",
      });
      const confirmed = await rig.owner.post(`/api/orders/${offline.order.id}/confirm`, {});
      expect(confirmed.status).toBe(200);
      await rig.settle();
      // Paid in full at once: the first of the three payments is this order.
      expect(await subscriptionOf(offline.order.id)).toMatchObject({
        status: "active",
        paymentsLeft: 2,
      });
    } finally {
      await rig.setGoldPrice({ iterations: 0 });
    }
  });

  test("C5 a cart the provider cannot take in one checkout is refused before any order is written", async () => {
    const buyer = await rig.signedIn("student");
    const key = crypto.randomUUID();
    const res = await checkout(buyer, {
      lines: [pass(), gold()],
      provider: "paypal",
      checkoutKey: key,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "payment.subscriptionAlone" } });
    expect(await ordersOf(buyer.userId)).toEqual([]);
    // Alone, the same subscription goes through PayPal.
    const alone = await checkout(buyer, { lines: [gold()], provider: "paypal" });
    expect(alone.status).toBe(200);
  });

  test("C6 instalments at Stripe: three monthly payments open a subscription there; after the last, Stripe stops renewing and the access lasts for ever", async () => {
    const [plan] = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .insert(productPrices)
        .values({
          accountId: rig.accountId,
          productId: rig.catalogue.gold.id,
          currency: "USD",
          amount: 1000,
          billing: "installments",
          interval: "month",
          iterations: 3,
          position: 5,
        })
        .returning(),
    );
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, {
      lines: [{ id: rig.catalogue.gold.id, priceId: plan!.id, quantity: 1 }],
    });
    expect((rig.stripe.object(start!.providerRef!) as Record<string, any>).mode).toBe(
      "subscription",
    );
    await rig.stripe.pay(start!.providerRef!);
    await rig.settle();
    expect(await orderRow(order.id)).toMatchObject({ total: 1000, status: "fulfilled" });
    const first = await subscriptionOf(order.id);
    expect(first).toMatchObject({ status: "active", paymentsLeft: 2, cancelAtPeriodEnd: false });

    await rig.stripe.renew(first.providerRef!);
    await rig.settle();
    expect(await subscriptionOf(order.id)).toMatchObject({ paymentsLeft: 1 });
    expect(rig.stripe.object(first.providerRef!)).toMatchObject({ cancel_at_period_end: false });
    await rig.stripe.renew(first.providerRef!);
    await rig.settle();
    expect(await subscriptionOf(order.id)).toMatchObject({
      paymentsLeft: 0,
      cancelAtPeriodEnd: true,
    });
    expect(rig.stripe.object(first.providerRef!)).toMatchObject({ cancel_at_period_end: true });
    expect((await ordersOf(buyer.userId)).reduce((sum, row) => sum + row.total, 0)).toBe(3000);

    // Stripe ends it when the period is over: what it gave is kept, paid in full.
    expect(
      (
        await fetch(`${rig.stripe.url}/v1/subscriptions/${first.providerRef}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}` },
        })
      ).status,
    ).toBe(200);
    await rig.settle();
    expect((await subscriptionOf(order.id)).status).toBe("ended");
    const [holding] = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(memberMemberships)
        .where(
          and(
            eq(memberMemberships.accountId, rig.accountId),
            eq(memberMemberships.userId, buyer.userId),
          ),
        ),
    );
    expect(holding).toMatchObject({ status: "active", expiresAt: null });
  });
});
