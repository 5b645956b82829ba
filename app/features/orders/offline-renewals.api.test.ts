// C6 offline (bank transfer) subscriptions renew (decision 033): the sweep issues each period's
// order once, a week ahead, and mails the member how to pay; the manager's confirmation lengthens
// the period and the access once; instalments stop after their count; an unpaid renewal makes
// the subscription past due and is cancelled in the end; a subscription asked to stop gets none.
// Over HTTP where a person acts (checkout, confirm, cancel), with the sweep called as its
// schedule calls it, on PGlite and PostgreSQL.
//
// Every test moves its subscription's period into a window of its own (a year apart): the sweep
// runs over every subscription of the site, and each test sweeps at its own dates.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { memberMemberships } from "~/features/memberships/tables.server";
import { productGrants, productPrices, products } from "~/features/products/tables.server";
import { readOutbox } from "~/platform/mail/mail.server";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { backends, logicTestOn } from "../../../tests/support/test-database";
import { confirmOfflinePayment } from "./manage-order.server";
import { listMyOrders } from "./order-lists.server";
import { OFFLINE_RENEWAL_PAYABLE_DAYS, offlineRenewalKey } from "./offline-renewals.server";
import { periodAfter, RENEWAL_GRACE_DAYS } from "./renewals.server";
import { sweepLapsedSubscriptions } from "./subscription-sweep.server";
import { cancelSubscription } from "./subscriptions.server";
import { orderEvents, orders, subscriptions } from "./tables.server";

const DAY = 86_400_000;
const at = (base: Date, days: number) => new Date(base.getTime() + days * DAY);
const month = { parameter: "month" } as const;

describe.each(backends)("C6 offline subscription renewals on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let rig: CommerceRig;
  let instalments = { productId: "", priceId: "" };

  beforeAll(async () => {
    rig = await startCommerceRig(backend);
    // Gold in three monthly instalments, by bank transfer.
    instalments = await rig.db.database.forAccount(rig.accountId, async (tx) => {
      const accountId = rig.accountId;
      const [product] = await tx
        .insert(products)
        .values({
          accountId,
          title: "Gold in three",
          slug: "gold-in-three",
          kind: "membership",
          status: "published",
        })
        .returning();
      const [price] = await tx
        .insert(productPrices)
        .values({
          accountId,
          productId: product!.id,
          currency: "USD",
          amount: 3000,
          billing: "installments",
          interval: "month",
          iterations: 3,
        })
        .returning();
      await tx.insert(productGrants).values({
        accountId,
        productId: product!.id,
        target: "membership",
        targetId: rig.catalogue.level.id,
      });
      return { productId: product!.id, priceId: price!.id };
    });
  }, 60_000);
  afterAll(() => rig?.close());

  const db = () => rig.db.database;
  type Sub = typeof subscriptions.$inferSelect;

  const subscription = async (id: string): Promise<Sub> => {
    const [row] = await db().forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.id, id))),
    );
    return row!;
  };
  const renewalsOf = (id: string) =>
    db().forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, rig.accountId), eq(orders.renewalOf, id)))
        .orderBy(asc(orders.createdAt)),
    );
  const holding = async (userId: string) => {
    const [row] = await db().forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(memberMemberships)
        .where(
          and(
            eq(memberMemberships.accountId, rig.accountId),
            eq(memberMemberships.membershipId, rig.catalogue.level.id),
            eq(memberMemberships.userId, userId),
          ),
        ),
    );
    return row!;
  };
  /** As the access engine reads a holding (memberships' `live`): active and not expired. */
  const holdsGoldAt = async (userId: string, when: Date) => {
    const row = await holding(userId);
    return row.status === "active" && (!row.expiresAt || row.expiresAt > when);
  };

  /** The hourly schedule's run at `now`, then every job it asked for (the member's mail). */
  async function sweep(now: Date) {
    const result = await sweepLapsedSubscriptions(
      { database: db(), jobs: rig.services.jobs },
      { now },
    );
    await rig.settle();
    return result;
  }

  /**
   * A buyer subscribes with a bank transfer the owner confirms; the period (and the access it
   * gave) is then moved to end at `periodEnd`, the test's own window.
   */
  async function subscribed(
    periodEnd: Date,
    line = { id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id },
  ): Promise<{ buyer: Client & { userId: string; email: string }; sub: Sub }> {
    const buyer = await rig.signedIn("student");
    const res = await buyer.post("/api/checkout", {
      lines: [{ ...line, quantity: 1 }],
      provider: "offline",
      checkoutKey: crypto.randomUUID(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { order } = (await res.json()) as { order: { id: string } };
    expect((await rig.owner.post(`/api/orders/${order.id}/confirm`, {})).status).toBe(200);
    await rig.settle();
    const sub = await db().forAccount(rig.accountId, async (tx) => {
      const [row] = await tx
        .update(subscriptions)
        .set({ currentPeriodEnd: periodEnd })
        .where(and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.orderId, order.id)))
        .returning();
      await tx
        .update(memberMemberships)
        .set({ expiresAt: at(periodEnd, RENEWAL_GRACE_DAYS) })
        .where(
          and(
            eq(memberMemberships.accountId, rig.accountId),
            eq(memberMemberships.userId, buyer.userId),
          ),
        );
      return row!;
    });
    expect(sub).toMatchObject({ provider: "offline", status: "active" });
    return { buyer, sub };
  }

  const managerViewer = () =>
    ({
      user: { id: rig.owner.userId },
      membership: { caps: ["manage_options"] },
      isSuperAdmin: false,
    }) as unknown as Viewer;
  const memberViewer = (userId: string) =>
    ({ user: { id: userId }, membership: { caps: [] }, isSuperAdmin: false }) as unknown as Viewer;

  test("C6 offline subscription: the sweep issues one renewal order per period a week before it ends, even run twice at once, and mails the member how to pay", async () => {
    const end = new Date("2031-03-15T10:00:00.000Z");
    const { buyer, sub } = await subscribed(end);

    await sweep(at(end, -8));
    expect(await renewalsOf(sub.id)).toEqual([]);

    // Two instances' sweeps at once: one order.
    const [a, b] = await Promise.all([
      sweepLapsedSubscriptions({ database: db(), jobs: rig.services.jobs }, { now: at(end, -6) }),
      sweepLapsedSubscriptions({ database: db(), jobs: rig.services.jobs }, { now: at(end, -6) }),
    ]);
    expect(a.renewals + b.renewals).toBe(1);
    await rig.settle();
    await sweep(at(end, -1));
    const renewals = await renewalsOf(sub.id);
    expect(renewals).toHaveLength(1);
    const [renewal] = renewals;
    expect(renewal).toMatchObject({
      status: "pending",
      provider: "offline",
      renewalOf: sub.id,
      userId: buyer.userId,
      currency: "USD",
      total: 1900,
      checkoutKey: offlineRenewalKey(sub, end),
      paymentStart: {
        kind: "offline",
        instructions: "IBAN DE00 0000 0000 0000 00",
        dueAt: end.toISOString(),
      },
    });
    expect(renewal!.checkoutKey).toBe(`renewal:offline:${sub.id}:2031-03-15T10:00:00.000Z`);
    // Still the subscription's period: nothing is lengthened before the money arrives.
    expect((await subscription(sub.id)).currentPeriodEnd).toEqual(end);

    // One mail, with the amount, the date to pay by and the site's bank instructions.
    const mails = (await readOutbox(db(), { to: buyer.email })).filter((mail) =>
      mail.subject.startsWith("Payment due"),
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(
      `Payment due by March 15, 2031: Gold monthly — ${mail!.subject.split(" — ")[1]}`,
    );
    for (const part of [
      "$19.00",
      "March 15, 2031",
      "IBAN DE00 0000 0000 0000 00",
      `#${renewal!.number}`,
      "/dashboard/orders",
    ]) {
      expect(mail!.textBody).toContain(part);
      expect(mail!.htmlBody).toContain(part);
    }

    // The member's orders show it pending, with the instructions and the date; so does its page.
    const mine = await listMyOrders(db(), {
      account: { accountId: rig.accountId } as Parameters<typeof listMyOrders>[1]["account"],
      viewer: memberViewer(buyer.userId),
    });
    expect(mine.find((order) => order.id === renewal!.id)).toMatchObject({
      status: "pending",
      renewal: true,
      instructions: "IBAN DE00 0000 0000 0000 00",
      dueAt: end.toISOString(),
    });
    expect(mine.find((order) => order.id === sub.orderId)).toMatchObject({
      renewal: false,
      instructions: null,
      dueAt: null,
    });
    const view = await (await buyer.request(`/api/orders/${renewal!.id}`)).json();
    expect(view).toMatchObject({ status: "pending", instructions: "IBAN DE00 0000 0000 0000 00" });
  });

  test("C6 offline subscription: confirming the renewal lengthens the period and the access once, and the next period gets its own order", async () => {
    const end = new Date("2032-05-20T08:00:00.000Z");
    const { buyer, sub } = await subscribed(end);
    await sweep(at(end, -6));
    const [renewal] = await renewalsOf(sub.id);

    // Confirmed (today, before the period ends): one period more from the period's end.
    expect((await rig.owner.post(`/api/orders/${renewal!.id}/confirm`, {})).status).toBe(200);
    expect((await rig.owner.post(`/api/orders/${renewal!.id}/confirm`, {})).status).toBe(409);
    await rig.settle();
    const next = periodAfter(end, month);
    expect(next.toISOString()).toBe("2032-06-20T08:00:00.000Z");
    expect(await subscription(sub.id)).toMatchObject({
      status: "active",
      currentPeriodEnd: next,
      paymentsLeft: null,
    });
    const [paid] = await renewalsOf(sub.id);
    expect(paid).toMatchObject({ status: "fulfilled" });
    // A second confirmation changed nothing: one "paid" move.
    const moves = await db().forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.accountId, rig.accountId), eq(orderEvents.orderId, renewal!.id))),
    );
    expect(moves.filter((move) => move.toStatus === "paid")).toHaveLength(1);
    expect((await holding(buyer.userId)).expiresAt).toEqual(at(next, RENEWAL_GRACE_DAYS));
    expect(await holdsGoldAt(buyer.userId, at(end, 20))).toBe(true);

    // The sweep within the new period's notice: the next period's order, keyed by its end.
    await sweep(at(end, 1));
    expect(await renewalsOf(sub.id)).toHaveLength(1);
    await sweep(at(next, -6));
    const both = await renewalsOf(sub.id);
    expect(both).toHaveLength(2);
    expect(both[1]).toMatchObject({
      status: "pending",
      checkoutKey: offlineRenewalKey(sub, next),
    });
  });

  logicTest(
    "C6 offline subscription instalments: renewals stop after their count, and the plan paid off gives for ever",
    async () => {
      let end = new Date("2033-01-31T12:00:00.000Z");
      const { buyer, sub } = await subscribed(end, {
        id: instalments.productId,
        priceId: instalments.priceId,
      });
      expect(sub.paymentsLeft).toBe(2);
      for (const left of [1, 0]) {
        await sweep(at(end, -6));
        const pending = (await renewalsOf(sub.id)).filter((order) => order.status === "pending");
        expect(pending).toHaveLength(1);
        expect(pending[0]).toMatchObject({ total: 3000 });
        expect((await rig.owner.post(`/api/orders/${pending[0]!.id}/confirm`, {})).status).toBe(
          200,
        );
        await rig.settle();
        const after = await subscription(sub.id);
        expect(after.paymentsLeft).toBe(left);
        expect(after.currentPeriodEnd).toEqual(periodAfter(end, month));
        end = after.currentPeriodEnd!;
      }
      // Three payments made: no more orders, no lapse, the level for good.
      for (const when of [at(end, -6), at(end, 1), at(end, 60)]) await sweep(when);
      const all = await renewalsOf(sub.id);
      expect(all.map((order) => order.status)).toEqual(["fulfilled", "fulfilled"]);
      expect((await subscription(sub.id)).status).toBe("active");
      expect((await holding(buyer.userId)).expiresAt).toBeNull();
    },
  );

  test("C6 offline subscription unpaid: past due once the grace has passed (the access lapsed on its own date), still payable; a late confirmation brings the access back from that day", async () => {
    const end = new Date("2034-07-10T00:00:00.000Z");
    const { buyer, sub } = await subscribed(end);
    await sweep(at(end, -6));
    const [renewal] = await renewalsOf(sub.id);

    // Within the grace: still active, still held.
    await sweep(at(end, 1));
    expect((await subscription(sub.id)).status).toBe("active");
    expect(await holdsGoldAt(buyer.userId, at(end, 1))).toBe(true);
    // The grace over: past due, and the level already lapsed by its own date.
    await sweep(at(end, RENEWAL_GRACE_DAYS + 0.05));
    expect((await subscription(sub.id)).status).toBe("past_due");
    expect((await holding(buyer.userId)).expiresAt).toEqual(at(end, RENEWAL_GRACE_DAYS));
    expect(await holdsGoldAt(buyer.userId, at(end, RENEWAL_GRACE_DAYS + 0.05))).toBe(false);
    expect(await renewalsOf(sub.id)).toMatchObject([{ id: renewal!.id, status: "pending" }]);
    await sweep(at(end, 10));
    expect((await subscription(sub.id)).status).toBe("past_due");

    // The transfer arrives late: the new period counts from the confirmation.
    const confirmedAt = at(end, 12);
    await confirmOfflinePayment(rig.services, {
      accountId: rig.accountId,
      viewer: managerViewer(),
      orderId: renewal!.id,
      now: confirmedAt,
    });
    await rig.settle();
    const next = periodAfter(confirmedAt, month);
    expect(await subscription(sub.id)).toMatchObject({ status: "active", currentPeriodEnd: next });
    expect((await holding(buyer.userId)).expiresAt).toEqual(at(next, RENEWAL_GRACE_DAYS));
    expect(await holdsGoldAt(buyer.userId, at(confirmedAt, 1))).toBe(true);
  });

  test("C6 offline subscription never paid: the manager cancels its renewal, or the sweep does past the payable time; either way the subscription ends", async () => {
    const end = new Date("2035-02-01T00:00:00.000Z");
    const cancelledByManager = await subscribed(end);
    const leftUnpaid = await subscribed(end);
    await sweep(at(end, -6));
    const [first] = await renewalsOf(cancelledByManager.sub.id);
    expect((await rig.owner.post(`/api/orders/${first!.id}/cancel`, {})).status).toBe(200);

    // Cancelled by the manager: nothing waits, so past due at the end, ended after the grace,
    // and no second order for the same period.
    await sweep(at(end, 0.5));
    expect((await subscription(cancelledByManager.sub.id)).status).toBe("past_due");
    await sweep(at(end, RENEWAL_GRACE_DAYS + 0.5));
    expect((await subscription(cancelledByManager.sub.id)).status).toBe("ended");
    expect(await renewalsOf(cancelledByManager.sub.id)).toMatchObject([{ status: "cancelled" }]);

    // Left unpaid: past due, payable for a month, then cancelled by the sweep and ended.
    expect((await subscription(leftUnpaid.sub.id)).status).toBe("past_due");
    await sweep(at(end, OFFLINE_RENEWAL_PAYABLE_DAYS - 1));
    expect(await renewalsOf(leftUnpaid.sub.id)).toMatchObject([{ status: "pending" }]);
    const result = await sweep(at(end, OFFLINE_RENEWAL_PAYABLE_DAYS));
    expect(result.renewalsCancelled).toBeGreaterThanOrEqual(1);
    const [gaveUp] = await renewalsOf(leftUnpaid.sub.id);
    expect(gaveUp).toMatchObject({ status: "cancelled" });
    expect((await subscription(leftUnpaid.sub.id)).status).toBe("ended");
    expect((await rig.owner.post(`/api/orders/${gaveUp!.id}/confirm`, {})).status).toBe(409);
    expect((await holding(leftUnpaid.buyer.userId)).status).not.toBe("active");
  });

  logicTest(
    "C6 offline subscription cancelled by the member gets no renewal order; one issued before the cancel is withdrawn",
    async () => {
      const end = new Date("2036-09-09T09:00:00.000Z");
      const early = await subscribed(end);
      const late = await subscribed(end);
      const cancel = (who: { buyer: { userId: string }; sub: Sub }) =>
        cancelSubscription(
          { database: db() },
          {
            accountId: rig.accountId,
            viewer: memberViewer(who.buyer.userId),
            subscriptionId: who.sub.id,
          },
        );

      // Asked to stop before the notice: no order is ever issued.
      await cancel(early);
      await sweep(at(end, -6));
      expect(await renewalsOf(early.sub.id)).toEqual([]);
      // Asked to stop after its order was issued: the order is cancelled, nobody should pay it.
      const [issued] = await renewalsOf(late.sub.id);
      expect(issued).toMatchObject({ status: "pending" });
      await cancel(late);
      await sweep(at(end, -5));
      expect(await renewalsOf(late.sub.id)).toMatchObject([{ status: "cancelled" }]);
      // Both keep the period paid for, then end with it.
      for (const who of [early, late]) {
        expect(await subscription(who.sub.id)).toMatchObject({
          status: "active",
          cancelAtPeriodEnd: true,
        });
        expect(await holdsGoldAt(who.buyer.userId, at(end, -1))).toBe(true);
      }
      await sweep(at(end, 0.1));
      for (const who of [early, late]) {
        expect((await subscription(who.sub.id)).status).toBe("ended");
        expect(await renewalsOf(who.sub.id)).toHaveLength(who === early ? 0 : 1);
      }
    },
  );
});
