// C6 refunds over HTTP on PGlite and PostgreSQL, against each provider's fake: a manager refunds
// part of an order (the provider is asked for that amount, the order keeps its access), then the
// rest (refunded, access revoked); more than what is left is refused and changes nothing;
// refunds at the same moment never pass the total; an order that charged nothing (a trial) asks
// no provider for money and ends its subscription there; a subscription's first order gives back
// its own payment, not a renewal's; a part refunded in the provider's dashboard is recorded as a
// part, once.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findAccountBySlug } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { memberMemberships } from "~/features/memberships/tables.server";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { backends, logicTestOn } from "../../../tests/support/test-database";
import { dailyRevenue, loadRevenueReport } from "./order-reports.server";
import { parseShopQuery } from "./order-views";
import { orderEvents, orders } from "./tables.server";

type Placed = {
  order: { id: string; number: number; status: string };
  start: { kind: string; url?: string; providerRef?: string | null } | null;
};
type Obj = Record<string, any>;

describe.each(backends)("C6 refunds on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let rig: CommerceRig;
  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  const pass = () => ({ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 });
  const gold = () => ({
    id: rig.catalogue.gold.id,
    priceId: rig.catalogue.goldPrice.id,
    quantity: 1,
  });

  async function placed(buyer: Client, body: Record<string, unknown>): Promise<Placed> {
    const res = await buyer.post("/api/checkout", {
      provider: "stripe",
      checkoutKey: crypto.randomUUID(),
      ...body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Placed;
  }

  /** A buyer pays `lines` through Stripe's fake; the queue fulfils the order. */
  async function paidAtStripe(lines = [pass()], extra: Record<string, unknown> = {}) {
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, { lines, ...extra });
    await rig.stripe.pay(start!.providerRef!);
    await rig.settle();
    return { buyer, order, sessionId: start!.providerRef! };
  }

  const refund = (orderId: string, body: Record<string, unknown> = {}, client?: Client) =>
    (client ?? rig.owner).post(`/api/orders/${orderId}/refund`, body);

  const orderRow = (id: string) => rig.orderRow(id);
  const historyOf = (id: string) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.accountId, rig.accountId), eq(orderEvents.orderId, id))),
    );
  const refundLines = async (id: string) =>
    (await historyOf(id)).filter((event) => event.amount !== null);
  const enrolled = (userId: string) => rig.enrolment(userId);
  const subscriptionOf = (orderId: string) => rig.subscriptionOf(orderId);
  const holdingOf = (userId: string) =>
    rig.db.database.forAccount(rig.accountId, async (tx) => {
      const [row] = await tx
        .select()
        .from(memberMemberships)
        .where(
          and(eq(memberMemberships.accountId, rig.accountId), eq(memberMemberships.userId, userId)),
        );
      return row!;
    });

  const stripeObject = (id: string) => rig.stripe.object(id) as Obj;
  /** The charge behind a one-time Stripe checkout. */
  const chargeOfSession = (sessionId: string) =>
    stripeObject(stripeObject(stripeObject(sessionId).payment_intent).latest_charge);
  /** The charge that paid a Stripe invoice (its invoice payment's intent). */
  async function chargeOfInvoice(invoiceId: string) {
    const auth = { authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}` };
    const list = (await (
      await fetch(`${rig.stripe.url}/v1/invoice_payments?invoice=${invoiceId}`, { headers: auth })
    ).json()) as { data: Obj[] };
    return stripeObject(stripeObject(list.data[0]!.payment.payment_intent).latest_charge);
  }
  /** A refund made in Stripe's dashboard (its API), as the site owner might. */
  async function refundAtStripe(sessionId: string, amount?: number) {
    const res = await fetch(`${rig.stripe.url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `payment_intent=${stripeObject(sessionId).payment_intent}${amount ? `&amount=${amount}` : ""}`,
    });
    expect(res.status).toBe(200);
  }
  const stripeCalls = (method: string, prefix: string) =>
    rig.stripe.requests.filter((r) => r.method === method && r.path.startsWith(prefix)).length;

  const today = () => {
    const day = new Date().toISOString().slice(0, 10);
    return { from: day, to: day, timeZone: "UTC" };
  };
  const revenueToday = async () =>
    (await dailyRevenue(rig.db.database, rig.accountId, today()))
      .filter((row) => row.currency === "USD")
      .reduce((sum, row) => sum + row.revenue, 0);
  async function refundedThisMonth() {
    const account = await rig.db.database.asApp((tx) =>
      findAccountBySlug(tx, rig.host.split(".")[0]!),
    );
    const viewer = {
      user: { id: rig.owner.userId },
      membership: { caps: ["manage_options"] },
      isSuperAdmin: false,
    } as unknown as Viewer;
    const report = await loadRevenueReport(rig.db.database, {
      account: account!,
      viewer,
      query: parseShopQuery(new URLSearchParams("tab=revenue&currency=USD")),
    });
    return report.totals.refunded;
  }

  logicTest(
    "C6 partial refund at Stripe, then the rest: the part keeps the order and its course, the rest refunds it and closes the course; revenue counts what was kept",
    async () => {
      const revenueBefore = await revenueToday();
      const refundedBefore = await refundedThisMonth();
      const { buyer, order, sessionId } = await paidAtStripe();
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", total: 5000 });
      expect(await revenueToday()).toBe(revenueBefore + 5000);

      const part = await refund(order.id, { amount: 1500 });
      expect(part.status, await part.clone().text()).toBe(200);
      expect(await part.json()).toMatchObject({ order: { status: "fulfilled", refunded: 1500 } });
      // Stripe was asked for that amount of this order's payment; its webhook later adds nothing.
      expect(chargeOfSession(sessionId)).toMatchObject({ amount_refunded: 1500, refunded: false });
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", refunded: 1500 });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
      const [line] = await refundLines(order.id);
      expect(await refundLines(order.id)).toHaveLength(1);
      expect(line).toMatchObject({
        fromStatus: "fulfilled",
        toStatus: "fulfilled",
        cause: `manager:${rig.owner.userId}`,
        amount: 1500,
      });
      expect(await revenueToday()).toBe(revenueBefore + 3500);
      expect(await refundedThisMonth()).toBe(refundedBefore + 1500);

      // The rest: no amount is all that is left.
      const rest = await refund(order.id);
      expect(rest.status).toBe(200);
      expect(await rest.json()).toMatchObject({ order: { status: "refunded", refunded: 5000 } });
      expect(chargeOfSession(sessionId)).toMatchObject({ amount_refunded: 5000, refunded: true });
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded: 5000 });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "cancelled" });
      expect((await refundLines(order.id)).map((event) => event.amount)).toEqual([1500, 3500]);
      expect(await revenueToday()).toBe(revenueBefore);
      expect(await refundedThisMonth()).toBe(refundedBefore + 5000);
      // Nothing is left to refund.
      expect((await refund(order.id)).status).toBe(409);
    },
  );

  logicTest(
    "C6 a refund larger than what is left, or not a whole positive amount, is refused with 400 and changes nothing, at Stripe either",
    async () => {
      const { buyer, order } = await paidAtStripe();
      expect((await refund(order.id, { amount: 2000 })).status).toBe(200);
      const before = await orderRow(order.id);
      const history = (await historyOf(order.id)).length;
      const refundsAsked = stripeCalls("POST", "/v1/refunds");

      const tooLarge = await refund(order.id, { amount: 3001 });
      expect(tooLarge.status).toBe(400);
      expect(await tooLarge.json()).toMatchObject({
        error: { code: "order.refundTooLarge", details: { left: 3000 } },
      });
      for (const body of [
        { amount: 0 },
        { amount: -5 },
        { amount: 12.5 },
        { amount: "1000" },
        { amount: 1e12 },
        { amount: 1000, extra: true },
      ]) {
        const res = await refund(order.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(await res.json()).toMatchObject({ error: { code: "request.invalid" } });
      }
      // A member may not refund, whatever the amount.
      expect((await refund(order.id, { amount: 100 }, buyer)).status).toBe(403);

      expect(await orderRow(order.id)).toEqual(before);
      expect(await historyOf(order.id)).toHaveLength(history);
      expect(stripeCalls("POST", "/v1/refunds")).toBe(refundsAsked);
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
    },
  );

  test("C6 concurrent partial refunds by several managers never refund more than the total", async () => {
    const { buyer, order, sessionId } = await paidAtStripe();
    // One after the other: members made at once could race for the same slug.
    const managers: Client[] = [];
    for (let n = 0; n < 5; n++) managers.push(await rig.signedIn("site_owner"));
    const answers = await Promise.all(
      managers.map((manager) => refund(order.id, { amount: 2000 }, manager)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400]);
    expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", refunded: 4000 });
    expect(chargeOfSession(sessionId)).toMatchObject({ amount_refunded: 4000 });

    // The last 1000: "all that is left" and a part of 1000 at once; one of them gets it.
    const last = await Promise.all([
      refund(order.id, {}, managers[0]),
      refund(order.id, { amount: 1000 }, managers[1]),
    ]);
    expect(last.filter((res) => res.status === 200)).toHaveLength(1);
    await rig.settle();
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded: 5000 });
    expect(chargeOfSession(sessionId)).toMatchObject({ amount_refunded: 5000 });
    const moved = (await refundLines(order.id)).reduce((sum, event) => sum + event.amount!, 0);
    expect(moved).toBe(5000);
    expect(await enrolled(buyer.userId)).toMatchObject({ status: "cancelled" });
  });

  logicTest(
    "C6 partial refunds through PayPal and Razorpay send the amount in the currency's minor units; the provider's webhooks add nothing",
    async () => {
      // PayPal, USD: 12.34 of 50.00, then the rest (PayPal refuses a rest above what is left).
      const payer = await rig.signedIn("student");
      const viaPaypal = await placed(payer, { lines: [pass()], provider: "paypal" });
      const back = new URL(await rig.paypal.approve(viaPaypal.start!.providerRef!));
      const payload = Object.fromEntries(back.searchParams);
      expect(
        (await payer.post(`/api/checkout/${viaPaypal.order.id}/return`, { payload })).status,
      ).toBe(200);
      await rig.settle();
      expect((await refund(viaPaypal.order.id, { amount: 1234 })).status).toBe(200);
      await rig.settle();
      expect(await orderRow(viaPaypal.order.id)).toMatchObject({
        status: "fulfilled",
        refunded: 1234,
      });
      expect((await refund(viaPaypal.order.id, { amount: 3766 })).status).toBe(200);
      await rig.settle();
      expect(await orderRow(viaPaypal.order.id)).toMatchObject({
        status: "refunded",
        refunded: 5000,
      });
      const paypalHooks = rig.paypal.webhooks.deliveries.filter(
        (hook) => hook.type === "PAYMENT.CAPTURE.REFUNDED",
      );
      expect(paypalHooks.slice(-2).map((hook) => hook.status)).toEqual([200, 200]);

      // Razorpay, INR (paise): ₹1,000.50 of ₹3,999.00.
      const buyer = await rig.signedIn("student");
      const viaRazorpay = await placed(buyer, {
        lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.inr.id, quantity: 1 }],
        currency: "INR",
        provider: "razorpay",
      });
      const answer = await rig.razorpay.pay(viaRazorpay.start!.providerRef!);
      expect(
        (await buyer.post(`/api/checkout/${viaRazorpay.order.id}/return`, { payload: answer }))
          .status,
      ).toBe(200);
      await rig.settle();
      expect((await refund(viaRazorpay.order.id, { amount: 100_050 })).status).toBe(200);
      expect(rig.razorpay.payment(answer.razorpay_payment_id)).toMatchObject({
        amount_refunded: 100_050,
        refund_status: "partial",
      });
      await rig.settle();
      expect(await orderRow(viaRazorpay.order.id)).toMatchObject({
        status: "fulfilled",
        refunded: 100_050,
      });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
    },
  );

  logicTest(
    "C6 refunding an order that charged nothing (a Stripe, PayPal or Razorpay trial) asks no provider for money, ends its subscription there, and takes the level back",
    async () => {
      for (const provider of ["stripe", "paypal", "razorpay"] as const) {
        const buyer = await rig.signedIn("student");
        const { order, start } = await placed(buyer, { lines: [gold()], provider });
        const ref = start!.providerRef!;
        if (provider === "stripe") await rig.stripe.pay(ref);
        else {
          const payload =
            provider === "razorpay"
              ? await rig.razorpay.paySubscription(ref, { origin: `http://${rig.host}` })
              : Object.fromEntries(new URL(await rig.paypal.approveSubscription(ref)).searchParams);
          expect((await buyer.post(`/api/checkout/${order.id}/return`, { payload })).status).toBe(
            200,
          );
        }
        await rig.settle();
        expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", total: 0 });
        expect(await subscriptionOf(order.id)).toMatchObject({ status: "trialing" });
        expect((await holdingOf(buyer.userId)).status).toBe("active");
        const fake = rig[provider];
        const asked = fake.requests.length;

        // Nothing was charged, so no amount can be refunded.
        const some = await refund(order.id, { amount: 1 });
        expect(some.status).toBe(400);
        expect(await some.json()).toMatchObject({ error: { code: "order.refundTooLarge" } });
        const res = await refund(order.id);
        expect(res.status, `${provider}: ${await res.clone().text()}`).toBe(200);
        await rig.settle();

        const calls = fake.requests.slice(asked);
        expect(calls.filter((call) => /refund/.test(call.path))).toEqual([]);
        const sub = await subscriptionOf(order.id);
        expect(sub.status).toBe("ended");
        if (provider === "stripe") {
          const subRef = sub.providerRef!;
          expect(calls).toContainEqual({ method: "DELETE", path: `/v1/subscriptions/${subRef}` });
          expect(stripeObject(subRef)).toMatchObject({ status: "canceled" });
        } else if (provider === "paypal") {
          expect(calls).toContainEqual({
            method: "POST",
            path: `/v1/billing/subscriptions/${ref}/cancel`,
          });
          expect(rig.paypal.subscription(ref)).toMatchObject({ status: "CANCELLED" });
        } else {
          expect(calls).toContainEqual({ method: "POST", path: `/v1/subscriptions/${ref}/cancel` });
          expect(rig.razorpay.subscription(ref)).toMatchObject({ status: "cancelled" });
        }
        expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded: 0 });
        expect((await holdingOf(buyer.userId)).status).not.toBe("active");
      }
    },
  );

  logicTest(
    "C6 Stripe: refunding a subscription's first order after a renewal gives back that order's own payment (its amount), never the renewal's",
    async () => {
      const setTrial = (trialDays: number) => rig.setGoldPrice({ trialDays });
      await setTrial(0);
      try {
        // 20 % off the first month: 15.20 now; the renewal is charged the full 19.00.
        const { buyer, order, sessionId } = await paidAtStripe([gold()], { coupon: "SAVE20" });
        expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", total: 1520 });
        const sub = await subscriptionOf(order.id);
        expect(sub.status).toBe("active");
        await rig.stripe.renew(sub.providerRef!);
        await rig.settle();
        const [renewal] = await rig.db.database.forAccount(rig.accountId, (tx) =>
          tx
            .select()
            .from(orders)
            .where(and(eq(orders.accountId, rig.accountId), eq(orders.renewalOf, sub.id))),
        );
        expect(renewal).toMatchObject({ status: "fulfilled", total: 1900 });
        expect(stripeObject(sub.providerRef!).latest_invoice).toBe(renewal!.providerRef);

        // A part first: 5.00 of the first order's own payment; the subscription runs on.
        expect((await refund(order.id, { amount: 500 })).status).toBe(200);
        const firstCharge = await chargeOfInvoice(stripeObject(sessionId).invoice);
        expect(firstCharge).toMatchObject({ amount: 1520, amount_refunded: 500 });
        expect(stripeObject(sub.providerRef!).status).toBe("active");
        // The rest of it: 10.20 more, the subscription ends at Stripe and here.
        expect((await refund(order.id)).status).toBe(200);
        await rig.settle();
        expect(await chargeOfInvoice(stripeObject(sessionId).invoice)).toMatchObject({
          amount_refunded: 1520,
        });
        expect(await chargeOfInvoice(renewal!.providerRef!)).toMatchObject({
          amount: 1900,
          amount_refunded: 0,
        });
        expect(stripeObject(sub.providerRef!)).toMatchObject({ status: "canceled" });
        expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded: 1520 });
        expect(await orderRow(renewal!.id)).toMatchObject({ status: "fulfilled", refunded: 0 });
        expect((await subscriptionOf(order.id)).status).toBe("ended");
        expect((await holdingOf(buyer.userId)).status).not.toBe("active");
      } finally {
        await setTrial(7);
      }
    },
  );

  logicTest(
    "C6 a partial refund made in Stripe's dashboard is recorded as a part (the same event twice, or an older sum heard late, counts once); the rest refunds the order",
    async () => {
      const { buyer, order, sessionId } = await paidAtStripe();
      rig.stripe.webhooks.configure({ copies: 2 });
      await refundAtStripe(sessionId, 2000);
      await rig.settle();
      rig.stripe.webhooks.configure({ copies: 1 });
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", refunded: 2000 });
      const [line] = await refundLines(order.id);
      expect(await refundLines(order.id)).toHaveLength(1);
      expect(line).toMatchObject({
        fromStatus: "fulfilled",
        toStatus: "fulfilled",
        amount: 2000,
        cause: expect.stringMatching(/^stripe:evt_/),
      });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });

      // Two more parts whose news arrives newest first: the older sum changes nothing.
      rig.stripe.webhooks.configure({ hold: true });
      await refundAtStripe(sessionId, 500);
      await refundAtStripe(sessionId, 700);
      rig.stripe.webhooks.configure({ hold: false });
      await rig.stripe.webhooks.release({ reverse: true });
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", refunded: 3200 });
      expect((await refundLines(order.id)).map((event) => event.amount)).toEqual([2000, 1200]);

      // The rest, at Stripe: the order is refunded and the course closed.
      await refundAtStripe(sessionId);
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded: 5000 });
      expect((await refundLines(order.id)).map((event) => event.amount)).toEqual([
        2000, 1200, 1800,
      ]);
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "cancelled" });
    },
  );
});
