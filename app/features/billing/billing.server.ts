// The billing feature's server door: the platform selling plans to site owners (issue 17, C7).
import { count, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts } from "~/features/accounts/tables.server";
import type { AccountSummary } from "~/features/accounts/accounts";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { checkoutProviders } from "~/features/orders/orders.server";
import { listPlans, type Plan } from "~/features/plans/plans.server";
import {
  meters as meterList,
  readMeters,
  refreshGauges,
  type MeterReading,
  type UsageServices,
} from "~/features/usage/usage.server";
import { AppError } from "~/platform/errors";
import { planIntervals, type PlanInterval } from "./billing-shapes";
import {
  livePlanPurchase,
  monthlyValue,
  prorationCredit,
  scheduledPlanChange,
  startPlanPurchase,
  type BillingDeps,
} from "./plan-purchase.server";
import { planInvoices } from "./plan-invoice.server";
import { planPriceList } from "./platform-plans.server";

export {
  applyDuePlanChanges,
  applyPlanOrder,
  PLAN_CHANGES_DUE_JOB,
  startPlanPurchase,
  type BillingDeps,
} from "./plan-purchase.server";
export { preparePlatformBilling } from "./platform-plans.server";
export { planInvoicePdf } from "./plan-invoice.server";

/** Providers a plan can be paid with from the dashboard: those whose payment is a redirect. */
const planProviders = ["stripe", "paypal"] as const;

/** The site's owner (or a super-admin) manages its billing; nobody else sees it. */
export function requireBillingOwner(viewer: Viewer | null, isOwner: boolean): Viewer {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!isOwner && !viewer.isSuperAdmin) throw new AppError({ code: "auth.forbidden" });
  return viewer;
}

export type PlanCard = {
  id: string;
  label: string;
  description: string;
  features: string[];
  limits: Record<string, number>;
  prices: { interval: PlanInterval; amount: number; trialDays: number; iterations: number }[];
  relation: "current" | "upgrade" | "downgrade";
  /** What the site holds over this plan's limits, and the features it would lose. */
  exceeds: { meter: MeterReading["meter"]; used: number; limit: number }[];
  loses: string[];
};

/** A move to `target` from what the site has now: what would no longer fit. */
export function planChangeCheck(
  { current, target }: { current: Plan | undefined; target: Plan },
  readings: MeterReading[],
) {
  const exceeds = readings.flatMap((reading) => {
    const limit = target.limits[meterLimitKeys.get(reading.meter) ?? ""];
    return typeof limit === "number" && limit > 0 && reading.used > limit
      ? [{ meter: reading.meter, used: reading.used, limit }]
      : [];
  });
  const loses = (current?.features ?? []).filter((name) => !target.features.includes(name));
  return { exceeds, loses };
}

const meterLimitKeys = new Map<string, string>(meterList.map((meter) => [meter.id, meter.limit]));

/** `/dashboard/billing`: the plan, its payment, the meters, the plans to move to and the invoices. */
export async function loadBillingScreen(
  services: UsageServices,
  { account, now = new Date() }: { account: AccountSummary; now?: Date },
) {
  const { database } = services;
  const accountId = account.accountId;
  await refreshGauges(services, accountId);
  const plans = await listPlans(database);
  const current = plans.find((plan) => plan.id === account.settings.plan);
  const [meters, live, scheduled, invoices, providers] = await Promise.all([
    readMeters(database, { accountId, limits: current?.limits ?? {}, now }),
    livePlanPurchase(database, accountId, now),
    scheduledPlanChange(database, accountId, now),
    planInvoices(database, accountId),
    checkoutProviders(database, { ...account, accountId: PLATFORM_ACCOUNT_ID, settings: {} }),
  ]);
  const currentValue = current ? monthlyValue(current, live?.interval) : 0;
  const cards: PlanCard[] = plans.map((plan) => ({
    id: plan.id,
    label: plan.label,
    description: plan.description,
    features: plan.features,
    limits: plan.limits,
    prices: planPriceList(plan).map(({ interval, amount, trialDays, iterations }) => ({
      interval,
      amount,
      trialDays,
      iterations,
    })),
    // Until a plan is paid for, any plan may be chosen (the sign-up's plan included); then a
    // dearer one is an upgrade, bought now, and a cheaper one is bought now to start when the
    // paid period ends.
    relation: !live
      ? "upgrade"
      : plan.id === current?.id
        ? "current"
        : monthlyValue(plan) >= currentValue
          ? "upgrade"
          : "downgrade",
    ...planChangeCheck({ current, target: plan }, meters),
  }));
  const subscription = live?.subscription;
  return {
    currentPlanId: current?.id ?? null,
    payment: live
      ? {
          interval: live.interval,
          orderNumber: live.orderNumber,
          provider: subscription?.provider ?? null,
          status: subscription?.status ?? "paid",
          renewsAt: subscription?.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
          amount: subscription?.amount ?? null,
          credit: prorationCredit(subscription ?? null, now),
        }
      : null,
    scheduled: scheduled && { ...scheduled, startsAt: scheduled.startsAt.toISOString() },
    meters,
    plans: cards,
    invoices,
    providers: (providers.USD ?? []).filter(
      (provider): provider is (typeof planProviders)[number] =>
        (planProviders as readonly string[]).includes(provider),
    ),
  };
}

export type BillingScreen = Awaited<ReturnType<typeof loadBillingScreen>>;

export const planPurchaseInputSchema = z
  .object({
    planId: z.string().min(1).max(40),
    interval: z.enum(planIntervals),
    provider: z.enum(planProviders),
    checkoutKey: z.string().min(8).max(100),
  })
  .strict();

/** The screen's "Upgrade" command: where the owner's browser goes to pay. */
export async function buyPlan(
  deps: BillingDeps,
  input: { viewer: Viewer; account: AccountSummary; origin: string; body: unknown },
): Promise<{ url: string }> {
  const checked = planPurchaseInputSchema.safeParse(input.body);
  if (!checked.success) throw new AppError({ code: "request.invalid" });
  const parsed = checked.data;
  const placed = await startPlanPurchase(deps, {
    viewer: input.viewer,
    siteAccountId: input.account.accountId,
    origin: input.origin,
    input: parsed,
  });
  if (placed.start?.kind === "redirect") return { url: placed.start.url };
  // Paid in full by the credit: nothing to pay, the plan applies with the fulfilment.
  if (!placed.start) return { url: `${input.origin}/dashboard/billing?paid=1` };
  throw new AppError({ code: "payment.providerUnavailable" });
}

/** The console's plans list: each plan's prices and how many sites are on it now. */
export async function loadPlatformPlans(database: UsageServices["database"]) {
  const plans = await listPlans(database);
  const counts = await database.asApp((tx) =>
    tx
      .select({ plan: sql<string>`${accounts.settings}->>'plan'`, sites: count() })
      .from(accounts)
      .groupBy(sql`${accounts.settings}->>'plan'`),
  );
  return plans.map((plan) => ({
    id: plan.id,
    label: plan.label,
    prices: planPriceList(plan).map(({ interval, amount, trialDays, iterations }) => ({
      interval,
      amount,
      trialDays,
      iterations,
    })),
    sites: counts.find((row) => row.plan === plan.id)?.sites ?? 0,
  }));
}
