// Issue 31 point 2, decision 041, over HTTP on the commerce rig (PGlite and PostgreSQL): a
// coupon's use is reserved when its order is placed, under the coupon's lock, released when the
// order is cancelled, fails or expires, and counted once when it is paid. And a course or
// membership the buyer already holds is not sold again.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { couponRedemptions, coupons } from "~/features/coupons/tables.server";
import { subscriptions } from "./tables.server";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { backends, logicTestOn } from "../../../tests/support/test-database";
import { domainEvents } from "~/features/events/tables.server";
import { expireUnpaidOrders } from "./orders.server";

type Placed = {
  order: { id: string; status: string };
  start: { providerRef?: string | null } | null;
};

describe.each(backends)("I31-2 coupon reservations on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let rig: CommerceRig;

  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 180_000);
  afterAll(() => rig?.close());

  let couponCount = 0;
  /** A coupon of the rig's site; its name is new for each test. */
  async function coupon(values: {
    amount: number;
    usageLimit?: number;
    perUserLimit?: number;
  }): Promise<{ id: string; name: string }> {
    const name = `RACE${++couponCount}${backend.slice(0, 2).toUpperCase()}`;
    const [row] = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .insert(coupons)
        .values({
          accountId: rig.accountId,
          name,
          discountType: "percentage",
          couponAmount: values.amount,
          usageLimit: values.usageLimit ?? 0,
          perUserLimit: values.perUserLimit ?? 0,
        })
        .returning(),
    );
    return row!;
  }
  /** What the coupon's row counts: paid uses and uses held by unpaid orders. */
  const counts = (id: string) =>
    rig.db.database.forAccount(rig.accountId, async (tx) => {
      const [row] = await tx
        .select({ used: coupons.usageCount, reserved: coupons.reserved })
        .from(coupons)
        .where(and(eq(coupons.accountId, rig.accountId), eq(coupons.id, id)));
      return row!;
    });
  const redemptionsOf = (id: string) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(couponRedemptions)
        .where(
          and(eq(couponRedemptions.accountId, rig.accountId), eq(couponRedemptions.couponId, id)),
        ),
    );

  const checkout = (buyer: Client, body: Record<string, unknown>) =>
    buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
      provider: "stripe",
      checkoutKey: crypto.randomUUID(),
      ...body,
    });
  async function placed(buyer: Client, body: Record<string, unknown>): Promise<Placed> {
    const res = await checkout(buyer, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Placed;
  }
  /** Each answer's status, and its error code when refused. */
  const outcomes = (answers: Response[]) =>
    Promise.all(
      answers.map(async (res) => {
        const body = (await res.json()) as { error?: { code: string } };
        return res.status === 200 ? "placed" : `${res.status} ${body.error?.code}`;
      }),
    );
  const tally = (list: string[]) =>
    list.reduce<Record<string, number>>((all, one) => ({ ...all, [one]: (all[one] ?? 0) + 1 }), {});

  test("I31-2 twenty concurrent checkouts with a once-only 100 % coupon: exactly one wins, 19 get cart.couponLimit; the winner cancelled, the coupon serves once more", async () => {
    const free = await coupon({ amount: 100, usageLimit: 1 });
    // Signed up one by one (members' slugs are taken in turn), then checking out all at once.
    const buyers: Awaited<ReturnType<CommerceRig["signedIn"]>>[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await rig.signedIn("student"));
    const answers = await Promise.all(
      buyers.map((buyer) => checkout(buyer, { coupon: free.name })),
    );
    const results = await outcomes(answers);
    expect(tally(results)).toEqual({ placed: 1, "409 cart.couponLimit": 19 });
    await rig.settle();
    const winner = buyers[results.indexOf("placed")]!;
    expect(await counts(free.id)).toEqual({ used: 1, reserved: 0 });
    expect(await rig.enrolment(winner.userId)).toMatchObject({ status: "active" });

    // The winning order, free, is cancelled by the owner: what it gave and its use go back.
    const winning = (await redemptionsOf(free.id))[0]!;
    const cancelled = await rig.owner.post(`/api/orders/${winning.orderId}/cancel`, {});
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await counts(free.id)).toEqual({ used: 0, reserved: 0 });
    expect(await rig.enrolment(winner.userId)).toMatchObject({ status: "cancelled" });

    const again = await Promise.all(
      buyers.slice(0, 10).map((buyer) => checkout(buyer, { coupon: free.name })),
    );
    expect(tally(await outcomes(again))).toEqual({ placed: 1, "409 cart.couponLimit": 9 });
    await rig.settle();
    expect(await counts(free.id)).toEqual({ used: 1, reserved: 0 });
  });

  logicTest(
    "I31-2 usageLimit 1, five checkouts one after another: the first holds the use, the other four get cart.couponLimit",
    async () => {
      const once = await coupon({ amount: 50, usageLimit: 1 });
      const results: string[] = [];
      for (let i = 0; i < 5; i++) {
        const buyer = await rig.signedIn("student");
        results.push(...(await outcomes([await checkout(buyer, { coupon: once.name })])));
      }
      expect(results).toEqual(["placed", ...Array(4).fill("409 cart.couponLimit")]);
      expect(await counts(once.id)).toEqual({ used: 0, reserved: 1 });
      // The preview agrees with the checkout: the use is held.
      const visitor = await rig.signedIn("student");
      const check = await visitor.post("/api/coupons/check", { name: once.name });
      expect(await check.json()).toMatchObject({ status: "limit", message: "cart.couponLimit" });
    },
  );

  test("I31-2 perUserLimit 1, twenty concurrent checkouts by one buyer: one order; another buyer still may", async () => {
    const mine = await coupon({ amount: 10, perUserLimit: 1 });
    const buyer = await rig.signedIn("student");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => checkout(buyer, { coupon: mine.name })),
    );
    expect(tally(await outcomes(answers))).toEqual({ placed: 1, "409 cart.couponLimit": 19 });
    const other = await rig.signedIn("student");
    await placed(other, { coupon: mine.name });
    expect(await counts(mine.id)).toEqual({ used: 0, reserved: 2 });
  });

  logicTest(
    "I31-2 two pending bank-transfer orders with a once-only coupon: the second placement is refused; cancelled, the first gives its use back; confirmed, it counts once",
    async () => {
      const once = await coupon({ amount: 25, usageLimit: 1 });
      const first = await rig.signedIn("student");
      const second = await rig.signedIn("student");
      const held = await placed(first, { provider: "offline", coupon: once.name });
      expect(held.order.status).toBe("pending");
      const refused = await checkout(second, { provider: "offline", coupon: once.name });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: { code: "cart.couponLimit" } });

      // The buyer gives up on the first: the second may now place and the owner confirm it.
      expect((await first.post(`/api/orders/${held.order.id}/cancel`, {})).status).toBe(200);
      expect(await counts(once.id)).toEqual({ used: 0, reserved: 0 });
      const next = await placed(second, { provider: "offline", coupon: once.name });
      expect((await rig.owner.post(`/api/orders/${next.order.id}/confirm`, {})).status).toBe(200);
      expect((await rig.owner.post(`/api/orders/${next.order.id}/confirm`, {})).status).toBe(409);
      await rig.settle();
      expect(await counts(once.id)).toEqual({ used: 1, reserved: 0 });
      expect((await checkout(first, { provider: "offline", coupon: once.name })).status).toBe(409);
    },
  );

  logicTest("I31-2 a payment webhook delivered twice counts the coupon once", async () => {
    const twice = await coupon({ amount: 10, usageLimit: 2 });
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, { coupon: twice.name });
    expect(await counts(twice.id)).toEqual({ used: 0, reserved: 1 });
    rig.stripe.webhooks.configure({ copies: 2 });
    await rig.stripe.pay(start!.providerRef!);
    await rig.settle();
    rig.stripe.webhooks.configure({ copies: 1 });
    expect(await rig.orderRow(order.id)).toMatchObject({ status: "fulfilled" });
    expect(await counts(twice.id)).toEqual({ used: 1, reserved: 0 });
    expect((await redemptionsOf(twice.id)).map((row) => row.status)).toEqual(["used"]);
  });
  logicTest(
    "I31-2 the expiry round cancels checkouts left unpaid past their time and gives their coupon's use back; a bank transfer waits longer; a payment heard after all still counts",
    async () => {
      const once = await coupon({ amount: 50, usageLimit: 1 });
      const byCard = await rig.signedIn("student");
      const next = await rig.signedIn("student");
      const card = await placed(byCard, { coupon: once.name });
      expect((await checkout(next, { coupon: once.name })).status).toBe(409);
      const transfer = await coupon({ amount: 50, usageLimit: 1 });
      const byBank = await rig.signedIn("student");
      const bank = await placed(byBank, { provider: "offline", coupon: transfer.name });

      const terms = { onlineHours: 24, offlineDays: 14 };
      const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
      const round = (hours: number) =>
        expireUnpaidOrders({ database: rig.db.database }, { terms, now: later(hours) });
      await round(23);
      expect(await rig.orderRow(card.order.id)).toMatchObject({ status: "pending" });
      expect(await counts(once.id)).toEqual({ used: 0, reserved: 1 });

      await round(25);
      expect(await rig.orderRow(card.order.id)).toMatchObject({ status: "cancelled" });
      expect(await counts(once.id)).toEqual({ used: 0, reserved: 0 });
      // Left unpaid until it expired: an abandoned checkout, for automations to follow up.
      const abandoned = await rig.db.database.forAccount(rig.accountId, (tx) =>
        tx
          .select({ data: domainEvents.data })
          .from(domainEvents)
          .where(eq(domainEvents.type, "checkout.abandoned")),
      );
      expect(abandoned.map((event) => event.data.orderId)).toContain(card.order.id);
      expect(await rig.orderRow(bank.order.id)).toMatchObject({ status: "pending" });
      expect(await counts(transfer.id)).toEqual({ used: 0, reserved: 1 });
      expect((await round(25)).expired).toBe(0);
      await placed(next, { coupon: once.name });
      expect(await counts(once.id)).toEqual({ used: 0, reserved: 1 });

      await round(15 * 24);
      expect(await rig.orderRow(bank.order.id)).toMatchObject({ status: "cancelled" });
      expect(await counts(transfer.id)).toEqual({ used: 0, reserved: 0 });

      // The first buyer paid at Stripe after all: the money came, the use counts.
      await rig.stripe.pay(card.start!.providerRef!);
      await rig.settle();
      expect(await rig.orderRow(card.order.id)).toMatchObject({ status: "fulfilled" });
      expect((await counts(once.id)).used).toBe(1);
    },
  );
  logicTest(
    "I31-2 a course the buyer already holds is refused with cart.alreadyOwned; refunded, it may be bought again",
    async () => {
      const buyer = await rig.signedIn("student");
      const first = await placed(buyer, { provider: "offline" });
      expect((await rig.owner.post(`/api/orders/${first.order.id}/confirm`, {})).status).toBe(200);
      await rig.settle();
      expect(await rig.enrolment(buyer.userId)).toMatchObject({ status: "active" });
      const again = await checkout(buyer, { provider: "offline" });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: { code: "cart.alreadyOwned" } });
      // Someone else still buys it.
      await placed(await rig.signedIn("student"), { provider: "offline" });

      expect((await rig.owner.post(`/api/orders/${first.order.id}/refund`, {})).status).toBe(200);
      expect(await rig.enrolment(buyer.userId)).toMatchObject({ status: "cancelled" });
      await placed(buyer, { provider: "offline" });
    },
  );

  logicTest(
    "I31-2 a membership held through a live subscription is refused (it renews by itself); asked to stop at the period's end, buying again goes through",
    async () => {
      const buyer = await rig.signedIn("student");
      const gold = { id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 };
      const { order, start } = await placed(buyer, { lines: [gold] });
      await rig.stripe.pay(start!.providerRef!);
      await rig.settle();
      expect(await rig.orderRow(order.id)).toMatchObject({ status: "fulfilled" });
      const again = await checkout(buyer, { lines: [gold] });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: { code: "cart.alreadyOwned" } });

      const sub = await rig.subscriptionOf(order.id);
      await rig.db.database.forAccount(rig.accountId, (tx) =>
        tx
          .update(subscriptions)
          .set({ cancelAtPeriodEnd: true })
          .where(and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.id, sub.id))),
      );
      await placed(buyer, { lines: [gold] });
    },
  );
});
