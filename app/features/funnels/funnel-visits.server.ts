import { and, asc, eq, isNull } from "drizzle-orm";
import { emitDomainEvent } from "~/features/events/events.server";
import type { OrderFunnelMark } from "~/features/orders/orders";
import { pages } from "~/features/pages/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { stepPath } from "./funnel-shapes";
import { stepRowOf, stepsOf } from "./funnel-records.server";
import { splitVariant } from "./funnel-visitor";
import { funnels, funnelSteps, funnelVisits } from "./tables.server";

type StepStored = typeof funnelSteps.$inferSelect;
export type Utm = { source: string; medium: string; campaign: string };

/**
 * Where a step leads on: the step after it. An upsell's "yes" skips the steps that are some
 * upsell's "no" (its downsells); its "no" goes to its downsell when it names one.
 */
export function nextStep(
  steps: StepStored[],
  step: StepStored,
  answer: "yes" | "no" = "yes",
): StepStored | null {
  if (answer === "no" && step.settings.declineStepId) {
    const declined = steps.find((one) => one.id === step.settings.declineStepId);
    if (declined && declined.id !== step.id) return declined;
  }
  const downsells = new Set(
    answer === "yes" ? steps.map((one) => one.settings.declineStepId).filter(Boolean) : [],
  );
  return steps.find((one) => one.position > step.position && !downsells.has(one.id)) ?? null;
}

async function liveFunnel(tx: Tx, accountId: string, slug: string, preview: boolean) {
  const [funnel] = await tx
    .select()
    .from(funnels)
    .where(and(eq(funnels.accountId, accountId), eq(funnels.slug, slug)));
  if (!funnel || (funnel.status !== "live" && !preview)) return null;
  return funnel;
}

/** The UTM of the visitor's first visit to this funnel: their funnel session's. */
async function sessionUtm(tx: Tx, accountId: string, funnelId: string, visitor: string) {
  const [first] = await tx
    .select({
      source: funnelVisits.utmSource,
      medium: funnelVisits.utmMedium,
      campaign: funnelVisits.utmCampaign,
      device: funnelVisits.device,
    })
    .from(funnelVisits)
    .where(
      and(
        eq(funnelVisits.accountId, accountId),
        eq(funnelVisits.funnelId, funnelId),
        eq(funnelVisits.visitor, visitor),
      ),
    )
    .orderBy(asc(funnelVisits.seenAt))
    .limit(1);
  return first ?? null;
}

/**
 * A visitor opens `/f/{funnel}/{step}` (the first step without one): the step, the page they
 * see (B for their share of a split test, every time), and its visit counted once. A draft
 * funnel opens only for a `preview` (its managers), whose visits are not counted.
 */
export function openStep(
  database: Database,
  {
    accountId,
    funnelSlug,
    stepSlug,
    visitor,
    utm,
    device,
    preview,
    now = new Date(),
  }: {
    accountId: string;
    funnelSlug: string;
    stepSlug: string | null;
    visitor: string;
    utm: Utm;
    device: string;
    preview: boolean;
    now?: Date;
  },
) {
  return database.forAccount(accountId, async (tx) => {
    const funnel = await liveFunnel(tx, accountId, funnelSlug, preview);
    if (!funnel) return null;
    const steps = await stepsOf(tx, accountId, funnel.id);
    const step = stepSlug ? steps.find((one) => one.slug === stepSlug) : steps[0];
    if (!step) return null;
    const variant = step.variantPageId
      ? splitVariant(visitor, step.id, step.splitPercent)
      : ("a" as const);
    const pageId = variant === "b" ? step.variantPageId! : step.pageId;
    const [page] = await tx
      .select({ slug: pages.slug })
      .from(pages)
      .where(and(eq(pages.accountId, accountId), eq(pages.id, pageId)));
    if (!page) return null;
    if (funnel.status === "live") {
      const earlier = utm.source ? null : await sessionUtm(tx, accountId, funnel.id, visitor);
      await tx
        .insert(funnelVisits)
        .values({
          accountId,
          funnelId: funnel.id,
          stepId: step.id,
          visitor,
          variant,
          utmSource: earlier?.source ?? utm.source,
          utmMedium: earlier?.medium ?? utm.medium,
          utmCampaign: earlier?.campaign ?? utm.campaign,
          device: earlier?.device ?? device,
          seenAt: now,
        })
        .onConflictDoNothing();
    }
    const next = nextStep(steps, step);
    const declined = nextStep(steps, step, "no");
    return {
      funnel: { id: funnel.id, slug: funnel.slug, name: funnel.name, status: funnel.status },
      step: stepRowOf(step),
      pageSlug: page.slug,
      variant,
      nextPath: next ? stepPath(funnel.slug, next.slug) : null,
      declinePath: declined ? stepPath(funnel.slug, declined.slug) : null,
    };
  });
}

/** A step of a funnel by the funnel's and the step's slugs (the live funnel's only). */
async function stepBySlugs(tx: Tx, accountId: string, funnelSlug: string, stepSlug: string) {
  const funnel = await liveFunnel(tx, accountId, funnelSlug, false);
  if (!funnel) return null;
  const steps = await stepsOf(tx, accountId, funnel.id);
  const step = steps.find((one) => one.slug === stepSlug);
  return step ? { funnel, steps, step } : null;
}

/**
 * The visitor did what the step asks (sent its form, followed its button, took its offer):
 * their visit converts once, and `funnel.step.converted` is told once.
 */
export async function convertVisit(
  tx: Tx,
  {
    accountId,
    step,
    visitor,
    email = null,
    now = new Date(),
  }: { accountId: string; step: StepStored; visitor: string; email?: string | null; now?: Date },
) {
  const [converted] = await tx
    .update(funnelVisits)
    .set({ convertedAt: now })
    .where(
      and(
        eq(funnelVisits.accountId, accountId),
        eq(funnelVisits.stepId, step.id),
        eq(funnelVisits.visitor, visitor),
        isNull(funnelVisits.convertedAt),
      ),
    )
    .returning({ id: funnelVisits.id, variant: funnelVisits.variant });
  if (!converted) return;
  await emitDomainEvent(
    tx,
    accountId,
    {
      type: "funnel.step.converted",
      email,
      data: {
        funnelId: step.funnelId,
        stepId: step.id,
        kind: step.kind,
        variant: converted.variant,
      },
    },
    now,
  );
}

/**
 * A step's own action by its address: the sales page's button ("next"), or an opt-in's form
 * sent from it ("optin"). The visit converts; the answer is where the visitor goes next.
 */
export function advanceFrom(
  database: Database,
  {
    accountId,
    path,
    visitor,
    kind,
    email = null,
  }: {
    accountId: string;
    path: string;
    visitor: string | null;
    kind: "sales" | "optin";
    email?: string | null;
  },
): Promise<string | null> {
  const match = /^\/f\/([a-z0-9-]{1,80})\/([a-z0-9-]{1,80})$/.exec(path);
  if (!match) return Promise.resolve(null);
  return database.forAccount(accountId, async (tx) => {
    const found = await stepBySlugs(tx, accountId, match[1]!, match[2]!);
    if (!found || found.step.kind !== kind) return null;
    if (visitor) await convertVisit(tx, { accountId, step: found.step, visitor, email });
    const next = nextStep(found.steps, found.step);
    return next ? stepPath(found.funnel.slug, next.slug) : null;
  });
}

/**
 * The checkout of a funnel's checkout step: what its order carries (as it carries a referral)
 * and where the paid buyer goes (the step after it, else `/thankyou`). Null when the step is no
 * live checkout step.
 */
export function funnelCheckout(
  database: Database,
  { accountId, stepId, visitor }: { accountId: string; stepId: string; visitor: string | null },
): Promise<{ mark: OrderFunnelMark; thanksPath: string } | null> {
  if (!visitor) return Promise.resolve(null);
  return database.forAccount(accountId, async (tx) => {
    const [step] = await tx
      .select()
      .from(funnelSteps)
      .where(and(eq(funnelSteps.accountId, accountId), eq(funnelSteps.id, stepId)));
    if (!step || step.kind !== "checkout") return null;
    const [funnel] = await tx
      .select()
      .from(funnels)
      .where(and(eq(funnels.accountId, accountId), eq(funnels.id, step.funnelId)));
    if (!funnel || funnel.status !== "live") return null;
    const next = nextStep(await stepsOf(tx, accountId, funnel.id), step);
    return {
      mark: { funnelId: funnel.id, stepId: step.id, visitor },
      thanksPath: next ? stepPath(funnel.slug, next.slug) : "/thankyou",
    };
  });
}

/** An upsell step of a live funnel with where its "yes" and its "no" lead. */
export function upsellStep(
  database: Database,
  { accountId, funnelSlug, stepSlug }: { accountId: string; funnelSlug: string; stepSlug: string },
) {
  return database.forAccount(accountId, async (tx) => {
    const found = await stepBySlugs(tx, accountId, funnelSlug, stepSlug);
    if (!found || found.step.kind !== "upsell" || !found.step.settings.offer) return null;
    const path = (step: StepStored | null) =>
      step ? stepPath(found.funnel.slug, step.slug) : "/thankyou";
    return {
      funnelId: found.funnel.id,
      step: found.step,
      offer: found.step.settings.offer,
      nextPath: path(nextStep(found.steps, found.step)),
      declinePath: path(nextStep(found.steps, found.step, "no")),
    };
  });
}

/** The visitor took an upsell's offer: its visit converts. */
export async function convertUpsell(
  database: Database,
  { accountId, step, visitor }: { accountId: string; step: StepStored; visitor: string },
) {
  await database.forAccount(accountId, (tx) => convertVisit(tx, { accountId, step, visitor }));
}
