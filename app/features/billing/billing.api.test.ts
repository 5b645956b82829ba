import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID, readAccount } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { orderItems, orders, platformShop, subscriptions } from "~/features/orders/orders.server";
import { confirmOfflinePayment } from "~/features/orders/manage-order.server";
import { saveProviderSettings } from "~/features/payments/payments.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { changeAccountSettings } from "~/features/accounts/accounts.server";
import { FAKE_PROVIDER_KEYS } from "../../../tests/fakes/fake-keys";
import { createAccount } from "../../../tests/factories";
import { startCommerceRig, type CommerceRig } from "../../../tests/support/commerce-rig";
import { logicBackends } from "../../../tests/support/test-database";
import {
  applyDuePlanChanges,
  applyPlanOrder,
  billingCommand,
  loadBillingScreen,
  preparePlatformBilling,
  startPlanPurchase,
} from "./billing.server";
import { prorationCredit } from "./plan-purchase.server";

const DAY = 86_400_000;
const platformStripeKey = "sk_test_platformSecretKey000000000000";
/** The platform's own Razorpay account: its key id and secret differ from any site's. */
const platformRazorpay = {
  ...FAKE_PROVIDER_KEYS.razorpay,
  publicKey: "rzp_test_platformKeyId00",
  secretKey: "platformRazorpayKeySecret000",
};
const bankInstructions = "IBAN DE89 3704 0044 0532 0130 00 · Lyceum Platform Ltd";

describe.each(logicBackends)("the platform sells plans on %s", (backend) => {
  let rig: CommerceRig;
  let owner: Viewer;
  let superAdmin: Viewer;
  const deps = () => ({ ...rig.services, baseDomain: rig.services.env.BASE_DOMAIN });
  const account = async () => (await readAccount(rig.db.database, rig.accountId))!;

  beforeAll(async () => {
    rig = await startCommerceRig(backend);
    await upsertPlanCatalogue(rig.db.database);
    await preparePlatformBilling(rig.db.database);
    // The platform's own Stripe keys, as a super-admin saves them from the console.
    superAdmin = {
      user: { id: rig.owner.userId, name: "Root", email: rig.owner.email, image: null },
      membership: null,
      isSuperAdmin: true,
    };
    // Stripe, Razorpay and bank transfer; PayPal stays off.
    for (const input of [
      {
        provider: "stripe",
        instructions: "",
        ...FAKE_PROVIDER_KEYS.stripe,
        secretKey: platformStripeKey,
      },
      { provider: "razorpay", instructions: "", ...platformRazorpay },
      {
        provider: "offline",
        instructions: bankInstructions,
        publicKey: "",
        secretKey: "",
        webhookSecret: "",
      },
    ] as const)
      await saveProviderSettings(rig.services, {
        viewer: superAdmin,
        accountId: PLATFORM_ACCOUNT_ID,
        hostAccountId: PLATFORM_ACCOUNT_ID,
        origin: "http://localhost",
        input: { ...input, enabled: true },
      });
    // The platform's Stripe account sends its events to the base domain.
    rig.stripe.setEndpoint(platformStripeKey, "http://localhost/api/payments/webhooks/stripe");
    await changeAccountSettings(rig.db.database, {
      accountId: rig.accountId,
      changes: { plan: "dedicated" },
    });
    owner = {
      user: { id: rig.owner.userId, name: "Owner", email: rig.owner.email, image: null },
      membership: null,
      isSuperAdmin: false,
    };
  }, 120_000);
  afterAll(() => rig?.close());

  test("C7 the owner buys Starter monthly through Stripe: the platform's order, paid, gives the site its plan", async () => {
    const placed = await startPlanPurchase(deps(), {
      viewer: owner,
      siteAccountId: rig.accountId,
      origin: `http://${rig.host}`,
      input: { planId: "starter", interval: "monthly", provider: "stripe", checkoutKey: "plan-1" },
    });
    expect(placed.order.accountId).toBe(PLATFORM_ACCOUNT_ID);
    // Starter's 30-day trial: nothing is charged today; its first charge is a renewal.
    expect(placed.order).toMatchObject({ total: 0, dueLater: 2900 });
    expect(placed.start?.kind).toBe("redirect");
    // The site keeps its plan until the money arrives.
    expect((await account()).settings.plan).toBe("dedicated");

    await rig.stripe.pay(placed.start!.providerRef!);
    await rig.settle();
    await rig.services.jobs.drain();
    expect((await account()).settings.plan).toBe("starter");
    const screen = await loadBillingScreen(rig.services, { account: await account() });
    expect(screen.currentPlanId).toBe("starter");
    expect(screen.payment).toMatchObject({ interval: "monthly", provider: "stripe" });
    expect(screen.invoices).toHaveLength(1);
    expect(screen.invoices[0]).toMatchObject({ total: 0, dueLater: 2900, status: "fulfilled" });
    // The same plan again is refused; the site's own orders hold nothing of this.
    await expect(
      startPlanPurchase(deps(), {
        viewer: owner,
        siteAccountId: rig.accountId,
        origin: `http://${rig.host}`,
        input: { planId: "starter", interval: "monthly", provider: "stripe", checkoutKey: "x-2" },
      }),
    ).rejects.toMatchObject({ code: "billing.samePlan" });
    const siteOrders = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx.select().from(orders).where(eq(orders.accountId, rig.accountId)),
    );
    expect(siteOrders.some((row) => row.id === placed.order.id)).toBe(false);
  });

  test("C7 upgrading to Professional is credited the unused time and stops the old subscription renewing", async () => {
    const now = new Date();
    const [oldSub] = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID),
            eq(subscriptions.userId, owner.user.id),
          ),
        ),
    );
    expect(oldSub?.status).toBe("trialing");
    // A trial paid nothing: nothing to credit. Once active, the unused part is credited.
    expect(prorationCredit(oldSub!, now)).toBe(0);
    const active = {
      ...oldSub!,
      status: "active" as const,
      currentPeriodEnd: new Date(now.getTime() + 15 * DAY),
    };
    expect(prorationCredit(active, now)).toBe(1450);
    await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .update(subscriptions)
        .set({ status: "active", currentPeriodEnd: active.currentPeriodEnd })
        .where(
          and(eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID), eq(subscriptions.id, oldSub!.id)),
        ),
    );

    const placed = await startPlanPurchase(deps(), {
      viewer: owner,
      siteAccountId: rig.accountId,
      origin: `http://${rig.host}`,
      now,
      input: {
        planId: "professional",
        interval: "monthly",
        provider: "stripe",
        checkoutKey: "plan-2",
      },
    });
    expect(placed.order).toMatchObject({ subtotal: 9900, discount: 1450, total: 8450 });
    await rig.stripe.pay(placed.start!.providerRef!);
    await rig.settle();
    await rig.services.jobs.drain();
    expect((await account()).settings.plan).toBe("professional");
    const [after] = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID), eq(subscriptions.id, oldSub!.id)),
        ),
    );
    expect(after?.cancelAtPeriodEnd).toBe(true);
    // Applying the same order again changes nothing.
    expect(await applyPlanOrder(deps(), { orderId: placed.order.id })).toBe(true);
    expect((await account()).settings.plan).toBe("professional");
  });

  test("C7 the screen lists what a downgrade would no longer fit", async () => {
    const screen = await loadBillingScreen(rig.services, { account: await account() });
    const lifetime = screen.plans.find((plan) => plan.id === "lifetime")!;
    expect(lifetime.relation).toBe("downgrade");
    // Lifetime lacks appointments and single sign-in sessions.
    expect(lifetime.loses).toEqual(expect.arrayContaining(["appointments", "single_session"]));
    expect(screen.plans.find((plan) => plan.id === "professional")!.relation).toBe("current");
    expect(screen.plans.find((plan) => plan.id === "starter")!.relation).toBe("downgrade");
    expect(screen.meters.map((meter) => meter.meter)).toContain("storage");
    expect(screen.scheduled).toBeNull();
  });

  test("C7 a downgrade is bought now and starts when the paid period ends: nothing charged before, the old subscription stops renewing, the round moves the site on that date", async () => {
    const now = new Date();
    const liveSubscription = async () => {
      const rows = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
        tx
          .select()
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID),
              eq(subscriptions.userId, owner.user.id),
            ),
          ),
      );
      return rows.find((row) => row.amount === 8450 || row.amount === 9900)!;
    };
    const professional = await liveSubscription();
    expect(professional.cancelAtPeriodEnd).toBe(false);
    const periodEnd = professional.currentPeriodEnd!;
    expect(periodEnd.getTime()).toBeGreaterThan(now.getTime() + 20 * DAY);

    const placed = await startPlanPurchase(deps(), {
      viewer: owner,
      siteAccountId: rig.accountId,
      origin: `http://${rig.host}`,
      now,
      input: { planId: "starter", interval: "monthly", provider: "stripe", checkoutKey: "plan-3" },
    });
    // No credit on a move down; nothing is charged now: its first charge waits for the period's end.
    expect(placed.order).toMatchObject({ subtotal: 2900, discount: 0, total: 0, dueLater: 2900 });
    const [item] = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .select()
        .from(orderItems)
        .where(
          and(
            eq(orderItems.accountId, PLATFORM_ACCOUNT_ID),
            eq(orderItems.orderId, placed.order.id),
          ),
        ),
    );
    expect(item!.trialDays).toBe(Math.ceil((periodEnd.getTime() - now.getTime()) / DAY));
    await rig.stripe.pay(placed.start!.providerRef!);
    await rig.settle();
    await rig.services.jobs.drain();

    // Stripe holds the first charge: the new subscription is in its deferred start.
    const [starter] = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID),
            eq(subscriptions.orderId, placed.order.id),
          ),
        ),
    );
    expect(starter?.status).toBe("trialing");
    expect(starter!.currentPeriodEnd!.getTime()).toBeGreaterThanOrEqual(periodEnd.getTime());
    // Paid for, the site still has what it paid for until the period ends.
    expect((await account()).settings.plan).toBe("professional");
    expect((await liveSubscription()).cancelAtPeriodEnd).toBe(true);
    const screen = await loadBillingScreen(rig.services, { account: await account() });
    expect(screen.currentPlanId).toBe("professional");
    expect(screen.scheduled).toMatchObject({
      planId: "starter",
      interval: "monthly",
      startsAt: periodEnd.toISOString(),
    });
    // One move down at a time.
    await expect(
      startPlanPurchase(deps(), {
        viewer: owner,
        siteAccountId: rig.accountId,
        origin: `http://${rig.host}`,
        now,
        input: { planId: "lifetime", interval: "onetime", provider: "stripe", checkoutKey: "x-4" },
      }),
    ).rejects.toMatchObject({ code: "billing.changeScheduled" });

    // The round before the date changes nothing; after it the site is on Starter, once.
    const before = new Date(periodEnd.getTime() - 60_000);
    const after = new Date(periodEnd.getTime() + 60_000);
    expect(await applyDuePlanChanges(deps(), before)).toEqual({ changed: 0 });
    expect((await account()).settings.plan).toBe("professional");
    expect(await applyDuePlanChanges(deps(), after)).toEqual({ changed: 1 });
    expect((await account()).settings.plan).toBe("starter");
    expect(await applyDuePlanChanges(deps(), after)).toEqual({ changed: 0 });
    const later = await loadBillingScreen(rig.services, { account: await account(), now: after });
    expect(later.currentPlanId).toBe("starter");
    expect(later.scheduled).toBeNull();
    expect(later.payment).toMatchObject({ interval: "monthly", orderNumber: placed.order.number });
  });

  /** A site of its own for each of the tests below, on Starter, and its owner's command input. */
  async function newSite(slug: string) {
    const site = await createAccount(rig.db.database, { slug, settings: { plan: "starter" } });
    const read = async () => (await readAccount(rig.db.database, site.accountId))!;
    const command = async (body: unknown) =>
      billingCommand(deps(), {
        viewer: owner,
        account: await read(),
        origin: `http://${slug}.localhost`,
        body,
      });
    return { site, read, command };
  }

  test("C7 the billing screen lists exactly the providers the platform has switched on for USD", async () => {
    const screen = await loadBillingScreen(rig.services, { account: await account() });
    expect([...screen.providers].sort()).toEqual(["offline", "razorpay", "stripe"]);
    // The site's own providers (all four in the rig) are not the platform's.
    expect(screen.providers).not.toContain("paypal");
    await expect(
      (await newSite(`c7paypal${backend}`)).command({
        planId: "professional",
        interval: "monthly",
        provider: "paypal",
        checkoutKey: "paypal-plan-1",
      }),
    ).rejects.toMatchObject({ code: "payment.providerUnavailable" });
  });

  test("C7 the owner pays Professional in Razorpay's modal: its signed answer confirms the platform's order and the site's plan changes", async () => {
    const { site, read, command } = await newSite(`c7rzp${backend}`);
    const answer = await command({
      planId: "professional",
      interval: "monthly",
      provider: "razorpay",
      checkoutKey: "rzp-plan-1",
    });
    if (!("modal" in answer)) throw new Error("expected Razorpay's modal");
    const { orderId, client } = answer.modal;
    // The platform's Razorpay account makes the subscription (monthly, 24 payments).
    expect(client).toMatchObject({ key: platformRazorpay.publicKey });
    const subscriptionId = String(client.subscription_id);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(rig.razorpay.subscription(subscriptionId)).toMatchObject({
      status: "created",
      notes: { order_id: orderId, account_id: PLATFORM_ACCOUNT_ID },
    });
    const [order] = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, PLATFORM_ACCOUNT_ID), eq(orders.id, orderId))),
    );
    expect(order).toMatchObject({ provider: "razorpay", status: "pending", total: 9900 });
    // The same choice again (the modal closed, opened again) resumes the same order.
    expect(
      await command({
        planId: "professional",
        interval: "monthly",
        provider: "razorpay",
        checkoutKey: "rzp-plan-1",
      }),
    ).toEqual(answer);

    // The buyer pays in the modal; nothing reaches the webhooks, the answer alone confirms it.
    const paid = await rig.razorpay.paySubscription(subscriptionId);
    // A forged answer, or one for an order of another site, changes nothing.
    await expect(
      command({
        intent: "paymentReturn",
        orderId,
        payload: { ...paid, razorpay_signature: "0".repeat(64) },
      }),
    ).rejects.toMatchObject({ code: "payment.badSignature" });
    const other = await newSite(`c7rzpother${backend}`);
    await expect(
      other.command({ intent: "paymentReturn", orderId, payload: paid }),
    ).rejects.toMatchObject({ code: "order.notFound" });
    await expect(
      command({ intent: "paymentReturn", orderId: "not-an-order", payload: paid }),
    ).rejects.toMatchObject({ code: "request.invalid" });
    expect((await read()).settings.plan).toBe("starter");

    expect(await command({ intent: "paymentReturn", orderId, payload: paid })).toEqual({
      url: `http://c7rzp${backend}.localhost/dashboard/billing?paid=1`,
    });
    await rig.settle();
    expect((await read()).settings.plan).toBe("professional");
    const screen = await loadBillingScreen(rig.services, { account: await read() });
    expect(screen.currentPlanId).toBe("professional");
    expect(screen.payment).toMatchObject({
      provider: "razorpay",
      status: "active",
      interval: "monthly",
    });
    expect(screen.invoices[0]).toMatchObject({ orderId, status: "fulfilled", total: 9900 });
    // The platform's order, not the site's: the site's shop holds nothing of it.
    const siteOrders = await rig.db.database.forAccount(site.accountId, (tx) =>
      tx.select().from(orders).where(eq(orders.accountId, site.accountId)),
    );
    expect(siteOrders).toHaveLength(0);
    const [subscription] = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID), eq(subscriptions.orderId, orderId)),
        ),
    );
    expect(subscription).toMatchObject({ provider: "razorpay", providerRef: subscriptionId });
  });

  test("C7 a bank transfer: the order waits with the platform's instructions, the plan changes only once a super-admin confirms it", async () => {
    const { read, command } = await newSite(`c7bank${backend}`);
    const request = {
      planId: "dedicated",
      interval: "monthly",
      provider: "offline",
      checkoutKey: "bank-plan-1",
    };
    expect(await command(request)).toEqual({
      url: `http://c7bank${backend}.localhost/dashboard/billing`,
    });
    await rig.settle();
    let screen = await loadBillingScreen(rig.services, { account: await read() });
    expect(screen.transfers).toHaveLength(1);
    const [transfer] = screen.transfers;
    expect(transfer).toMatchObject({
      planId: "dedicated",
      interval: "monthly",
      total: 4900,
      currency: "USD",
      instructions: bankInstructions,
      renewal: false,
    });
    expect(screen.currentPlanId).toBe("starter");
    expect(screen.payment).toBeNull();
    // The same request sent again is the same order; another one waits for this to go.
    expect(await command(request)).toEqual({
      url: `http://c7bank${backend}.localhost/dashboard/billing`,
    });
    await expect(
      command({
        ...request,
        planId: "professional",
        provider: "stripe",
        checkoutKey: "bank-plan-2",
      }),
    ).rejects.toMatchObject({ code: "billing.transferPending" });

    // Only a super-admin confirms the platform's orders: the site's owner is refused.
    const confirm = await rig.owner.post(
      `/api/orders/${transfer!.orderId}/confirm?scope=platform`,
      {},
    );
    expect(confirm.status).toBe(403);
    expect(() => platformShop(owner)).toThrow();
    await rig.settle();
    expect((await read()).settings.plan).toBe("starter");

    const { account: platform, viewer } = platformShop(superAdmin);
    await confirmOfflinePayment(rig.services, {
      accountId: platform.accountId,
      viewer,
      orderId: transfer!.orderId,
    });
    await rig.settle();
    expect((await read()).settings.plan).toBe("dedicated");
    screen = await loadBillingScreen(rig.services, { account: await read() });
    expect(screen.transfers).toEqual([]);
    expect(screen.payment).toMatchObject({
      provider: "offline",
      status: "active",
      interval: "monthly",
    });
    expect(screen.invoices[0]).toMatchObject({ orderId: transfer!.orderId, status: "fulfilled" });
  });

  test("C7 the owner withdraws a bank transfer they have not paid: cancelled, and another plan may be bought", async () => {
    const { read, command } = await newSite(`c7withdraw${backend}`);
    await command({
      planId: "lifetime",
      interval: "onetime",
      provider: "offline",
      checkoutKey: "bank-plan-3",
    });
    const [transfer] = (await loadBillingScreen(rig.services, { account: await read() })).transfers;
    // Another site's owner screen cannot reach it.
    const other = await newSite(`c7withdrawother${backend}`);
    await expect(
      other.command({ intent: "withdrawTransfer", orderId: transfer!.orderId }),
    ).rejects.toMatchObject({ code: "order.notFound" });
    expect(await command({ intent: "withdrawTransfer", orderId: transfer!.orderId })).toEqual({
      url: `http://c7withdraw${backend}.localhost/dashboard/billing?cancelled=1`,
    });
    const [order] = await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, PLATFORM_ACCOUNT_ID), eq(orders.id, transfer!.orderId))),
    );
    expect(order?.status).toBe("cancelled");
    expect((await loadBillingScreen(rig.services, { account: await read() })).transfers).toEqual(
      [],
    );
    const answer = await command({
      planId: "professional",
      interval: "monthly",
      provider: "stripe",
      checkoutKey: "bank-plan-4",
    });
    expect("url" in answer && answer.url).toMatch(/\/pay\//);
    expect((await read()).settings.plan).toBe("starter");
  });
});
