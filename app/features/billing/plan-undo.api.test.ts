import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBillingRig, type BillingRig } from "../../../tests/support/billing-rig";
import { logicBackends } from "../../../tests/support/test-database";
import { applyDuePlanChanges, loadBillingScreen, startPlanPurchase } from "./billing.server";
import type { PlanChangeInput } from "./plan-purchase.server";
import { keepCurrentPlan } from "./plan-undo.server";

describe.each(logicBackends)("Keep my current plan on %s", (backend) => {
  let billing: BillingRig;
  beforeAll(async () => {
    billing = await startBillingRig(backend);
  }, 120_000);
  afterAll(() => billing?.rig.close());

  /** The owner buys `input` for the site through startPlanPurchase (the screen's command). */
  async function buy(siteAccountId: string, slug: string, input: PlanChangeInput, now?: Date) {
    return startPlanPurchase(billing.deps(), {
      viewer: billing.owner,
      siteAccountId,
      origin: `http://${slug}.localhost`,
      input,
      ...(now && { now }),
    });
  }

  /** Paid through Stripe's page, the webhook in, the queue drained. */
  async function payStripe(placed: Awaited<ReturnType<typeof buy>>) {
    await billing.rig.stripe.pay(placed.start!.providerRef!);
    await billing.rig.settle();
  }

  test("C7 Stripe: the downgrade's subscription is cancelled at Stripe before its first charge, the current one renews again; twice is once; the round then changes nothing", async () => {
    const slug = `keepstripe${backend}`;
    const { site, read, command, purchases } = await billing.newSite(slug);
    const professional = await buy(site.accountId, slug, {
      planId: "professional",
      interval: "monthly",
      provider: "stripe",
      checkoutKey: "keep-s-1",
    });
    await payStripe(professional);
    expect((await read()).settings.plan).toBe("professional");
    const current = (await billing.subscriptionOf(professional.order.id))!;
    const periodEnd = current.currentPeriodEnd!;

    const downgrade = await buy(site.accountId, slug, {
      planId: "starter",
      interval: "monthly",
      provider: "stripe",
      checkoutKey: "keep-s-2",
    });
    await payStripe(downgrade);
    const pending = (await billing.subscriptionOf(downgrade.order.id))!;
    expect(pending.status).toBe("trialing");
    expect(billing.rig.stripe.object(current.providerRef!)).toMatchObject({
      cancel_at_period_end: true,
    });
    let screen = await loadBillingScreen(billing.rig.services, { account: await read() });
    expect(screen.scheduled).toMatchObject({ planId: "starter" });
    expect(screen.payment).toMatchObject({ cancelAtPeriodEnd: true, resumes: true });

    const answer = await command({ intent: "keepPlan", checkoutKey: "keep-s-3" });
    expect(answer).toEqual({ url: `http://${slug}.localhost/dashboard/billing?kept=1` });
    // At Stripe: the pending one ended before any charge, the current one renews.
    expect(billing.rig.stripe.object(pending.providerRef!)).toMatchObject({ status: "canceled" });
    expect(billing.rig.stripe.object(current.providerRef!)).toMatchObject({
      cancel_at_period_end: false,
    });
    await billing.rig.settle();
    expect(await billing.subscriptionOf(downgrade.order.id)).toMatchObject({ status: "ended" });
    expect(await billing.subscriptionOf(professional.order.id)).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
    });
    const undone = (await purchases()).find((row) => row.orderId === downgrade.order.id)!;
    expect(undone.undoneAt).not.toBeNull();
    screen = await loadBillingScreen(billing.rig.services, { account: await read() });
    expect(screen.scheduled).toBeNull();
    // Its invoice says it was taken back (nothing charged); the others say nothing of the kind.
    expect(screen.invoices.find((row) => row.orderId === downgrade.order.id)).toMatchObject({
      undone: true,
      total: 0,
    });
    expect(screen.invoices.find((row) => row.orderId === professional.order.id)).toMatchObject({
      undone: false,
    });
    expect(screen.payment).toMatchObject({
      cancelAtPeriodEnd: false,
      renewsAt: periodEnd.toISOString(),
    });

    // Twice is once: the same answer, nothing more asked of Stripe.
    const calls = billing.rig.stripe.requests.length;
    expect(await command({ intent: "keepPlan", checkoutKey: "keep-s-3" })).toEqual(answer);
    expect(billing.rig.stripe.requests.length).toBe(calls);
    // The date it would have started: the round changes nothing, the site keeps Professional.
    const after = new Date(periodEnd.getTime() + 60_000);
    expect(await applyDuePlanChanges(billing.deps(), after)).toMatchObject({ changed: 0 });
    expect((await read()).settings.plan).toBe("professional");
    // Another move down may be scheduled again.
    const again = await buy(site.accountId, slug, {
      planId: "starter",
      interval: "monthly",
      provider: "stripe",
      checkoutKey: "keep-s-4",
    });
    await payStripe(again);
    screen = await loadBillingScreen(billing.rig.services, { account: await read() });
    expect(screen.scheduled).toMatchObject({ planId: "starter" });

    // Once it has started it is no longer the owner's to take back.
    expect(await applyDuePlanChanges(billing.deps(), after)).toMatchObject({ changed: 1 });
    expect((await read()).settings.plan).toBe("starter");
    await expect(
      keepCurrentPlan(billing.deps(), {
        viewer: billing.owner,
        siteAccountId: site.accountId,
        origin: `http://${slug}.localhost`,
        checkoutKey: "keep-s-5",
        now: after,
      }),
    ).rejects.toMatchObject({ code: "billing.changeApplied" });
  });

  test("C7 bank transfer: the current plan renews again with no provider to ask; a downgrade paid at once is support's to undo; nothing scheduled is a clear error", async () => {
    const slug = `keepbank${backend}`;
    const { site, read, command } = await billing.newSite(slug);
    await expect(command({ intent: "keepPlan", checkoutKey: "keep-b-0" })).rejects.toMatchObject({
      code: "billing.noChangeScheduled",
    });
    const dedicated = await buy(site.accountId, slug, {
      planId: "dedicated",
      interval: "monthly",
      provider: "offline",
      checkoutKey: "keep-b-1",
    });
    await billing.confirmTransfer(dedicated.order.id);
    expect((await read()).settings.plan).toBe("dedicated");
    const current = (await billing.subscriptionOf(dedicated.order.id))!;
    expect(current).toMatchObject({ provider: "offline", status: "active" });

    // Down to Starter through Stripe: its first charge waits, the transfer stops renewing.
    const downgrade = await buy(site.accountId, slug, {
      planId: "starter",
      interval: "monthly",
      provider: "stripe",
      checkoutKey: "keep-b-2",
    });
    await payStripe(downgrade);
    expect(await billing.subscriptionOf(dedicated.order.id)).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    expect(await command({ intent: "keepPlan", checkoutKey: "keep-b-3" })).toEqual({
      url: `http://${slug}.localhost/dashboard/billing?kept=1`,
    });
    expect(await billing.subscriptionOf(dedicated.order.id)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    const pending = (await billing.subscriptionOf(downgrade.order.id))!;
    expect(billing.rig.stripe.object(pending.providerRef!)).toMatchObject({ status: "canceled" });

    // Down to Lifetime by bank transfer: paid in full now, so not the screen's to take back.
    const paidAhead = await buy(site.accountId, slug, {
      planId: "starter",
      interval: "annual",
      provider: "offline",
      checkoutKey: "keep-b-4",
    });
    await billing.confirmTransfer(paidAhead.order.id);
    const screen = await loadBillingScreen(billing.rig.services, { account: await read() });
    expect(screen.scheduled).toMatchObject({ planId: "starter", interval: "annual" });
    await expect(command({ intent: "keepPlan", checkoutKey: "keep-b-5" })).rejects.toMatchObject({
      code: "billing.changePaid",
    });
    await expect(command({ intent: "keepPlan" })).rejects.toMatchObject({
      code: "request.invalid",
    });
  });

  test("C7 Razorpay: its cancel at cycle end is final, so keeping the plan buys it again to start at the period's end; paid, it replaces the downgrade", async () => {
    const slug = `keeprzp${backend}`;
    const { read, command, purchases } = await billing.newSite(slug);
    /** Pays a Razorpay answer in the modal and posts its signed answer back. */
    const payModal = async (answer: Awaited<ReturnType<typeof command>>) => {
      if (!("modal" in answer)) throw new Error("expected Razorpay's modal");
      const payload = await billing.rig.razorpay.paySubscription(
        String(answer.modal.client.subscription_id),
      );
      await command({ intent: "paymentReturn", orderId: answer.modal.orderId, payload });
      await billing.rig.settle();
      return answer.modal;
    };
    const professional = await payModal(
      await command({
        planId: "professional",
        interval: "monthly",
        provider: "razorpay",
        checkoutKey: "keep-r-1",
      }),
    );
    expect((await read()).settings.plan).toBe("professional");
    const downgrade = await payModal(
      await command({
        planId: "starter",
        interval: "monthly",
        provider: "razorpay",
        checkoutKey: "keep-r-2",
      }),
    );
    const current = (await billing.subscriptionOf(professional.orderId))!;
    expect(current.cancelAtPeriodEnd).toBe(true);
    let screen = await loadBillingScreen(billing.rig.services, { account: await read() });
    expect(screen.payment).toMatchObject({ resumes: false });
    expect(screen.scheduled).toMatchObject({ planId: "starter" });

    // Razorpay cannot renew the cancelled one: Professional again, from the period's end.
    const keep = await command({ intent: "keepPlan", checkoutKey: "keep-r-3" });
    if (!("modal" in keep)) throw new Error("expected Razorpay's modal");
    const kept = (await purchases()).find((row) => row.orderId === keep.modal.orderId)!;
    expect(kept).toMatchObject({ planId: "professional", interval: "monthly" });
    expect(kept.startsAt!.getTime()).toBe(current.currentPeriodEnd!.getTime());
    // Until it is paid the downgrade still waits.
    expect(
      (await purchases()).find((row) => row.orderId === downgrade.orderId)!.undoneAt,
    ).toBeNull();
    await payModal(keep);
    const replaced = (await purchases()).find((row) => row.orderId === downgrade.orderId)!;
    expect(replaced.undoneAt).not.toBeNull();
    const pending = (await billing.subscriptionOf(downgrade.orderId))!;
    expect(pending.status).toBe("ended");
    expect(billing.rig.razorpay.subscription(pending.providerRef!)).toMatchObject({
      status: "cancelled",
    });
    screen = await loadBillingScreen(billing.rig.services, { account: await read() });
    expect(screen.scheduled).toBeNull();
    expect(screen.payment).toMatchObject({ cancelAtPeriodEnd: false });
    // Twice is once.
    expect(await command({ intent: "keepPlan", checkoutKey: "keep-r-4" })).toEqual({
      url: `http://${slug}.localhost/dashboard/billing?kept=1`,
    });
    // At the period's end the site goes on with Professional.
    const after = new Date(current.currentPeriodEnd!.getTime() + 60_000);
    await applyDuePlanChanges(billing.deps(), after);
    expect((await read()).settings.plan).toBe("professional");
  });
});
