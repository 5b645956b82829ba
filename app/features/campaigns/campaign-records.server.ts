import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { abReportOf } from "./campaign-ab.server";
import {
  campaignInputSchema,
  type AbReport,
  type CampaignCounts,
  type CampaignTimelinePoint,
  type CampaignDefinition,
  type CampaignStatus,
} from "./campaign-shapes";
import {
  dropCampaignRevisions,
  readCampaignRevision,
  recordCampaignRevision,
  revisionsOf,
  type RevisionSummary,
} from "./campaign-history.server";
import { campaignCounts, campaignTimeline } from "./campaign-ledger.server";
import { campaignRecipients, campaigns } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };
type StoredCampaign = typeof campaigns.$inferSelect;

/** One of the owner's campaigns: an automation's e-mail (decision 061) is its automation's. */
const campaignIs = (accountId: string, id: string) =>
  and(eq(campaigns.accountId, accountId), eq(campaigns.id, id), eq(campaigns.kind, "broadcast"));

/** What the editor edits: the stored campaign as its input shape. */
export const definitionOf = (campaign: StoredCampaign): CampaignDefinition => ({
  name: campaign.name,
  subject: campaign.subject,
  subjectB: campaign.subjectB,
  preheader: campaign.preheader,
  blocks: campaign.blocks,
  segmentIds: campaign.segmentIds,
  abSamplePercent: campaign.abSamplePercent,
  abWaitMinutes: campaign.abWaitMinutes,
  tracking: campaign.tracking,
});

/** A campaign as the list shows it, with the ledger's figures. */
export type CampaignRow = {
  id: string;
  name: string;
  subject: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  audience: number;
  sent: number;
  opened: number;
  clicked: number;
};

/** Statuses in which the owner may still change what will be sent. */
const editable: CampaignStatus[] = ["draft", "scheduled"];

export async function listCampaigns(database: Database, { accountId, viewer }: Place) {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx): Promise<CampaignRow[]> => {
    const rows = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.accountId, accountId), eq(campaigns.kind, "broadcast")))
      .orderBy(desc(campaigns.updatedAt))
      .limit(500);
    const counted = await tx
      .select({
        campaignId: campaignRecipients.campaignId,
        sent: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'sent')::int`,
        opened: sql<number>`count(${campaignRecipients.openedAt})::int`,
        clicked: sql<number>`count(${campaignRecipients.clickedAt})::int`,
      })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.accountId, accountId))
      .groupBy(campaignRecipients.campaignId);
    const figures = new Map(counted.map((row) => [row.campaignId, row]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      subject: row.subject,
      status: row.status,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      audience: row.audienceCount,
      sent: Number(figures.get(row.id)?.sent ?? 0),
      opened: Number(figures.get(row.id)?.opened ?? 0),
      clicked: Number(figures.get(row.id)?.clicked ?? 0),
    }));
  });
}

export type LoadedCampaign = {
  id: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  campaign: CampaignDefinition;
  counts: CampaignCounts;
  /** Once sending began: the A/B test (null without one) and the report's chart. */
  ab: AbReport | null;
  timeline: CampaignTimelinePoint[];
  /** Every save's revision, newest first. */
  revisions: RevisionSummary[];
};

export async function loadCampaign(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
): Promise<LoadedCampaign> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [row] = await tx.select().from(campaigns).where(campaignIs(accountId, id));
    if (!row) throw new AppError({ code: "campaigns.notFound" });
    return {
      id: row.id,
      status: row.status,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      campaign: definitionOf(row),
      counts: await campaignCounts(tx, { accountId, campaignId: id }),
      ab: row.startedAt ? await abReportOf(tx, row) : null,
      timeline: row.startedAt
        ? await campaignTimeline(tx, { accountId, campaignId: id, startedAt: row.startedAt })
        : [],
      revisions: await revisionsOf(tx, { accountId, id }),
    };
  });
}

type SaveAnswer =
  { ok: true; id: string } | { ok: false; code: "request.invalid"; issues: FieldIssue[] };

/**
 * Makes (`id` null) or changes a draft or scheduled campaign, keeping a revision of what it
 * stored in the same transaction; nothing is saved on a mistake.
 */
export async function saveCampaign(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    now = new Date(),
  }: Place & { id: string | null; input: unknown; now?: Date },
): Promise<SaveAnswer> {
  const editor = checkContactsManager(viewer);
  const parsed = campaignInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const values = { ...parsed.data, updatedAt: now };
  return database.forAccount(accountId, async (tx) => {
    const [row] =
      id === null
        ? await tx
            .insert(campaigns)
            .values({ accountId, ...values, createdAt: now })
            .returning({ id: campaigns.id })
        : await tx
            .update(campaigns)
            .set(values)
            .where(and(campaignIs(accountId, id), inArray(campaigns.status, editable)))
            .returning({ id: campaigns.id });
    if (!row) throw await missingOrBusy(tx, accountId, id!);
    await recordCampaignRevision(tx, {
      accountId,
      id: row.id,
      definition: parsed.data,
      author: { id: editor.user.id, name: editor.user.name },
      now,
    });
    return { ok: true as const, id: row.id };
  });
}

/**
 * An earlier revision's fields saved again as the campaign (a save like any other, so it keeps
 * a revision too and can itself be undone); refused, as an edit is, once sending began.
 */
export async function revertCampaign(
  database: Database,
  {
    accountId,
    viewer,
    id,
    revisionId,
    now = new Date(),
  }: Place & { id: string; revisionId: string; now?: Date },
): Promise<SaveAnswer> {
  const definition = await readCampaignRevision(database, { accountId, viewer, id, revisionId });
  return saveCampaign(database, { accountId, viewer, id, input: definition, now });
}

/**
 * Why a change found no row, read in the change's own transaction: a second one from inside it
 * would wait for the first on PGlite's single connection for ever.
 */
async function missingOrBusy(tx: Tx, accountId: string, id: string) {
  const [exists] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(campaignIs(accountId, id));
  return new AppError({ code: exists ? "campaigns.wrongState" : "campaigns.notFound" });
}

/**
 * A campaign that is not sending goes, with its ledger and its revisions; one that is sending
 * must stop first.
 */
export async function deleteCampaign(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
) {
  checkContactsManager(viewer);
  await database.forAccount(accountId, async (tx) => {
    const rows = await tx
      .delete(campaigns)
      .where(and(campaignIs(accountId, id), sql`${campaigns.status} <> 'sending'`))
      .returning({ id: campaigns.id });
    if (rows.length === 0) throw await missingOrBusy(tx, accountId, id);
    await dropCampaignRevisions(tx, { accountId, id });
  });
}

/**
 * Sets (or, with `at` null, clears) when a draft goes out. The start itself is the
 * `campaigns.start` job's, queued here to run at that time: a moved schedule queues another,
 * and each run starts the campaign only if it is still scheduled and due.
 */
export async function scheduleCampaign(
  database: Database,
  {
    accountId,
    viewer,
    id,
    at,
    queueStart,
    now = new Date(),
  }: Place & {
    id: string;
    at: Date | null;
    queueStart: (tx: Tx, seconds: number) => Promise<void>;
    now?: Date;
  },
) {
  checkContactsManager(viewer);
  if (at && at.getTime() <= now.getTime()) throw new AppError({ code: "campaigns.pastSchedule" });
  await database.forAccount(accountId, async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: at ? "scheduled" : "draft", scheduledAt: at, updatedAt: now })
      .where(and(campaignIs(accountId, id), inArray(campaigns.status, editable)))
      .returning({ subject: campaigns.subject, blocks: campaigns.blocks });
    if (!row) throw await missingOrBusy(tx, accountId, id);
    if (at && (!row.subject || row.blocks.length === 0))
      throw new AppError({ code: "campaigns.notReady" });
    if (at) await queueStart(tx, Math.ceil((at.getTime() - now.getTime()) / 1000));
  });
}

/** A usable origin (`http(s)://host[:port]`, nothing after it), or undefined. */
export function linkOriginOf(value: string | undefined): string | undefined {
  return value && /^https?:\/\/[^/\s]+$/.test(value) ? value : undefined;
}

/**
 * Keeps the origin the owner's request showed on a campaign about to be sent, scheduled or
 * resumed: its mail's links then open where the owner reached the site (a local server's port,
 * a custom domain), also from a job that has no request.
 */
export async function rememberLinkOrigin(
  database: Database,
  { accountId, viewer, id, origin }: Place & { id: string; origin: string },
) {
  checkContactsManager(viewer);
  await database.forAccount(accountId, (tx) =>
    tx
      .update(campaigns)
      .set({ linkOrigin: origin })
      .where(
        and(campaignIs(accountId, id), inArray(campaigns.status, ["draft", "scheduled", "paused"])),
      ),
  );
}
