// C6 a renewal's payment refunded in the provider's own dashboard is recorded on the renewal
// order it made (decision 033), on PGlite and PostgreSQL against each provider's fake: Stripe's
// `charge.refunded` for a subscription invoice's charge, PayPal's `PAYMENT.SALE.REFUNDED` for a
// subscription's sale, Razorpay's `refund.processed` for a subscription's payment. A part raises
// `refunded` to the provider's sum and keeps the order; the rest refunds it; each news sent
// twice counts once.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { logicBackends } from "../../../tests/support/test-database";
import { orderEvents, orders } from "./tables.server";

type Obj = Record<string, any>;
type Provider = "stripe" | "paypal" | "razorpay";

describe.each(logicBackends)("C6 renewals refunded at the provider on %s", (backend) => {
  let rig: CommerceRig;
  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  /** A buyer takes Gold monthly (its 7 days' trial) through `provider`; the first period renews. */
  async function renewedAt(provider: Provider) {
    const buyer: Client = await rig.signedIn("student");
    const res = await buyer.post("/api/checkout", {
      provider,
      checkoutKey: crypto.randomUUID(),
      lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { order, start } = (await res.json()) as { order: { id: string }; start: Obj };
    const ref = start.providerRef as string;
    if (provider === "stripe") await rig.stripe.pay(ref);
    else {
      const payload =
        provider === "razorpay"
          ? await rig.razorpay.paySubscription(ref, { origin: `http://${rig.host}` })
          : Object.fromEntries(new URL(await rig.paypal.approveSubscription(ref)).searchParams);
      expect((await buyer.post(`/api/checkout/${order.id}/return`, { payload })).status).toBe(200);
    }
    await rig.settle();
    const sub = await rig.subscriptionOf(order.id);
    if (provider === "stripe") await rig.stripe.renew(sub.providerRef!);
    else if (provider === "paypal") await rig.paypal.renew(sub.providerRef!);
    else await rig.razorpay.renew(sub.providerRef!);
    await rig.settle();
    const [renewal] = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, rig.accountId), eq(orders.renewalOf, sub.id))),
    );
    expect(renewal).toMatchObject({ status: "fulfilled", total: 1900, refunded: 0 });
    return { first: order.id, renewal: renewal! };
  }

  const stripeAuth = { authorization: `Bearer ${FAKE_PROVIDER_KEYS.stripe.secretKey}` };
  const razorpayAuth = {
    authorization: `Basic ${Buffer.from(
      `${FAKE_PROVIDER_KEYS.razorpay.publicKey}:${FAKE_PROVIDER_KEYS.razorpay.secretKey}`,
    ).toString("base64")}`,
  };
  async function paypalAuth() {
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
    return { authorization: `Bearer ${token}` };
  }

  /** The owner refunds `amount` (cents; all that is left without one) of the renewal's payment in the provider's dashboard. */
  async function refundInDashboard(provider: Provider, renewal: Obj, amount?: number) {
    let res: Response;
    if (provider === "stripe") {
      // A renewal's order is its invoice; the invoice's payment is what Stripe refunds.
      const paid = (await (
        await fetch(`${rig.stripe.url}/v1/invoice_payments?invoice=${renewal.providerRef}`, {
          headers: stripeAuth,
        })
      ).json()) as { data: Obj[] };
      res = await fetch(`${rig.stripe.url}/v1/refunds`, {
        method: "POST",
        headers: { ...stripeAuth, "content-type": "application/x-www-form-urlencoded" },
        body: `payment_intent=${paid.data[0]!.payment.payment_intent}${amount ? `&amount=${amount}` : ""}`,
      });
    } else if (provider === "paypal") {
      res = await fetch(`${rig.paypal.url}/v1/payments/sale/${renewal.providerRef}/refund`, {
        method: "POST",
        headers: { ...(await paypalAuth()), "content-type": "application/json" },
        body: JSON.stringify(
          amount ? { amount: { total: (amount / 100).toFixed(2), currency: "USD" } } : {},
        ),
      });
    } else {
      res = await fetch(`${rig.razorpay.url}/v1/payments/${renewal.providerRef}/refund`, {
        method: "POST",
        headers: { ...razorpayAuth, "content-type": "application/json" },
        body: JSON.stringify(amount ? { amount } : {}),
      });
    }
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }

  const refundLines = (orderId: string) =>
    rig.db.database.forAccount(rig.accountId, async (tx) =>
      (
        await tx
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.accountId, rig.accountId), eq(orderEvents.orderId, orderId)))
      ).filter((event) => event.amount !== null),
    );

  test.each(["stripe", "paypal", "razorpay"] as const)(
    "C6 %s: a renewal's payment refunded in the dashboard, a part then the rest, each told twice, is recorded once on the renewal order (refunded at the end); the first order is untouched",
    async (provider) => {
      const { first, renewal } = await renewedAt(provider);
      const fake = rig[provider];
      fake.webhooks.configure({ copies: 2 });
      try {
        await refundInDashboard(provider, renewal, 500);
        await rig.settle();
        expect(await rig.orderRow(renewal.id)).toMatchObject({
          status: "fulfilled",
          refunded: 500,
        });
        expect((await refundLines(renewal.id)).map((line) => line.amount)).toEqual([500]);
        expect((await refundLines(renewal.id))[0]!.cause).toMatch(new RegExp(`^${provider}:`));

        await refundInDashboard(provider, renewal);
        await rig.settle();
      } finally {
        fake.webhooks.configure({ copies: 1 });
      }
      expect(await rig.orderRow(renewal.id)).toMatchObject({ status: "refunded", refunded: 1900 });
      expect((await refundLines(renewal.id)).map((line) => line.amount)).toEqual([500, 1400]);
      expect(await rig.orderRow(first)).toMatchObject({ status: "fulfilled", refunded: 0 });
    },
  );

  test("C6 stripe: a subscription's first payment (no trial) refunded in the dashboard, told twice, refunds its checkout's order once", async () => {
    const setTrial = (trialDays: number) => rig.setGoldPrice({ trialDays });
    await setTrial(0);
    try {
      const buyer = await rig.signedIn("student");
      const res = await buyer.post("/api/checkout", {
        provider: "stripe",
        checkoutKey: crypto.randomUUID(),
        lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
      });
      const { order, start } = (await res.json()) as { order: { id: string }; start: Obj };
      await rig.stripe.pay(start.providerRef);
      await rig.settle();
      expect(await rig.orderRow(order.id)).toMatchObject({ status: "fulfilled", total: 1900 });
      // Its payment belongs to the subscription's first invoice, which no session names.
      const invoice = (rig.stripe.object(start.providerRef) as Obj).invoice as string;
      rig.stripe.webhooks.configure({ copies: 2 });
      try {
        await refundInDashboard("stripe", { providerRef: invoice }, 700);
        await rig.settle();
        expect(await rig.orderRow(order.id)).toMatchObject({
          status: "fulfilled",
          refunded: 700,
        });
        await refundInDashboard("stripe", { providerRef: invoice });
        await rig.settle();
      } finally {
        rig.stripe.webhooks.configure({ copies: 1 });
      }
      expect(await rig.orderRow(order.id)).toMatchObject({ status: "refunded", refunded: 1900 });
      expect((await refundLines(order.id)).map((line) => line.amount)).toEqual([700, 1200]);
    } finally {
      await setTrial(7);
    }
  });
});
