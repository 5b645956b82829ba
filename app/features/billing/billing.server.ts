// The billing feature's server door: the platform selling plans to site owners (issue 17, C7).
import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts } from "~/features/accounts/tables.server";
import type { AccountSummary } from "~/features/accounts/accounts";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { cancelOrder, confirmPaymentReturn } from "~/features/orders/orders.server";
import {
  enabledProviders,
  paymentProviderNames,
  providerResumes,
} from "~/features/payments/payments.server";
import { listPlans, type Plan } from "~/features/plans/plans.server";
import {
  meters as meterList,
  readMeters,
  refreshGauges,
  type MeterReading,
  type UsageServices,
} from "~/features/usage/usage.server";
import { AppError } from "~/platform/errors";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { planIntervals, type PlanInterval } from "./billing-shapes";
import { awaitedTransfers } from "./plan-purchase-queries.server";
import { applyPlanLapses, planLapse } from "./plan-lapse.server";
import {
  applyDuePlanChanges,
  livePlanPurchase,
  monthlyValue,
  prorationCredit,
  scheduledPlanChange,
  startPlanPurchase,
  type BillingDeps,
  type PlanChangeDeps,
} from "./plan-purchase.server";
import { planInvoices } from "./plan-invoice.server";
import { keepCurrentPlan } from "./plan-undo.server";
import { PLAN_CURRENCY, planPriceList } from "./platform-plans.server";
import { planPurchases } from "./tables.server";

export {
  applyDuePlanChanges,
  applyPlanOrder,
  PLAN_CHANGES_DUE_JOB,
  startPlanPurchase,
  type BillingDeps,
} from "./plan-purchase.server";
export { preparePlatformBilling } from "./platform-plans.server";
export { applyPlanLapses, PLAN_GRACE_DAYS } from "./plan-lapse.server";

/**
 * The `billing.plan-changes` round (every 15 minutes): downgrades whose start has come, then
 * plan subscriptions that ended unpaid (their grace, then the fallback). Idempotent.
 */
export async function runPlanRound(deps: PlanChangeDeps & { pubsub: PubSub }, now = new Date()) {
  const { changed } = await applyDuePlanChanges(deps, now);
  return { changed, ...(await applyPlanLapses(deps, now)) };
}
export { planInvoicePdf } from "./plan-invoice.server";

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
  const [meters, live, scheduled, invoices, providers, transfers] = await Promise.all([
    readMeters(database, { accountId, limits: current?.limits ?? {}, now }),
    livePlanPurchase(database, accountId, now),
    scheduledPlanChange(database, accountId, now),
    planInvoices(database, accountId),
    // Every provider the platform has switched on, with its keys, for the plans' currency: the
    // redirects (Stripe, PayPal), Razorpay's modal, and bank transfer (confirmed by a super-admin).
    database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      enabledProviders(tx, { accountId: PLATFORM_ACCOUNT_ID, currency: PLAN_CURRENCY }),
    ),
    awaitedTransfers(database, accountId),
  ]);
  const lapse = await planLapse(database, { siteAccountId: accountId, live, now });
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
  // The current plan bought again ahead ("Keep my current plan" where the old subscription
  // could not renew again) is no change: the plan simply goes on.
  const renewsAhead =
    scheduled?.planId === live?.planId && scheduled?.interval === live?.interval ? scheduled : null;
  return {
    currentPlanId: current?.id ?? null,
    payment: live
      ? {
          interval: live.interval,
          orderNumber: live.orderNumber,
          provider: subscription?.provider ?? null,
          status: subscription?.status ?? "paid",
          renewsAt: subscription?.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: (subscription?.cancelAtPeriodEnd ?? false) && !renewsAhead,
          amount: subscription?.amount ?? null,
          credit: prorationCredit(subscription ?? null, now),
          // Whether "Keep my current plan" renews this subscription again, or buys it anew.
          resumes: subscription ? providerResumes(subscription.provider) : true,
        }
      : null,
    scheduled:
      scheduled && !renewsAhead
        ? { ...scheduled, startsAt: scheduled.startsAt.toISOString() }
        : null,
    lapse,
    meters,
    plans: cards,
    invoices,
    providers,
    transfers: transfers.map(({ checkoutKey: _key, createdAt, ...transfer }) => ({
      ...transfer,
      createdAt: createdAt.toISOString(),
    })),
  };
}

export type BillingScreen = Awaited<ReturnType<typeof loadBillingScreen>>;

/**
 * The browser's idempotency key: the screen sends a UUID, so letters, digits, dashes and
 * underscores are all a key holds; anything else is refused here, at the boundary (a key with
 * markup or a path in it once got as far as a 500).
 */
const checkoutKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);

export const planPurchaseInputSchema = z
  .object({
    planId: z.string().min(1).max(40),
    interval: z.enum(planIntervals),
    provider: z.enum(paymentProviderNames),
    checkoutKey: checkoutKeySchema,
  })
  .strict();

/**
 * What the billing screen does next: go to `url` (a provider's page, or back to billing), or
 * open Razorpay's modal with `client` for the platform's order `orderId`.
 */
export type BillingAnswer =
  { url: string } | { modal: { orderId: string; client: Record<string, unknown> } };

type BillingCommand = { viewer: Viewer; account: AccountSummary; origin: string; body: unknown };

/** The screen's "Upgrade" command: where the owner's browser goes to pay. */
export async function buyPlan(deps: BillingDeps, input: BillingCommand): Promise<BillingAnswer> {
  const checked = planPurchaseInputSchema.safeParse(input.body);
  if (!checked.success) throw new AppError({ code: "request.invalid" });
  const parsed = checked.data;
  const placed = await startPlanPurchase(deps, {
    viewer: input.viewer,
    siteAccountId: input.account.accountId,
    origin: input.origin,
    input: parsed,
  });
  return answerFor(placed, input.origin, "paid");
}

/** Where a placed plan order sends the browser: the provider, its modal, or back to billing. */
function answerFor(
  placed: Awaited<ReturnType<typeof startPlanPurchase>>,
  origin: string,
  done: "paid" | "kept",
): BillingAnswer {
  const start = placed.start;
  if (start?.kind === "redirect") return { url: start.url };
  if (start?.kind === "modal") return { modal: { orderId: placed.order.id, client: start.client } };
  // A bank transfer: the screen shows the order awaiting it, with the platform's instructions.
  if (start?.kind === "offline") return { url: `${origin}/dashboard/billing` };
  // Nothing to pay now (paid in full by the credit): the plan applies with the fulfilment.
  return { url: `${origin}/dashboard/billing?${done}=1` };
}

const keepPlanSchema = z
  .object({ intent: z.literal("keepPlan"), checkoutKey: checkoutKeySchema })
  .strict();

/**
 * "Keep my current plan": the scheduled downgrade is taken back (decision 035). Where the
 * current subscription cannot renew again (PayPal, Razorpay) the current plan is bought again
 * to start when the period ends, through its provider's page or modal.
 */
export async function keepPlan(deps: BillingDeps, input: BillingCommand): Promise<BillingAnswer> {
  const checked = keepPlanSchema.safeParse(input.body);
  if (!checked.success) throw new AppError({ code: "request.invalid" });
  const answer = await keepCurrentPlan(deps, {
    viewer: input.viewer,
    siteAccountId: input.account.accountId,
    origin: input.origin,
    checkoutKey: checked.data.checkoutKey,
  });
  if (answer.kept) return { url: `${input.origin}/dashboard/billing?kept=1` };
  return answerFor(answer.placed, input.origin, "kept");
}

const paymentReturnSchema = z
  .object({
    intent: z.literal("paymentReturn"),
    orderId: z.uuid(),
    payload: z.record(z.string().max(100), z.string().max(2000)),
  })
  .strict();

const withdrawTransferSchema = z
  .object({ intent: z.literal("withdrawTransfer"), orderId: z.uuid() })
  .strict();

/** The plan purchase of the platform's order `orderId`, if it is one of this very site's. */
async function sitePlanPurchase(deps: BillingDeps, siteAccountId: string, orderId: string) {
  const [purchase] = await deps.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .select()
      .from(planPurchases)
      .where(
        and(eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID), eq(planPurchases.orderId, orderId)),
      ),
  );
  if (purchase?.siteAccountId !== siteAccountId) throw new AppError({ code: "order.notFound" });
  return purchase;
}

/**
 * Razorpay's modal answered on the billing screen: its signed answer confirms the platform's
 * order (the seller's, never the site's), whose buyer must be the viewer. Paid, the queue
 * fulfils it and the plan changes (`applyPlanOrder`).
 */
export async function confirmPlanPayment(
  deps: BillingDeps,
  input: BillingCommand,
): Promise<BillingAnswer> {
  const checked = paymentReturnSchema.safeParse(input.body);
  if (!checked.success) throw new AppError({ code: "request.invalid" });
  const { orderId, payload } = checked.data;
  const purchase = await sitePlanPurchase(deps, input.account.accountId, orderId);
  const order = await confirmPaymentReturn(deps, {
    accountId: PLATFORM_ACCOUNT_ID,
    viewer: input.viewer,
    orderId,
    payload,
  });
  // An answer that confirms nothing (no payment in it, another provider's order).
  if (order.status !== "paid" && order.status !== "fulfilled")
    throw new AppError({ code: "request.invalid" });
  // A move down is paid now and starts when the current period ends.
  return { url: `${input.origin}/dashboard/billing?${purchase.startsAt ? "scheduled" : "paid"}=1` };
}

/**
 * The owner withdraws a bank transfer they asked for and have not paid: the order is cancelled
 * (only its buyer may), and another plan or way to pay may be chosen.
 */
export async function withdrawPlanTransfer(
  deps: BillingDeps,
  input: BillingCommand,
): Promise<BillingAnswer> {
  const checked = withdrawTransferSchema.safeParse(input.body);
  if (!checked.success) throw new AppError({ code: "request.invalid" });
  const { orderId } = checked.data;
  const accountId = input.account.accountId;
  const waiting = await awaitedTransfers(deps.database, accountId);
  if (!waiting.some((transfer) => transfer.orderId === orderId && !transfer.renewal))
    throw new AppError({ code: "order.notFound" });
  // The platform's order, as its buyer: the site's role gives no say in the platform's shop.
  await cancelOrder(deps, {
    accountId: PLATFORM_ACCOUNT_ID,
    viewer: { ...input.viewer, membership: null },
    orderId,
  });
  return { url: `${input.origin}/dashboard/billing?cancelled=1` };
}

/** The billing screen's commands by their body: a purchase (no intent), a modal's answer, a withdrawal. */
export function billingCommand(deps: BillingDeps, input: BillingCommand): Promise<BillingAnswer> {
  const intent =
    input.body && typeof input.body === "object" && "intent" in input.body
      ? (input.body as { intent: unknown }).intent
      : undefined;
  if (intent === "paymentReturn") return confirmPlanPayment(deps, input);
  if (intent === "withdrawTransfer") return withdrawPlanTransfer(deps, input);
  if (intent === "keepPlan") return keepPlan(deps, input);
  return buyPlan(deps, input);
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
