// C6 a subscriber's part with the provider: "cancel at period end" reaches Stripe, PayPal and
// Razorpay (renewals stop; the period paid for is kept), and "change card" opens Stripe's
// customer portal for the subscriber only, then comes back to /dashboard/orders.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberMemberships } from "~/features/memberships/tables.server";
import { createClient } from "../../../tests/support/http-client";
import { startCommerceRig, type CommerceRig } from "../../../tests/support/commerce-rig";
import { logicBackends } from "../../../tests/support/test-database";
import { providerCancelFor } from "./subscription-billing.server";
import { cancelSubscription } from "./subscriptions.server";
import { subscriptions } from "./tables.server";

type Placed = { order: { id: string }; start: { providerRef: string } };

describe.each(logicBackends)("C6 subscription billing on %s", (backend) => {
  let rig: CommerceRig;
  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  /** A buyer pays for Gold monthly (7-day trial) with `provider`, as each provider's flow goes. */
  async function subscribed(provider: "stripe" | "paypal" | "razorpay" = "stripe") {
    const buyer = await rig.signedIn("student");
    const res = await buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
      provider,
      checkoutKey: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    const { order, start } = (await res.json()) as Placed;
    if (provider === "stripe") await rig.stripe.pay(start.providerRef);
    else {
      const payload =
        provider === "razorpay"
          ? await rig.razorpay.paySubscription(start.providerRef, { origin: `http://${rig.host}` })
          : await approveAtPaypal(start.providerRef);
      const back = await buyer.post(`/api/checkout/${order.id}/return`, { payload });
      expect(back.status).toBe(200);
    }
    await rig.settle();
    const [sub] = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.orderId, order.id)),
        ),
    );
    return { buyer, sub: sub! };
  }

  async function approveAtPaypal(subscriptionId: string) {
    const approved = await fetch(
      `${rig.paypal.url}/webapps/billing/subscriptions/${subscriptionId}/approve`,
      { method: "POST", redirect: "manual" },
    );
    const back = new URL(approved.headers.get("location")!);
    return Object.fromEntries(
      [...back.searchParams].filter(([name]) =>
        ["token", "PayerID", "subscription_id"].includes(name),
      ),
    );
  }

  const held = (userId: string) =>
    rig.db.database.forAccount(rig.accountId, async (tx) => {
      const [row] = await tx
        .select()
        .from(memberMemberships)
        .where(
          and(eq(memberMemberships.accountId, rig.accountId), eq(memberMemberships.userId, userId)),
        );
      return row!;
    });

  test("C6 change card opens Stripe's portal on the payment method for the subscriber only, and comes back", async () => {
    const { buyer, sub } = await subscribed();
    const path = `/api/subscriptions/${sub.id}/billing-page`;
    const res = await buyer.post(path, {});
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(`${rig.stripe.url}/portal/`)).toBe(true);
    const portal = rig.stripe.object(url.split("/").at(-1)!) as Record<string, any>;
    expect(portal.flow).toMatchObject({ type: "payment_method_update" });
    expect(portal.return_url).toBe(`http://${rig.host}/dashboard/orders`);
    expect(portal.customer).toBe(
      (rig.stripe.object(sub.providerRef!) as Record<string, unknown>).customer,
    );

    const update = await fetch(`${url}/update`, { method: "POST", redirect: "manual" });
    expect(update.headers.get("location")).toBe(`http://${rig.host}/dashboard/orders`);

    const other = await rig.signedIn("student");
    expect((await other.post(path, {})).status).toBe(404);
    expect((await rig.owner.post(path, {})).status).toBe(404);
    const visitor = createClient(rig.app, { host: rig.host, ip: "192.0.2.88" });
    expect((await visitor.post(path, {})).status).toBe(401);
  });

  test("C6 cancel at period end tells Stripe to stop renewing; the subscription keeps its period", async () => {
    const { buyer, sub } = await subscribed();
    const viewer = {
      user: { id: buyer.userId },
      capabilities: [],
    } as unknown as Parameters<typeof cancelSubscription>[1]["viewer"];
    const view = await cancelSubscription(
      { database: rig.db.database, providerCancel: providerCancelFor(rig.services) },
      { accountId: rig.accountId, viewer, subscriptionId: sub.id },
    );
    expect(view.cancelAtPeriodEnd).toBe(true);
    expect(rig.stripe.object(sub.providerRef!)).toMatchObject({ cancel_at_period_end: true });
    expect(view.status).toBe("trialing");
  });

  test("C6 cancel at period end with PayPal and Razorpay (which end a subscription in its trial at once) keeps the period paid for", async () => {
    for (const provider of ["paypal", "razorpay"] as const) {
      const { buyer, sub } = await subscribed(provider);
      const viewer = { user: { id: buyer.userId }, capabilities: [] } as unknown as Parameters<
        typeof cancelSubscription
      >[1]["viewer"];
      await cancelSubscription(
        { database: rig.db.database, providerCancel: providerCancelFor(rig.services) },
        { accountId: rig.accountId, viewer, subscriptionId: sub.id },
      );
      await rig.settle();
      const [after] = await rig.db.database.forAccount(rig.accountId, (tx) =>
        tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.id, sub.id))),
      );
      expect(after!.cancelAtPeriodEnd).toBe(true);
      // PayPal cancels at once; Razorpay does too while the trial runs (no cycle has started):
      // the subscription is cancelled, and the level is still held for the period paid for.
      expect(after!.status).toBe("cancelled");
      const holding = await held(buyer.userId);
      expect(holding.status).toBe("active");
      expect(holding.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    }
  });
});
