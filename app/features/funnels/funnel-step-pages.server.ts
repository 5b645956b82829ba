import { and, eq, inArray } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import { addPage } from "~/features/pages/pages.server";
import { pages } from "~/features/pages/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import type { StepKind } from "./funnel-shapes";
import { funnels, funnelSteps, funnelVisits } from "./tables.server";

// A step's pages (decision 063): the page of kind `funnel` made with the step, its split test's
// B page, and their end with the step or the test.

type Place = { accountId: string; viewer: Viewer | null };
type StepStored = typeof funnelSteps.$inferSelect;
type Answer = { ok: true; id: string };

export const funnelIs = (accountId: string, id: string) =>
  and(eq(funnels.accountId, accountId), eq(funnels.id, id));
export const stepIs = (accountId: string, id: string) =>
  and(eq(funnelSteps.accountId, accountId), eq(funnelSteps.id, id));

export const pagesOfStep = (step: StepStored) =>
  [step.pageId, step.variantPageId].filter((id): id is string => id !== null);

export async function dropPages(tx: Tx, accountId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .delete(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.kind, "funnel"), inArray(pages.id, ids)));
}

export const touch = (tx: Tx, accountId: string, id: string, now: Date) =>
  tx.update(funnels).set({ updatedAt: now }).where(funnelIs(accountId, id));

/** A step's page: published at once (a funnel is shown only once live), made of a hero. */
export async function stepPage(
  tx: Tx,
  {
    accountId,
    viewer,
    title,
    lang,
    kind,
    now,
  }: Place & { title: string; lang: LanguageCode; kind: StepKind; now: Date },
) {
  const page = await addPage(tx, {
    accountId,
    title,
    slug: `funnel-${crypto.randomUUID()}`,
    kind: "funnel",
    status: "published",
    publishedAt: now,
    authorId: viewer?.user.id ?? null,
    data: {
      root: { props: {} },
      content: [
        {
          type: "Hero",
          props: {
            id: `hero-${crypto.randomUUID()}`,
            title,
            subtitle: textIn(lang, `funnels.defaults.${kind}`),
            image: "",
            ctaLabel: "",
            ctaHref: "",
            align: "center",
          },
        },
      ],
    },
  });
  return page.id;
}

/** A split test: the step's page copied as its B page, shown to `split_percent` of visitors. */
export async function startSplit(
  tx: Tx,
  {
    accountId,
    id,
    lang,
    viewer,
    now,
  }: { accountId: string; id: string; lang: LanguageCode; viewer: Viewer | null; now: Date },
): Promise<Answer> {
  const [step] = await tx.select().from(funnelSteps).where(stepIs(accountId, id)).for("update");
  if (!step) throw new AppError({ code: "route.notFound" });
  if (step.variantPageId) return { ok: true, id };
  const [page] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.id, step.pageId)));
  const variant = page
    ? (
        await addPage(tx, {
          accountId,
          title: `${page.title} (B)`,
          slug: `funnel-${crypto.randomUUID()}`,
          kind: "funnel",
          status: "published",
          publishedAt: now,
          authorId: viewer?.user.id ?? null,
          data: page.data,
        })
      ).id
    : await stepPage(tx, { accountId, viewer, title: step.title, lang, kind: step.kind, now });
  await tx.update(funnelSteps).set({ variantPageId: variant }).where(stepIs(accountId, id));
  // Each page's rate starts from nothing: the visits before the test were all of page A.
  await tx
    .update(funnelVisits)
    .set({ variant: "a" })
    .where(and(eq(funnelVisits.accountId, accountId), eq(funnelVisits.stepId, id)));
  await touch(tx, accountId, step.funnelId, now);
  return { ok: true, id };
}

/** Ends a split test keeping page A or B as the step's page; the other page is deleted. */
export async function endSplit(
  tx: Tx,
  { accountId, id, keep, now }: { accountId: string; id: string; keep: "a" | "b"; now: Date },
): Promise<Answer> {
  const [step] = await tx.select().from(funnelSteps).where(stepIs(accountId, id)).for("update");
  if (!step) throw new AppError({ code: "route.notFound" });
  if (!step.variantPageId) return { ok: true, id };
  const [kept, dropped] =
    keep === "b" ? [step.variantPageId, step.pageId] : [step.pageId, step.variantPageId];
  await tx
    .update(funnelSteps)
    .set({ pageId: kept, variantPageId: null })
    .where(stepIs(accountId, id));
  await dropPages(tx, accountId, [dropped]);
  await touch(tx, accountId, step.funnelId, now);
  return { ok: true, id };
}
