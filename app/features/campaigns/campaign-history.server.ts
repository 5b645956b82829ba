import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  dropRevisions,
  lastRevisionVersion,
  listRevisions,
  readRevision,
  recordRevision,
  type RevisionSummary,
} from "~/features/content/content.server";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { campaignInputSchema, type CampaignDefinition } from "./campaign-shapes";
import { campaigns } from "./tables.server";

/*
 * M5 a campaign's revisions, kept by the content core (`content_revisions`, kind "campaign") as
 * pages' and posts' are: each deliberate save keeps the fields it stored, so two can be compared
 * and one saved again.
 */

type Place = { accountId: string; viewer: Viewer | null };

const itemOf = (accountId: string, id: string) => ({
  accountId,
  itemKind: "campaign" as const,
  itemId: id,
});

/**
 * Keeps the campaign's fields as this save stored them, inside the save's transaction. The
 * campaigns table has no version column: the revisions number the saves themselves.
 */
export async function recordCampaignRevision(
  tx: Tx,
  {
    accountId,
    id,
    definition,
    author,
    now,
  }: {
    accountId: string;
    id: string;
    definition: CampaignDefinition;
    author: { id: string; name: string };
    now: Date;
  },
): Promise<void> {
  const item = itemOf(accountId, id);
  await recordRevision(tx, {
    ...item,
    snapshot: definition,
    version: (await lastRevisionVersion(tx, item)) + 1,
    author,
    now,
  });
}

/** A deleted campaign's revisions go with it. */
export const dropCampaignRevisions = (
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
) => dropRevisions(tx, itemOf(accountId, id));

/** The campaign's revisions, newest first (read in the caller's transaction). */
export const revisionsOf = (tx: Tx, { accountId, id }: { accountId: string; id: string }) =>
  listRevisions(tx, itemOf(accountId, id));

async function existingCampaign(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, id)));
  if (!row) throw new AppError({ code: "campaigns.notFound" });
}

/** One revision of the campaign as it was saved, or `route.notFound` if it is not the campaign's. */
async function revisionOf(
  tx: Tx,
  { accountId, id, revisionId }: { accountId: string; id: string; revisionId: string },
) {
  const revision = await readRevision(tx, { ...itemOf(accountId, id), revisionId });
  const campaign = campaignInputSchema.safeParse(revision?.snapshot);
  if (!revision || !campaign.success) throw new AppError({ code: "route.notFound" });
  return { ...revision, campaign: campaign.data };
}

/** One side of the history's compare view: the revision's fields, as the editor reads them. */
export type ComparedCampaign = {
  id: string;
  version: number;
  createdAt: string;
  authorName: string;
  campaign: CampaignDefinition;
};

const revisionIdsSchema = z.tuple([z.uuid(), z.uuid()]);

/** Two revisions of one campaign, the older first. */
export async function compareCampaignRevisions(
  database: Database,
  { accountId, viewer, id, revisionIds }: Place & { id: string; revisionIds: string[] },
): Promise<[ComparedCampaign, ComparedCampaign]> {
  checkContactsManager(viewer);
  const ids = revisionIdsSchema.safeParse(revisionIds);
  if (!ids.success) throw new AppError({ code: "request.invalid" });
  return database.forAccount(accountId, async (tx) => {
    await existingCampaign(tx, { accountId, id });
    const pair: ComparedCampaign[] = [];
    for (const revisionId of ids.data) {
      const { version, createdAt, authorName, campaign } = await revisionOf(tx, {
        accountId,
        id,
        revisionId,
      });
      pair.push({ id: revisionId, version, createdAt, authorName, campaign });
    }
    pair.sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    return pair as [ComparedCampaign, ComparedCampaign];
  });
}

/** The fields one revision saved, to be saved again; only a manager of the campaign reads it. */
export async function readCampaignRevision(
  database: Database,
  { accountId, viewer, id, revisionId }: Place & { id: string; revisionId: string },
): Promise<CampaignDefinition> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    await existingCampaign(tx, { accountId, id });
    return (await revisionOf(tx, { accountId, id, revisionId })).campaign;
  });
}

export type { RevisionSummary };
