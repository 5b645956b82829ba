// C5 end to end over HTTP on PGlite and PostgreSQL: a signed-in buyer's checkout through each
// provider's fake, the webhooks (signed, repeated, out of order, forged), fulfilment by the
// queue, the coupon counted once, the receipt, refunds taking access away.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { coupons } from "~/features/coupons/tables.server";
import { memberMemberships } from "~/features/memberships/tables.server";
import { readOutbox } from "~/platform/mail/mail.server";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { backends, logicTestOn } from "../../../tests/support/test-database";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import { orderEvents, orders, subscriptions } from "./tables.server";

type Placed = {
  order: { id: string; number: number; status: string };
  start: {
    kind: string;
    url?: string;
    providerRef?: string | null;
    client?: Record<string, unknown>;
  } | null;
};

describe.each(backends)("C5 checkout on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let rig: CommerceRig;

  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  const checkout = (buyer: Client, body: Record<string, unknown>) =>
    buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
      provider: "stripe",
      checkoutKey: crypto.randomUUID(),
      ...body,
    });

  async function placed(buyer: Client, body: Record<string, unknown> = {}): Promise<Placed> {
    const res = await checkout(buyer, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Placed;
  }

  const orderRow = (id: string) => rig.orderRow(id);
  const moves = (id: string) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.accountId, rig.accountId), eq(orderEvents.orderId, id))),
    );
  const enrolled = (userId: string) => rig.enrolment(userId);
  const couponUses = () =>
    rig.db.database.forAccount(rig.accountId, async (tx) => {
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, rig.catalogue.coupon.id));
      return row!.usageCount;
    });
  const DAY = 86_400_000;
  const subscriptionOf = (orderId: string) => rig.subscriptionOf(orderId);
  /** A person's holding of the rig's one level (Gold). */
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
  /** The renewal orders of a subscription. */
  const renewalsOf = (subscriptionId: string) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, rig.accountId), eq(orders.renewalOf, subscriptionId))),
    );
  const sessionOf = (start: Placed["start"]) => start!.providerRef!;

  /** A refund made in Stripe's dashboard (its API), as the site owner might. */
  async function refundAtStripe(sessionId: string) {
    const auth = { authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}` };
    const session = (await (
      await fetch(`${rig.stripe.url}/v1/checkout/sessions/${sessionId}`, { headers: auth })
    ).json()) as { payment_intent: string };
    const res = await fetch(`${rig.stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
      body: `payment_intent=${session.payment_intent}`,
    });
    expect(res.status).toBe(200);
  }

  logicTest(
    "C5 Stripe: a 20 % coupon, paid through the fake, fulfilled once; the receipt is sent; the course opens",
    async () => {
      const buyer = await rig.signedIn("student");
      const { order, start } = await placed(buyer, { coupon: "SAVE20" });
      expect(order.status).toBe("pending");
      expect(start).toMatchObject({ kind: "redirect" });
      expect(start!.url).toContain(rig.stripe.url);
      const pending = await orderRow(order.id);
      expect(pending).toMatchObject({
        subtotal: 5000,
        discount: 1000,
        total: 4000,
        coupon: "SAVE20",
        provider: "stripe",
      });
      expect(await enrolled(buyer.userId)).toBeNull();

      await rig.stripe.pay(sessionOf(start));
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled" });
      expect((await moves(order.id)).map((move) => move.toStatus).sort()).toEqual([
        "fulfilled",
        "paid",
        "pending",
      ]);
      expect(await enrolled(buyer.userId)).toMatchObject({ source: "purchase", status: "active" });
      expect(await couponUses()).toBe(1);

      const view = await (await buyer.request(`/api/orders/${order.id}`)).json();
      expect(view).toMatchObject({
        status: "fulfilled",
        total: 4000,
        unlocked: { courses: [{ id: rig.course.id }] },
      });
      const mail = await readOutbox(rig.db.database, { to: buyer.email });
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toContain(String(order.number));

      // C3: the same person, the same coupon: its per-person limit is reached.
      const again = await checkout(buyer, { coupon: "SAVE20" });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: { code: "cart.couponLimit" } });
    },
  );

  test("C5 the same checkout sent twice makes one order; someone else's key is not theirs", async () => {
    const buyer = await rig.signedIn("student");
    const checkoutKey = crypto.randomUUID();
    const [first, second] = await Promise.all([
      placed(buyer, { checkoutKey }),
      placed(buyer, { checkoutKey }),
    ]);
    expect(second.order.id).toBe(first.order.id);
    expect(second.start).toEqual(first.start);
    const other = await rig.signedIn("student");
    expect((await checkout(other, { checkoutKey })).status).toBe(404);
  });

  logicTest(
    "C5 webhooks: the same event ten times is one transition; a forged one changes nothing",
    async () => {
      const buyer = await rig.signedIn("student");
      const { order, start } = await placed(buyer);
      rig.stripe.webhooks.configure({ badSignature: true });
      await rig.stripe.pay(sessionOf(start));
      await rig.settle();
      rig.stripe.webhooks.configure({ badSignature: false });
      expect(rig.stripe.webhooks.deliveries.at(-1)!.status).toBe(400);
      expect(await orderRow(order.id)).toMatchObject({ status: "pending" });

      const next = await placed(buyer);
      rig.stripe.webhooks.configure({ copies: 10 });
      await rig.stripe.pay(sessionOf(next.start));
      await rig.settle();
      rig.stripe.webhooks.configure({ copies: 1 });
      const paidMoves = (await moves(next.order.id)).filter((move) => move.toStatus === "paid");
      expect(paidMoves).toHaveLength(1);
      expect(await orderRow(next.order.id)).toMatchObject({ status: "fulfilled" });
    },
  );

  logicTest(
    "C5 events out of order: a refund heard before the payment ends refunded, without access",
    async () => {
      const buyer = await rig.signedIn("student");
      const { order, start } = await placed(buyer);
      rig.stripe.webhooks.configure({ hold: true });
      await rig.stripe.pay(sessionOf(start));
      await refundAtStripe(sessionOf(start));
      rig.stripe.webhooks.configure({ hold: false });
      await rig.stripe.webhooks.release({ reverse: true });
      await rig.settle();
      const row = await orderRow(order.id);
      expect(row.status).toBe("refunded");
      expect(await enrolled(buyer.userId)).toBeNull();
    },
  );

  test("C5 Razorpay in INR: the modal's signed answer pays the order at once; the webhook later changes nothing", async () => {
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, {
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.inr.id, quantity: 1 }],
      currency: "INR",
      provider: "razorpay",
    });
    expect(start).toMatchObject({ kind: "modal", client: { currency: "INR", amount: 399_900 } });
    const answer = await rig.razorpay.pay(String(start!.client!.order_id));
    const back = await buyer.post(`/api/checkout/${order.id}/return`, { payload: answer });
    expect(back.status).toBe(200);
    await rig.settle();
    expect(await orderRow(order.id)).toMatchObject({
      status: "fulfilled",
      currency: "INR",
      total: 399_900,
    });
    expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
    const forged = await buyer.post(`/api/checkout/${order.id}/return`, {
      payload: { ...answer, razorpay_signature: "0".repeat(64) },
    });
    expect(forged.status).toBe(200);
    expect((await moves(order.id)).filter((move) => move.toStatus === "paid")).toHaveLength(1);
  });

  logicTest(
    "C5 offline: pending with the site's instructions until the owner confirms; a refund removes access",
    async () => {
      const buyer = await rig.signedIn("student");
      const { order, start } = await placed(buyer, { provider: "offline" });
      expect(start).toMatchObject({ kind: "offline", instructions: "IBAN DE00 0000 0000 0000 00" });
      const view = await (await buyer.request(`/api/orders/${order.id}`)).json();
      expect(view).toMatchObject({
        status: "pending",
        instructions: "IBAN DE00 0000 0000 0000 00",
      });
      expect((await buyer.post(`/api/orders/${order.id}/confirm`, {})).status).toBe(403);
      expect((await rig.owner.post(`/api/orders/${order.id}/confirm`, {})).status).toBe(200);
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled" });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
      expect((await rig.owner.post(`/api/orders/${order.id}/refund`, {})).status).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({ status: "refunded" });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "cancelled" });
      expect((await rig.owner.post(`/api/orders/${order.id}/refund`, {})).status).toBe(409);
    },
  );

  logicTest(
    "C5 refunding one of two orders for the same course keeps the access the other still gives",
    async () => {
      const buyer = await rig.signedIn("student");
      const first = await placed(buyer, { provider: "offline" });
      const second = await placed(buyer, { provider: "offline" });
      for (const { order } of [first, second])
        expect((await rig.owner.post(`/api/orders/${order.id}/confirm`, {})).status).toBe(200);
      await rig.settle();
      expect((await rig.owner.post(`/api/orders/${first.order.id}/refund`, {})).status).toBe(200);
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
      expect((await rig.owner.post(`/api/orders/${second.order.id}/refund`, {})).status).toBe(200);
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "cancelled" });
    },
  );

  logicTest(
    "C5 a manual order recorded by the owner for a member is paid and fulfilled like any other",
    async () => {
      const buyer = await rig.signedIn("student");
      const res = await rig.owner.post("/api/orders", {
        userEmail: buyer.email.toUpperCase(),
        productIds: [rig.catalogue.product.id],
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { order } = (await res.json()) as Placed;
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled", provider: "manual" });
      expect(await enrolled(buyer.userId)).toMatchObject({ status: "active" });
      expect(
        (
          await buyer.post("/api/orders", {
            userEmail: buyer.email,
            productIds: [rig.catalogue.product.id],
          })
        ).status,
      ).toBe(403);
      const stranger = await rig.owner.post("/api/orders", {
        userEmail: "nobody@example.test",
        productIds: [rig.catalogue.product.id],
      });
      expect(stranger.status).toBe(404);
    },
  );

  logicTest(
    "C6 a monthly membership with a 7-day trial: the level is held and a trialing subscription starts",
    async () => {
      const buyer = await rig.signedIn("student");
      const { order, start } = await placed(buyer, {
        lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
      });
      await rig.stripe.pay(sessionOf(start));
      await rig.settle();
      expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled" });
      const held = await rig.db.database.forAccount(rig.accountId, async (tx) =>
        Number(
          (
            await tx
              .select({ n: count() })
              .from(memberMemberships)
              .where(
                and(
                  eq(memberMemberships.accountId, rig.accountId),
                  eq(memberMemberships.userId, buyer.userId),
                ),
              )
          )[0]!.n,
        ),
      );
      expect(held).toBe(1);
    },
  );

  test("C6 renewals: Stripe's invoice for the next period, sent ten times, is one renewal order that lengthens the level; a failed one is past due; a refunded renewal ends the subscription at Stripe and here, and its level", async () => {
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, {
      lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
    });
    await rig.stripe.pay(sessionOf(start));
    await rig.settle();
    const subscription = () => subscriptionOf(order.id);
    const holding = () => holdingOf(buyer.userId);
    const trial = await subscription();
    expect(trial).toMatchObject({ status: "trialing", provider: "stripe" });
    expect(trial.providerRef).toMatch(/^sub_/);
    // The trial's access: its 7 days and the 3 days' grace, not for ever.
    const trialAccess = (await holding()).expiresAt!;
    expect(trialAccess.getTime() - trial.currentPeriodEnd!.getTime()).toBe(3 * DAY);

    rig.stripe.webhooks.configure({ copies: 10 });
    await rig.stripe.renew(trial.providerRef!);
    await rig.settle();
    rig.stripe.webhooks.configure({ copies: 1 });
    const renewed = await subscription();
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(trial.currentPeriodEnd!.getTime());
    const renewals = await renewalsOf(trial.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: "fulfilled", total: 1900, userId: buyer.userId });
    expect((await holding()).expiresAt!.getTime()).toBe(
      renewed.currentPeriodEnd!.getTime() + 3 * DAY,
    );
    expect((await holding()).status).toBe("active");

    await rig.stripe.renew(trial.providerRef!, { fail: true });
    await rig.settle();
    expect((await subscription()).status).toBe("past_due");
    expect(await renewalsOf(trial.id)).toHaveLength(1);

    // The owner refunds the renewal: its money goes back, and the subscription ends at Stripe
    // and here, taking the level with it.
    expect((await rig.owner.post(`/api/orders/${renewals[0]!.id}/refund`, {})).status).toBe(200);
    await rig.settle();
    expect(rig.stripe.object(trial.providerRef!)).toMatchObject({ status: "canceled" });
    expect((await subscription()).status).toBe("ended");
    expect((await holding()).status).not.toBe("active");
    expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled" });
  });

  test("C6 a subscription the owner cancels in Stripe's dashboard closes its level at once", async () => {
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, {
      lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
    });
    await rig.stripe.pay(sessionOf(start));
    await rig.settle();
    const [sub] = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.orderId, order.id)),
        ),
    );
    const res = await fetch(`${rig.stripe.url}/v1/subscriptions/${sub!.providerRef}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}` },
    });
    expect(res.status).toBe(200);
    await rig.settle();
    const [held] = await rig.db.database.forAccount(rig.accountId, (tx) =>
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
    expect(held!.status).not.toBe("active");
  });

  test("C6 Razorpay subscription: paid in the modal, a renewal sent ten times is one renewal order that lengthens the level; a failed one is past due; cancelled at Razorpay closes the level", async () => {
    const buyer = await rig.signedIn("student");
    const { order, start } = await placed(buyer, {
      lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
      provider: "razorpay",
    });
    const subscriptionId = start!.providerRef!;
    expect(subscriptionId).toMatch(/^sub_/);
    expect(start).toMatchObject({ kind: "modal", client: { subscription_id: subscriptionId } });
    // The modal's answer names the subscription; the buyer paid where the site is.
    const answer = await rig.razorpay.paySubscription(subscriptionId, {
      origin: `http://${rig.host}`,
    });
    expect((await buyer.post(`/api/checkout/${order.id}/return`, { payload: answer })).status).toBe(
      200,
    );
    await rig.settle();
    expect(await orderRow(order.id)).toMatchObject({
      status: "fulfilled",
      provider: "razorpay",
      paymentRef: subscriptionId,
    });
    const subscription = () => subscriptionOf(order.id);
    const holding = () => holdingOf(buyer.userId);
    // Razorpay keeps the trial: its subscription starts when the 7 days end.
    const trial = await subscription();
    expect(trial).toMatchObject({
      status: "trialing",
      provider: "razorpay",
      providerRef: subscriptionId,
    });
    expect(rig.razorpay.subscription(subscriptionId)!.start_at * 1000).toBeGreaterThan(
      Date.now() + 6 * DAY,
    );
    expect((await holding()).expiresAt!.getTime() - trial.currentPeriodEnd!.getTime()).toBe(
      3 * DAY,
    );

    rig.razorpay.webhooks.configure({ copies: 10 });
    const charged = await rig.razorpay.renew(subscriptionId);
    await rig.settle();
    rig.razorpay.webhooks.configure({ copies: 1 });
    const renewed = await subscription();
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodEnd!.getTime()).toBe(
      rig.razorpay.subscription(subscriptionId)!.current_end * 1000,
    );
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(trial.currentPeriodEnd!.getTime());
    const made = await renewalsOf(trial.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      status: "fulfilled",
      total: 1900,
      provider: "razorpay",
      providerRef: charged,
      userId: buyer.userId,
    });
    expect((await holding()).expiresAt!.getTime()).toBe(
      renewed.currentPeriodEnd!.getTime() + 3 * DAY,
    );
    expect((await holding()).status).toBe("active");

    await rig.razorpay.renew(subscriptionId, { fail: true });
    await rig.settle();
    expect((await subscription()).status).toBe("past_due");
    expect(await renewalsOf(trial.id)).toHaveLength(1);

    // The owner cancels it in Razorpay's dashboard (its API): the level closes at once.
    const keys = FAKE_PROVIDER_KEYS.razorpay;
    const cancelled = await fetch(`${rig.razorpay.url}/v1/subscriptions/${subscriptionId}/cancel`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${keys.publicKey}:${keys.secretKey}`).toString("base64")}`,
      },
    });
    expect(cancelled.status).toBe(200);
    await rig.settle();
    expect((await subscription()).status).toBe("ended");
    expect((await holding()).status).not.toBe("active");
    expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled" });
  });

  test("C6 PayPal subscription: approved on PayPal, a renewal sent ten times is one renewal order that lengthens the level; a failed one is past due; cancelled at PayPal closes the level", async () => {
    const buyer = await rig.signedIn("student");
    const delivered = rig.paypal.webhooks.deliveries.length;
    const { order, start } = await placed(buyer, {
      lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
      provider: "paypal",
    });
    const subscriptionId = start!.providerRef!;
    expect(subscriptionId).toMatch(/^I-/);
    expect(start).toMatchObject({ kind: "redirect" });
    // The buyer agrees on PayPal's page and comes back with the subscription's id.
    const page = await (await fetch(start!.url!)).text();
    expect(page).toContain('id="approve"');
    const approved = await fetch(
      `${rig.paypal.url}/webapps/billing/subscriptions/${subscriptionId}/approve`,
      { method: "POST", redirect: "manual" },
    );
    const back = new URL(approved.headers.get("location")!);
    expect(back.searchParams.get("subscription_id")).toBe(subscriptionId);
    const payload = Object.fromEntries(
      ["token", "PayerID", "subscription_id"]
        .filter((name) => back.searchParams.has(name))
        .map((name) => [name, back.searchParams.get(name)!]),
    );
    expect((await buyer.post(`/api/checkout/${order.id}/return`, { payload })).status).toBe(200);
    await rig.settle();
    expect(await orderRow(order.id)).toMatchObject({
      status: "fulfilled",
      provider: "paypal",
      paymentRef: subscriptionId,
    });
    expect((await moves(order.id)).filter((move) => move.toStatus === "paid")).toHaveLength(1);
    const subscription = () => subscriptionOf(order.id);
    const holding = () => holdingOf(buyer.userId);
    // PayPal keeps the trial: its plan bills nothing for the first 7 days.
    const trial = await subscription();
    expect(trial).toMatchObject({
      status: "trialing",
      provider: "paypal",
      providerRef: subscriptionId,
    });
    expect(rig.paypal.subscription(subscriptionId)).toMatchObject({ status: "ACTIVE" });
    expect(rig.paypal.subscription(subscriptionId)!.billing_info.last_payment).toBeUndefined();
    expect((await holding()).expiresAt!.getTime() - trial.currentPeriodEnd!.getTime()).toBe(
      3 * DAY,
    );

    rig.paypal.webhooks.configure({ copies: 10 });
    const sale = (await rig.paypal.renew(subscriptionId))!;
    await rig.settle();
    rig.paypal.webhooks.configure({ copies: 1 });
    const renewed = await subscription();
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodEnd!.toISOString()).toBe(
      new Date(
        rig.paypal.subscription(subscriptionId)!.billing_info.next_billing_time,
      ).toISOString(),
    );
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(trial.currentPeriodEnd!.getTime());
    const made = await renewalsOf(trial.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      status: "fulfilled",
      total: 1900,
      provider: "paypal",
      providerRef: sale.id,
      paymentRef: sale.id,
      userId: buyer.userId,
    });
    expect((await holding()).expiresAt!.getTime()).toBe(
      renewed.currentPeriodEnd!.getTime() + 3 * DAY,
    );
    expect((await holding()).status).toBe("active");

    await rig.paypal.renew(subscriptionId, { fail: true });
    await rig.settle();
    expect((await subscription()).status).toBe("past_due");
    expect(await renewalsOf(trial.id)).toHaveLength(1);

    // The owner cancels it in PayPal's dashboard (its API): the level closes at once.
    const keys = FAKE_PROVIDER_KEYS.paypal;
    const { access_token: token } = (await (
      await fetch(`${rig.paypal.url}/v1/oauth2/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${keys.publicKey}:${keys.secretKey}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      })
    ).json()) as { access_token: string };
    const cancelled = await fetch(
      `${rig.paypal.url}/v1/billing/subscriptions/${subscriptionId}/cancel`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ reason: "Cancelled by the owner" }),
      },
    );
    expect(cancelled.status).toBe(204);
    await rig.settle();
    expect((await subscription()).status).toBe("ended");
    expect((await holding()).status).not.toBe("active");
    expect(await orderRow(order.id)).toMatchObject({ status: "fulfilled" });
    // Every webhook PayPal sent verified and was answered (the ten copies of the sale included).
    const sent = rig.paypal.webhooks.deliveries.slice(delivered);
    expect(sent.filter((delivery) => delivery.type === "PAYMENT.SALE.COMPLETED")).toHaveLength(10);
    expect(sent.filter((delivery) => delivery.status !== 200)).toEqual([]);
  });

  logicTest(
    "C5 refusals: anonymous 401, an unknown product 409, a provider the site does not take 400, malformed 400",
    async () => {
      const buyer = await rig.signedIn("student");
      expect(
        (await checkout(buyer, { lines: [{ id: crypto.randomUUID(), quantity: 1 }] })).status,
      ).toBe(409);
      expect((await checkout(buyer, { currency: "JPY" })).status).toBeGreaterThanOrEqual(400);
      expect((await checkout(buyer, { provider: "bitcoin" })).status).toBe(400);
      expect((await checkout(buyer, { lines: "x" })).status).toBe(400);
      expect((await buyer.post("/api/checkout", [1, 2])).status).toBe(400);
      const other = await rig.signedIn("student");
      const { order } = await placed(buyer);
      expect((await other.request(`/api/orders/${order.id}`)).status).toBe(404);
    },
  );
});
