import { and, asc, count, countDistinct, desc, eq, gt, inArray, lt, max, sql } from "drizzle-orm";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import { slugify } from "~/platform/slugs";
import {
  emptyStepSettings,
  funnelCommandSchema,
  funnelInputSchema,
  stepInputSchema,
  type FunnelRow,
  type FunnelStatus,
  type StepKind,
  type StepRow,
} from "./funnel-shapes";
import {
  dropPages,
  endSplit,
  funnelIs,
  pagesOfStep,
  startSplit,
  stepIs,
  stepPage,
  touch,
} from "./funnel-step-pages.server";
import { funnels, funnelSteps, funnelVisits } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };
type StepStored = typeof funnelSteps.$inferSelect;

export const stepRowOf = (row: StepStored): StepRow => ({
  id: row.id,
  position: row.position,
  kind: row.kind,
  title: row.title,
  slug: row.slug,
  pageId: row.pageId,
  variantPageId: row.variantPageId,
  splitPercent: row.splitPercent,
  settings: { ...emptyStepSettings, ...row.settings },
});

/** The site's funnels with their steps and visitors, newest change first. */
export async function listFunnels(database: Database, { accountId, viewer }: Place) {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx): Promise<FunnelRow[]> => {
    const rows = await tx
      .select()
      .from(funnels)
      .where(eq(funnels.accountId, accountId))
      .orderBy(desc(funnels.updatedAt))
      .limit(500);
    const ids = rows.map((row) => row.id);
    const stepCounts = ids.length
      ? await tx
          .select({ funnelId: funnelSteps.funnelId, n: count() })
          .from(funnelSteps)
          .where(and(eq(funnelSteps.accountId, accountId), inArray(funnelSteps.funnelId, ids)))
          .groupBy(funnelSteps.funnelId)
      : [];
    const visitorCounts = ids.length
      ? await tx
          .select({ funnelId: funnelVisits.funnelId, n: countDistinct(funnelVisits.visitor) })
          .from(funnelVisits)
          .where(and(eq(funnelVisits.accountId, accountId), inArray(funnelVisits.funnelId, ids)))
          .groupBy(funnelVisits.funnelId)
      : [];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      status: row.status,
      steps: stepCounts.find((one) => one.funnelId === row.id)?.n ?? 0,
      visitors: visitorCounts.find((one) => one.funnelId === row.id)?.n ?? 0,
      updatedAt: row.updatedAt.toISOString(),
    }));
  });
}

/** One funnel and its steps in order, for its editor. */
export async function loadFunnel(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
) {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [row] = await tx.select().from(funnels).where(funnelIs(accountId, id));
    if (!row) throw new AppError({ code: "route.notFound" });
    const steps = await stepsOf(tx, accountId, id);
    return {
      id: row.id,
      funnel: { name: row.name, slug: row.slug, status: row.status as FunnelStatus },
      steps: steps.map(stepRowOf),
    };
  });
}

export function stepsOf(tx: Tx, accountId: string, funnelId: string) {
  return tx
    .select()
    .from(funnelSteps)
    .where(and(eq(funnelSteps.accountId, accountId), eq(funnelSteps.funnelId, funnelId)))
    .orderBy(asc(funnelSteps.position));
}

type Answer =
  { ok: true; id: string } | { ok: false; code: "request.invalid"; issues: FieldIssue[] };

type CommandPlace = Place & {
  body: unknown;
  lang: LanguageCode;
  /** The plan's cap on funnels; 0 = none. */
  limit: number;
  changed?: () => Promise<unknown>;
  now?: Date;
};

/**
 * Issue 34 the funnels screen's action: make, change and delete funnels and their steps. A
 * step's page is a page of kind `funnel`, made with the step and deleted with it.
 */
export async function commandFunnels(database: Database, place: CommandPlace): Promise<Answer> {
  const { accountId, viewer, body, now = new Date() } = place;
  checkContactsManager(viewer);
  const parsed = funnelCommandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  const answer = await database.forAccount(accountId, async (tx): Promise<Answer> => {
    switch (command.intent) {
      case "createFunnel":
        return { ok: true, id: await createFunnel(tx, { ...place, name: command.name, now }) };
      case "saveFunnel":
        return saveFunnel(tx, { accountId, id: command.id, input: command.funnel, now });
      case "deleteFunnel": {
        const steps = await stepsOf(tx, accountId, command.id);
        const gone = await tx.delete(funnels).where(funnelIs(accountId, command.id)).returning();
        if (gone.length === 0) throw new AppError({ code: "route.notFound" });
        await dropPages(tx, accountId, steps.flatMap(pagesOfStep));
        return { ok: true, id: command.id };
      }
      case "addStep": {
        const [funnel] = await tx
          .select()
          .from(funnels)
          .where(funnelIs(accountId, command.funnelId));
        if (!funnel) throw new AppError({ code: "route.notFound" });
        const id = await addStep(tx, { ...place, funnelId: funnel.id, kind: command.kind, now });
        await touch(tx, accountId, funnel.id, now);
        return { ok: true, id };
      }
      case "saveStep":
        return saveStep(tx, { accountId, id: command.id, input: command.step, now });
      case "moveStep":
        return moveStep(tx, { accountId, id: command.id, by: command.by, now });
      case "deleteStep": {
        const [gone] = await tx
          .delete(funnelSteps)
          .where(stepIs(accountId, command.id))
          .returning();
        if (!gone) throw new AppError({ code: "route.notFound" });
        await dropPages(tx, accountId, pagesOfStep(gone));
        await touch(tx, accountId, gone.funnelId, now);
        return { ok: true, id: gone.funnelId };
      }
      case "startSplit":
        return startSplit(tx, { accountId, id: command.id, lang: place.lang, viewer, now });
      case "endSplit":
        return endSplit(tx, { accountId, id: command.id, keep: command.keep, now });
    }
  });
  if (answer.ok) await place.changed?.();
  return answer;
}

/**
 * A new funnel, refused past the plan's cap. The count and the insert are one under a lock per
 * site, so twenty owners' tabs at once never make a fourth of three.
 */
async function createFunnel(
  tx: Tx,
  { accountId, viewer, name, limit, lang, now }: CommandPlace & { name: string; now: Date },
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`funnels:${accountId}`}))`);
  if (limit > 0) {
    const [row] = await tx
      .select({ n: count() })
      .from(funnels)
      .where(eq(funnels.accountId, accountId));
    if ((row?.n ?? 0) >= limit) throw new AppError({ code: "funnels.limitReached" });
  }
  const slug = await freeSlug(slugify(name) || "funnel", async (candidate) => {
    const [taken] = await tx
      .select({ id: funnels.id })
      .from(funnels)
      .where(and(eq(funnels.accountId, accountId), eq(funnels.slug, candidate)));
    return Boolean(taken);
  });
  const [row] = await tx
    .insert(funnels)
    .values({ accountId, name, slug, status: "draft", createdAt: now, updatedAt: now })
    .returning({ id: funnels.id });
  // A funnel starts as the shortest that works: a page that collects, a page that thanks.
  for (const kind of ["optin", "thankyou"] as const)
    await addStep(tx, { accountId, viewer, lang, funnelId: row!.id, kind, now });
  return row!.id;
}

async function freeSlug(base: string, taken: (slug: string) => Promise<boolean>) {
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 70)}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base.slice(0, 60)}-${crypto.randomUUID().slice(0, 8)}`;
}

async function addStep(
  tx: Tx,
  place: Place & { funnelId: string; kind: StepKind; lang: LanguageCode; now: Date },
) {
  const { accountId, funnelId, kind, lang, now } = place;
  const [last] = await tx
    .select({ position: max(funnelSteps.position) })
    .from(funnelSteps)
    .where(and(eq(funnelSteps.accountId, accountId), eq(funnelSteps.funnelId, funnelId)));
  const title = textIn(lang, `funnels.kinds.${kind}`);
  const slug = await freeSlug(kind, async (candidate) => {
    const [taken] = await tx
      .select({ id: funnelSteps.id })
      .from(funnelSteps)
      .where(
        and(
          eq(funnelSteps.accountId, accountId),
          eq(funnelSteps.funnelId, funnelId),
          eq(funnelSteps.slug, candidate),
        ),
      );
    return Boolean(taken);
  });
  const pageId = await stepPage(tx, { ...place, title, kind });
  const [row] = await tx
    .insert(funnelSteps)
    .values({
      accountId,
      funnelId,
      position: (last?.position ?? -1) + 1,
      kind,
      title,
      slug,
      pageId,
      settings: emptyStepSettings,
      createdAt: now,
    })
    .returning({ id: funnelSteps.id });
  return row!.id;
}

const unique = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "23505";

/** Runs `write` in a savepoint: a unique slug taken comes back as the field's issue. */
async function slugSaved(tx: Tx, write: () => Promise<unknown>): Promise<Answer | null> {
  try {
    await tx.transaction(async () => {
      await write();
    });
    return null;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    if (!unique(cause)) throw error;
    return {
      ok: false,
      code: "request.invalid",
      issues: [{ path: "slug", code: "custom", origin: "slugTaken" }],
    };
  }
}

async function saveFunnel(
  tx: Tx,
  { accountId, id, input, now }: { accountId: string; id: string; input: unknown; now: Date },
): Promise<Answer> {
  const parsed = funnelInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const [row] = await tx.select({ id: funnels.id }).from(funnels).where(funnelIs(accountId, id));
  if (!row) throw new AppError({ code: "route.notFound" });
  const refused = await slugSaved(tx, () =>
    tx
      .update(funnels)
      .set({ ...parsed.data, updatedAt: now })
      .where(funnelIs(accountId, id)),
  );
  return refused ?? { ok: true, id };
}

/** What a step of `kind` must name to work: a checkout sells something, an upsell offers it. */
function missingFor(kind: StepKind, input: ReturnType<typeof stepInputSchema.parse>): FieldIssue[] {
  if (kind === "checkout" && input.products.length === 0)
    return [{ path: "products", code: "custom", origin: "required" }];
  if (kind === "upsell" && !input.offer)
    return [{ path: "offer", code: "custom", origin: "required" }];
  return [];
}

async function saveStep(
  tx: Tx,
  { accountId, id, input, now }: { accountId: string; id: string; input: unknown; now: Date },
): Promise<Answer> {
  const [step] = await tx.select().from(funnelSteps).where(stepIs(accountId, id));
  if (!step) throw new AppError({ code: "route.notFound" });
  const parsed = stepInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const missing = missingFor(step.kind, parsed.data);
  if (missing.length > 0) return { ok: false, code: "request.invalid", issues: missing };
  const { title, slug, splitPercent, ...settings } = parsed.data;
  const refused = await slugSaved(tx, () =>
    tx
      .update(funnelSteps)
      .set({ title, slug, splitPercent, settings })
      .where(stepIs(accountId, id)),
  );
  if (refused) return refused;
  await touch(tx, accountId, step.funnelId, now);
  return { ok: true, id };
}

/** Swaps a step with its neighbour before (-1) or after (+1). */
async function moveStep(
  tx: Tx,
  { accountId, id, by, now }: { accountId: string; id: string; by: -1 | 1; now: Date },
): Promise<Answer> {
  const [step] = await tx.select().from(funnelSteps).where(stepIs(accountId, id)).for("update");
  if (!step) throw new AppError({ code: "route.notFound" });
  const [other] = await tx
    .select()
    .from(funnelSteps)
    .where(
      and(
        eq(funnelSteps.accountId, accountId),
        eq(funnelSteps.funnelId, step.funnelId),
        by < 0 ? lt(funnelSteps.position, step.position) : gt(funnelSteps.position, step.position),
      ),
    )
    .orderBy(by < 0 ? desc(funnelSteps.position) : asc(funnelSteps.position))
    .limit(1);
  if (!other) return { ok: true, id };
  await tx.update(funnelSteps).set({ position: other.position }).where(stepIs(accountId, step.id));
  await tx.update(funnelSteps).set({ position: step.position }).where(stepIs(accountId, other.id));
  await touch(tx, accountId, step.funnelId, now);
  return { ok: true, id };
}
