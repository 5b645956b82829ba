import { and, eq } from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { createDefaultRoles } from "~/features/members/members.server";
import { roles } from "~/features/members/tables.server";
import { listPlans, type Plan } from "~/features/plans/plans.server";
import { productPrices, products } from "~/features/products/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { planIntervals, type PlanInterval } from "./billing-shapes";

/** The currency the platform prices its plans in (spec §9 states USD). */
export const PLAN_CURRENCY = "USD";

/** A plan's product in the platform account's shop: `plan-{id}`. */
export const planProductSlug = (planId: string) => `plan-${planId}`;

const priceShape: Record<
  PlanInterval,
  { billing: "subscription" | "one_time"; every: "month" | "year" | null }
> = {
  monthly: { billing: "subscription", every: "month" },
  annual: { billing: "subscription", every: "year" },
  onetime: { billing: "one_time", every: null },
};

/** The price list of a plan, from its catalogue pricing (the first provider's, in whole USD). */
export function planPriceList(plan: Plan) {
  const pricing = Object.values(plan.pricing)[0] ?? {};
  return planIntervals.flatMap((interval) => {
    const entry = pricing[interval];
    if (!entry) return [];
    return [
      {
        interval,
        amount: Math.round(entry.amount * 100),
        trialDays: entry.trial_days ?? 0,
        iterations: entry.iterations ?? 0,
        ...priceShape[interval],
      },
    ];
  });
}

async function upsertPlanProduct(tx: Tx, plan: Plan) {
  const accountId = PLATFORM_ACCOUNT_ID;
  // Kind `bundle` with no grants: a plan grants nothing inside the platform's own site; what it
  // gives (the site's plan) is applied by billing when its order is fulfilled.
  const [product] = await tx
    .insert(products)
    .values({
      accountId,
      title: plan.label,
      slug: planProductSlug(plan.id),
      description: plan.description,
      kind: "bundle",
      status: "published",
      visibility: "hidden",
    })
    .onConflictDoUpdate({
      target: [products.accountId, products.slug],
      set: { title: plan.label, description: plan.description, status: "published" },
    })
    .returning({ id: products.id });
  const productId = product!.id;
  const stored = await tx
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.accountId, accountId), eq(productPrices.productId, productId)));
  for (const [position, price] of planPriceList(plan).entries()) {
    const values = {
      currency: PLAN_CURRENCY,
      amount: price.amount,
      billing: price.billing,
      interval: price.every,
      trialDays: price.trialDays,
      iterations: price.iterations,
      position,
    };
    const same = stored.find(
      (row) => row.billing === price.billing && row.interval === price.every,
    );
    if (same)
      await tx
        .update(productPrices)
        .set(values)
        .where(and(eq(productPrices.accountId, accountId), eq(productPrices.id, same.id)));
    else await tx.insert(productPrices).values({ accountId, productId, ...values });
  }
}

/**
 * The platform's shop, made from the plan catalogue at every start (idempotent): its roles (a
 * site owner buying a plan becomes the platform's customer, as a buyer does on any site) and a
 * product per plan with a price per interval.
 */
export async function preparePlatformBilling(database: Database): Promise<void> {
  const catalogue = await listPlans(database);
  await database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    const [role] = await tx
      .select({ id: roles.roleId })
      .from(roles)
      .where(eq(roles.accountId, PLATFORM_ACCOUNT_ID))
      .limit(1);
    if (!role) await createDefaultRoles(tx, PLATFORM_ACCOUNT_ID);
    for (const plan of catalogue) await upsertPlanProduct(tx, plan);
  });
}

/** The platform's product and price for a plan and interval, if the plan is sold that way. */
export async function findPlanPrice(
  tx: Tx,
  { planId, interval }: { planId: string; interval: PlanInterval },
) {
  const shape = priceShape[interval];
  const [row] = await tx
    .select({ productId: products.id, priceId: productPrices.id, amount: productPrices.amount })
    .from(products)
    .innerJoin(
      productPrices,
      and(
        eq(productPrices.accountId, products.accountId),
        eq(productPrices.productId, products.id),
      ),
    )
    .where(
      and(
        eq(products.accountId, PLATFORM_ACCOUNT_ID),
        eq(products.slug, planProductSlug(planId)),
        eq(productPrices.billing, shape.billing),
        shape.every
          ? eq(productPrices.interval, shape.every)
          : eq(productPrices.billing, "one_time"),
      ),
    )
    .limit(1);
  return row;
}
