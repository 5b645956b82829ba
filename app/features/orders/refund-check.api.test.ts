// C6 a manager's refund survives a crash (decision 032), on PGlite and PostgreSQL against the
// providers' fakes: the reservation's transaction enqueues `orders.refund-check` minutes later;
// a process that dies after the reservation leaves that job, which asks the provider again with
// the same refund key and finishes the refund once (refunded, access revoked), or gives the
// reservation back when the provider refuses; a check after a request that finished everything
// changes nothing; Razorpay's refund asked twice with one key is one refund.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { refundPayment } from "~/features/payments/payments.server";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { logicBackends } from "../../../tests/support/test-database";
import { ORDER_REFUND_CHECK_JOB } from "./order-jobs";
import {
  checkRefund,
  refundCheckData,
  REFUND_CHECK_AFTER_SECONDS,
  reserveRefund,
} from "./refund-reservation.server";
import { orderEvents } from "./tables.server";

type Obj = Record<string, any>;

describe.each(logicBackends)("C6 refund checks on %s", (backend) => {
  let rig: CommerceRig;
  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  const deps = () => ({ ...rig.services, jobs: rig.services.jobs });
  const manager = (): Viewer =>
    ({
      user: { id: rig.owner.userId },
      membership: { caps: ["manage_options"] },
      isSuperAdmin: false,
    }) as unknown as Viewer;

  async function paidAtStripe() {
    const buyer = await rig.signedIn("student");
    const res = await buyer.post("/api/checkout", {
      provider: "stripe",
      checkoutKey: crypto.randomUUID(),
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { order, start } = (await res.json()) as { order: { id: string }; start: Obj };
    await rig.stripe.pay(start.providerRef);
    await rig.settle();
    return { buyer, orderId: order.id, sessionId: start.providerRef as string };
  }

  async function paidAtRazorpay(buyer: Client) {
    const res = await buyer.post("/api/checkout", {
      provider: "razorpay",
      currency: "INR",
      checkoutKey: crypto.randomUUID(),
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.inr.id, quantity: 1 }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { order, start } = (await res.json()) as { order: { id: string }; start: Obj };
    const answer = await rig.razorpay.pay(start.providerRef);
    expect((await buyer.post(`/api/checkout/${order.id}/return`, { payload: answer })).status).toBe(
      200,
    );
    await rig.settle();
    return { orderId: order.id, paymentId: answer.razorpay_payment_id };
  }

  const stripeObject = (id: string) => rig.stripe.object(id) as Obj;
  const chargeOf = (sessionId: string) =>
    stripeObject(stripeObject(stripeObject(sessionId).payment_intent).latest_charge);
  /** The refunds Stripe's fake made of a session's payment. */
  const stripeRefundsOf = (sessionId: string) =>
    rig.stripe.refundsOf(stripeObject(sessionId).payment_intent as string);
  const enrolled = (userId: string) => rig.enrolment(userId);
  const historyOf = (orderId: string) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.accountId, rig.accountId), eq(orderEvents.orderId, orderId))),
    );
  /** The refund checks waiting in the queue for an order (pg-boss's own table). */
  async function checksOf(orderId: string) {
    const { rows } = await rig.db.database.owner.execute<{
      id: string;
      state: string;
      data: Record<string, unknown>;
      delay: number;
    }>(
      sql`select id, state::text as state, data,
            extract(epoch from (start_after - created_on))::float8 as delay
          from pgboss.job where name = ${ORDER_REFUND_CHECK_JOB} and data->>'orderId' = ${orderId}`,
    );
    return rows;
  }
  /** The minutes pass: the order's checks come due, and the queue runs them. */
  async function checksComeDue(orderId: string) {
    await rig.db.database.owner.execute(
      sql`update pgboss.job set start_after = now()
          where name = ${ORDER_REFUND_CHECK_JOB} and data->>'orderId' = ${orderId}
            and state in ('created', 'retry')`,
    );
    await rig.settle();
  }

  test("C6 a crash after the reservation: the refund's check, minutes later, refunds the order once at Stripe and revokes its course; a second run changes nothing", async () => {
    const { buyer, orderId, sessionId } = await paidAtStripe();
    // The request reserves the whole order, then its process dies before Stripe is asked.
    const reserved = await reserveRefund(deps(), {
      accountId: rig.accountId,
      viewer: manager(),
      orderId,
    });
    expect(reserved).toMatchObject({ give: 5000, completes: true, before: 0 });
    expect(await rig.orderRow(orderId)).toMatchObject({ status: "fulfilled", refunded: 5000 });
    const [check] = await checksOf(orderId);
    expect(check).toMatchObject({
      state: "created",
      data: { orderId, eventId: reserved.eventId, amount: 5000, before: 0 },
    });
    expect(check!.delay).toBeGreaterThanOrEqual(REFUND_CHECK_AFTER_SECONDS - 1);
    // Not before its time: the queue runs what is due, and the check is not.
    await rig.settle();
    expect((await checksOf(orderId))[0]!.state).toBe("created");
    expect(chargeOf(sessionId)).toMatchObject({ amount_refunded: 0 });

    await checksComeDue(orderId);
    expect((await checksOf(orderId))[0]!.state).toBe("completed");
    expect(chargeOf(sessionId)).toMatchObject({ amount_refunded: 5000, refunded: true });
    expect(stripeRefundsOf(sessionId)).toHaveLength(1);
    expect(await rig.orderRow(orderId)).toMatchObject({ status: "refunded", refunded: 5000 });
    expect(await enrolled(buyer.userId)).toMatchObject({ status: "cancelled" });
    const moves = await historyOf(orderId);
    expect(moves.filter((event) => event.toStatus === "refunded")).toHaveLength(1);
    expect(moves.filter((event) => event.amount !== null).map((event) => event.amount)).toEqual([
      5000,
    ]);

    // The same check again (a retry, a second worker): nothing more at Stripe or here.
    const again = await checkRefund(deps(), refundCheckData(check!.data));
    expect(again).toBe("done");
    expect(stripeRefundsOf(sessionId)).toHaveLength(1);
    expect((await historyOf(orderId)).length).toBe(moves.length);
  });

  test("C6 a crash after Stripe made the refund (before the order was settled): the check asks again under the same key, Stripe answers with the same refund, and the order is refunded once", async () => {
    const { buyer, orderId, sessionId } = await paidAtStripe();
    // A part first, finished by its request; then the rest, whose request dies after Stripe.
    expect((await rig.owner.post(`/api/orders/${orderId}/refund`, { amount: 1500 })).status).toBe(
      200,
    );
    const rest = await reserveRefund(deps(), {
      accountId: rig.accountId,
      viewer: manager(),
      orderId,
    });
    expect(rest).toMatchObject({ give: 3500, before: 1500, completes: true });
    // Stripe's webhook of that refund is lost for now: only the check is left to finish it.
    rig.stripe.webhooks.configure({ hold: true });
    await refundPayment(deps(), {
      accountId: rig.accountId,
      order: rest.order,
      amount: rest.give,
      refundKey: rest.refundKey,
    });
    await rig.settle();
    expect(stripeRefundsOf(sessionId).map((refund) => refund.amount)).toEqual([1500, 3500]);
    expect(await rig.orderRow(orderId)).toMatchObject({ status: "fulfilled", refunded: 5000 });
    expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });

    await checksComeDue(orderId);
    rig.stripe.webhooks.configure({ hold: false });
    const checks = await checksOf(orderId);
    expect(checks.map((check) => check.state)).toEqual(["completed", "completed"]);
    // Each check asked Stripe again with its refund's key: no third refund.
    expect(stripeRefundsOf(sessionId).map((refund) => refund.amount)).toEqual([1500, 3500]);
    expect(chargeOf(sessionId)).toMatchObject({ amount_refunded: 5000, refunded: true });
    expect(await rig.orderRow(orderId)).toMatchObject({ status: "refunded", refunded: 5000 });
    expect(await enrolled(buyer.userId)).toMatchObject({ status: "cancelled" });
    const moves = await historyOf(orderId);
    expect(moves.filter((event) => event.toStatus === "refunded")).toHaveLength(1);
    expect(moves.filter((event) => event.amount !== null).map((event) => event.amount)).toEqual([
      1500, 3500,
    ]);
    // Stripe's late news finds nothing left to do.
    await rig.stripe.webhooks.release();
    await rig.settle();
    expect(await historyOf(orderId)).toHaveLength(moves.length);
  });

  test("C6 a crash after the reservation of a refund Stripe refuses: the check gives the reservation back (the sum and its history line), once", async () => {
    const { buyer, orderId, sessionId } = await paidAtStripe();
    // The owner refunded everything in Stripe's dashboard; its webhook is late.
    rig.stripe.webhooks.configure({ hold: true });
    try {
      const res = await fetch(`${rig.stripe.url}/v1/refunds`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: `payment_intent=${stripeObject(sessionId).payment_intent}`,
      });
      expect(res.status).toBe(200);
      const reserved = await reserveRefund(deps(), {
        accountId: rig.accountId,
        viewer: manager(),
        orderId,
        amount: 1200,
      });
      expect(await rig.orderRow(orderId)).toMatchObject({ refunded: 1200 });
      const history = (await historyOf(orderId)).length;

      await checksComeDue(orderId);
      const [check] = await checksOf(orderId);
      expect(check!.state).toBe("completed");
      expect(stripeRefundsOf(sessionId)).toHaveLength(1);
      expect(await rig.orderRow(orderId)).toMatchObject({ status: "fulfilled", refunded: 0 });
      const lines = await historyOf(orderId);
      expect(lines).toHaveLength(history - 1);
      expect(lines.map((event) => event.id)).not.toContain(reserved.eventId);
      // Heard twice, the refusal gives back once.
      expect(await checkRefund(deps(), refundCheckData(check!.data))).toBe("released");
      expect(await rig.orderRow(orderId)).toMatchObject({ refunded: 0 });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
    } finally {
      rig.stripe.webhooks.configure({ hold: false });
      await rig.stripe.webhooks.release();
    }
    // Stripe's late news of its dashboard's refund still refunds the order.
    await rig.settle();
    expect(await rig.orderRow(orderId)).toMatchObject({ status: "refunded", refunded: 5000 });
  });

  test("C6 a check that cannot reach Stripe (down: 500) keeps the reservation and tries again later; once Stripe is back, it makes the refund once", async () => {
    const { buyer, orderId, sessionId } = await paidAtStripe();
    await reserveRefund(deps(), {
      accountId: rig.accountId,
      viewer: manager(),
      orderId,
      amount: 2000,
    });
    rig.stripe.setDown(true);
    try {
      await checksComeDue(orderId);
      const [check] = await checksOf(orderId);
      expect(check!.state).toBe("retry");
      expect(await rig.orderRow(orderId)).toMatchObject({ status: "fulfilled", refunded: 2000 });
      expect((await historyOf(orderId)).filter((event) => event.amount === 2000)).toHaveLength(1);
    } finally {
      rig.stripe.setDown(false);
    }
    expect(stripeRefundsOf(sessionId)).toHaveLength(0);

    await checksComeDue(orderId);
    expect((await checksOf(orderId)).map((check) => check.state)).toEqual(["completed"]);
    expect(stripeRefundsOf(sessionId).map((refund) => refund.amount)).toEqual([2000]);
    expect(await rig.orderRow(orderId)).toMatchObject({ status: "fulfilled", refunded: 2000 });
    expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
  });

  test("C6 PayPal: a crash after PayPal made a part's refund; the check asks again under the same PayPal-Request-Id and PayPal answers with that refund, not a second", async () => {
    const buyer = await rig.signedIn("student");
    const res = await buyer.post("/api/checkout", {
      provider: "paypal",
      checkoutKey: crypto.randomUUID(),
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
    });
    const { order, start } = (await res.json()) as { order: { id: string }; start: Obj };
    const back = new URL(await rig.paypal.approve(start.providerRef));
    const payload = Object.fromEntries(back.searchParams);
    expect((await buyer.post(`/api/checkout/${order.id}/return`, { payload })).status).toBe(200);
    await rig.settle();
    const captureId = (await rig.orderRow(order.id)).paymentRef!;
    const reserved = await reserveRefund(deps(), {
      accountId: rig.accountId,
      viewer: manager(),
      orderId: order.id,
      amount: 1234,
    });
    rig.paypal.webhooks.configure({ hold: true });
    try {
      await refundPayment(deps(), {
        accountId: rig.accountId,
        order: reserved.order,
        amount: 1234,
        refundKey: reserved.refundKey,
      });
      await checksComeDue(order.id);
      expect((await checksOf(order.id)).map((check) => check.state)).toEqual(["completed"]);
    } finally {
      rig.paypal.webhooks.configure({ hold: false });
      await rig.paypal.webhooks.release();
    }
    await rig.settle();
    expect(rig.paypal.refundsOf(captureId).map((refund) => refund.amount.value)).toEqual(["12.34"]);
    expect(await rig.orderRow(order.id)).toMatchObject({ status: "fulfilled", refunded: 1234 });
  });

  test("C6 Razorpay: the same refund asked twice (its key in the refund's notes) is one refund; the request's check finds it and makes none", async () => {
    const buyer = await rig.signedIn("student");
    const { orderId, paymentId } = await paidAtRazorpay(buyer);
    expect((await rig.owner.post(`/api/orders/${orderId}/refund`, { amount: 50_000 })).status).toBe(
      200,
    );
    const [made] = rig.razorpay.refundsOf(paymentId);
    expect(rig.razorpay.refundsOf(paymentId)).toHaveLength(1);
    expect(made).toMatchObject({
      amount: 50_000,
      notes: { lyceum_refund_key: `${orderId}:0:50000` },
    });

    // Asked again with its key (an unclear answer, a retry): Razorpay is not asked for a second.
    const order = await rig.orderRow(orderId);
    await refundPayment(deps(), {
      accountId: rig.accountId,
      order,
      amount: 50_000,
      refundKey: `${orderId}:0:50000`,
    });
    expect(rig.razorpay.refundsOf(paymentId)).toHaveLength(1);
    await checksComeDue(orderId);
    expect((await checksOf(orderId)).map((check) => check.state)).toEqual(["completed"]);
    expect(rig.razorpay.refundsOf(paymentId)).toHaveLength(1);
    expect(rig.razorpay.payment(paymentId)).toMatchObject({ amount_refunded: 50_000 });
    expect(await rig.orderRow(orderId)).toMatchObject({ status: "fulfilled", refunded: 50_000 });

    // Another refund of the same amount has a key of its own: a second refund.
    expect((await rig.owner.post(`/api/orders/${orderId}/refund`, { amount: 50_000 })).status).toBe(
      200,
    );
    expect(rig.razorpay.refundsOf(paymentId).map((refund) => refund.notes)).toEqual([
      { lyceum_refund_key: `${orderId}:0:50000` },
      { lyceum_refund_key: `${orderId}:50000:50000` },
    ]);
  });
});
