import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NEW_SITE_PLAN } from "~/features/accounts/accounts";
import { accountNotifications } from "~/features/notifications/tables.server";
import { sweepLapsedSubscriptions } from "~/features/orders/orders.server";
import { startBillingRig, type BillingRig } from "../../../tests/support/billing-rig";
import { logicBackends } from "../../../tests/support/test-database";
import {
  PLAN_GRACE_DAYS,
  loadBillingScreen,
  runPlanRound,
  startPlanPurchase,
} from "./billing.server";

const DAY = 86_400_000;

describe.each(logicBackends)("a plan that lapses on %s", (backend) => {
  let billing: BillingRig;
  beforeAll(async () => {
    billing = await startBillingRig(backend);
  }, 120_000);
  afterAll(() => billing?.rig.close());

  test("C7 a plan subscription that ends unpaid: managers told once, the plan holds through a 14-day grace, then the site falls back to a new site's plan; buying a plan ends the lapse", async () => {
    expect(PLAN_GRACE_DAYS).toBe(14);
    const slug = `lapse${backend}`;
    const { site, read } = await billing.newSite(slug);
    const deps = () => billing.deps();
    const buy = (planId: string, checkoutKey: string) =>
      startPlanPurchase(deps(), {
        viewer: billing.owner,
        siteAccountId: site.accountId,
        origin: `http://${slug}.localhost`,
        input: { planId, interval: "monthly", provider: "offline", checkoutKey },
      });
    const notices = () =>
      billing.rig.db.database.forAccount(site.accountId, (tx) =>
        tx
          .select()
          .from(accountNotifications)
          .where(eq(accountNotifications.accountId, site.accountId)),
      );
    const screenAt = async (now: Date) =>
      loadBillingScreen(billing.rig.services, { account: await read(), now });

    const placed = await buy("professional", "lapse-1");
    await billing.confirmTransfer(placed.order.id);
    expect((await read()).settings.plan).toBe("professional");
    const periodEnd = (await billing.subscriptionOf(placed.order.id))!.currentPeriodEnd!;
    // Paid for: nothing lapses, the screen shows none.
    expect(await runPlanRound(deps(), new Date())).toEqual({ changed: 0, lapsed: 0, fellBack: 0 });
    expect((await screenAt(new Date())).lapse).toBeNull();

    // Its next period is never paid: the sweep issues the renewal, then past due, then ended.
    const sweep = { database: billing.rig.db.database, jobs: billing.rig.services.jobs };
    for (const days of [1, 10, 40])
      await sweepLapsedSubscriptions(sweep, { now: new Date(periodEnd.getTime() + days * DAY) });
    expect(await billing.subscriptionOf(placed.order.id)).toMatchObject({ status: "ended" });
    const ended = new Date(periodEnd.getTime() + 40 * DAY);
    expect((await read()).settings.plan).toBe("professional");
    expect((await screenAt(ended)).lapse).toMatchObject({
      planId: "professional",
      endedAt: periodEnd.toISOString(),
      fellBackAt: null,
      fallbackPlanId: NEW_SITE_PLAN,
    });

    // The round notices it once: the managers are told, the grace starts, the plan holds.
    expect(await runPlanRound(deps(), ended)).toEqual({ changed: 0, lapsed: 1, fellBack: 0 });
    expect(await runPlanRound(deps(), ended)).toEqual({ changed: 0, lapsed: 0, fellBack: 0 });
    const told = (await notices()).filter((row) => row.message.includes("Professional"));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain("Starter");
    const graceUntil = new Date(ended.getTime() + 14 * DAY);
    const later = new Date(ended.getTime() + 3 * DAY);
    expect((await screenAt(later)).lapse).toMatchObject({
      graceUntil: graceUntil.toISOString(),
      fellBackAt: null,
    });
    expect((await screenAt(later)).currentPlanId).toBe("professional");

    // A day before the grace ends nothing moves; after it the site is on a new site's plan, once.
    expect(await runPlanRound(deps(), new Date(graceUntil.getTime() - DAY))).toMatchObject({
      fellBack: 0,
    });
    expect((await read()).settings.plan).toBe("professional");
    const after = new Date(graceUntil.getTime() + 60_000);
    expect(await runPlanRound(deps(), after)).toEqual({ changed: 0, lapsed: 0, fellBack: 1 });
    expect(await runPlanRound(deps(), after)).toEqual({ changed: 0, lapsed: 0, fellBack: 0 });
    expect((await read()).settings.plan).toBe(NEW_SITE_PLAN);
    expect(await notices()).toHaveLength(2);
    const fallen = await screenAt(after);
    expect(fallen.currentPlanId).toBe(NEW_SITE_PLAN);
    expect(fallen.lapse).toMatchObject({ planId: "professional", fellBackAt: after.toISOString() });
    // Nothing is deleted: the site, its orders and invoices are all there.
    expect(fallen.invoices.map((invoice) => invoice.orderId)).toContain(placed.order.id);

    // A plan bought afterwards ends the lapse; the round leaves it alone.
    const again = await buy("dedicated", "lapse-2");
    await billing.confirmTransfer(again.order.id);
    expect((await read()).settings.plan).toBe("dedicated");
    expect((await screenAt(new Date())).lapse).toBeNull();
    expect(await runPlanRound(deps(), new Date())).toEqual({ changed: 0, lapsed: 0, fellBack: 0 });
  });

  test("C7 a plan bought during the grace keeps the site out of the fallback", async () => {
    const slug = `lapsegrace${backend}`;
    const { site, read, purchases } = await billing.newSite(slug);
    const buy = (planId: string, checkoutKey: string) =>
      startPlanPurchase(billing.deps(), {
        viewer: billing.owner,
        siteAccountId: site.accountId,
        origin: `http://${slug}.localhost`,
        input: { planId, interval: "monthly", provider: "offline", checkoutKey },
      });
    const placed = await buy("dedicated", "grace-1");
    await billing.confirmTransfer(placed.order.id);
    const periodEnd = (await billing.subscriptionOf(placed.order.id))!.currentPeriodEnd!;
    const sweep = { database: billing.rig.db.database, jobs: billing.rig.services.jobs };
    for (const days of [1, 10, 40])
      await sweepLapsedSubscriptions(sweep, { now: new Date(periodEnd.getTime() + days * DAY) });
    const ended = new Date(periodEnd.getTime() + 40 * DAY);
    // Other tests' sites may lapse in the same round: this one's purchase tells.
    await runPlanRound(billing.deps(), ended);
    const lapsed = (await purchases()).find((row) => row.orderId === placed.order.id)!;
    expect(lapsed.lapsedAt).toEqual(ended);
    // The owner chooses a plan in the grace (Professional, paid by transfer).
    const chosen = await buy("professional", "grace-2");
    await billing.confirmTransfer(chosen.order.id);
    expect((await read()).settings.plan).toBe("professional");
    const afterGrace = new Date(ended.getTime() + 20 * DAY);
    await runPlanRound(billing.deps(), afterGrace);
    expect(
      (await purchases()).find((row) => row.orderId === placed.order.id)!.fellBackAt,
    ).toBeNull();
    expect((await read()).settings.plan).toBe("professional");
  });
});
