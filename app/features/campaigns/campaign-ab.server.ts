import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import { abSampleSize, abVerdict, type AbVerdict, type VariantTally } from "./campaign-ab";
import type { AbReport } from "./campaign-shapes";
import { campaignIs, ledgerOf } from "./campaign-ledger.server";
import { campaignRecipients, campaigns } from "./tables.server";

/*
 * A campaign's A/B test over the ledger (decision 055's addendum). When sending starts, a random
 * sample of the audience is split between subject A and subject B and sent at once; the rest
 * waits in the ledger as `held`. After the test's wait, `campaigns.decide` compares the two
 * halves' click rates, keeps the verdict on the campaign and lets the held rows go with the
 * winning subject. The ledger still adds up: a held row is one that has not ended yet.
 */

export const CAMPAIGN_DECIDE_JOB = "campaigns.decide";

type Campaign = typeof campaigns.$inferSelect;
/** `a` and `b` are the sample's halves; `winner` rows wait for (then get) the better subject. */
export type Variant = "a" | "b" | "winner";

/** The subject a row of the ledger is sent with. */
export function subjectFor(
  campaign: Pick<Campaign, "subject" | "subjectB" | "abWinner">,
  variant: string,
): string {
  const letter = variant === "winner" ? campaign.abWinner : variant;
  return letter === "b" && campaign.subjectB ? campaign.subjectB : campaign.subject;
}

/**
 * Called in the transaction that wrote the ledger: draws the sample and queues the decision.
 * A campaign without a second subject, or an audience too small to leave anyone for the winner,
 * is sent as it is.
 */
export async function drawAbSample(
  tx: Tx,
  jobs: JobQueue,
  { campaign, audience }: { campaign: Campaign; audience: number },
): Promise<void> {
  if (!campaign.subjectB) return;
  const each = abSampleSize(audience, campaign.abSamplePercent);
  if (each === 0) return;
  const { accountId, id: campaignId } = campaign;
  await tx.execute(sql`
    with drawn as (
      select contact_id, row_number() over (order by random()) as n
        from ${campaignRecipients}
       where account_id = ${accountId} and campaign_id = ${campaignId}::uuid
    )
    update ${campaignRecipients} r
       set variant = case when drawn.n <= ${each} then 'a'
                          when drawn.n <= ${each * 2} then 'b' else 'winner' end,
           state = case when drawn.n <= ${each * 2} then 'queued' else 'held' end
      from drawn
     where r.account_id = ${accountId} and r.campaign_id = ${campaignId}::uuid
       and r.contact_id = drawn.contact_id`);
  await jobs.send(
    tx,
    CAMPAIGN_DECIDE_JOB,
    { accountId, campaignId },
    { singletonKey: campaignId, startAfterSeconds: Math.max(60, campaign.abWaitMinutes * 60) },
  );
}

/** Each half of the sample: delivered, opened and clicked (people only). */
export async function abTallies(
  tx: Tx,
  { accountId, campaignId }: { accountId: string; campaignId: string },
): Promise<Record<"a" | "b", VariantTally & { opened: number }>> {
  const rows = await tx
    .select({
      variant: campaignRecipients.variant,
      sent: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'sent')::int`,
      opened: sql<number>`count(*) filter (where ${campaignRecipients.openedAt} is not null)::int`,
      clicked: sql<number>`count(*) filter (where ${campaignRecipients.clickedAt} is not null)::int`,
    })
    .from(campaignRecipients)
    .where(and(ledgerOf(accountId, campaignId), inArray(campaignRecipients.variant, ["a", "b"])))
    .groupBy(campaignRecipients.variant);
  const of = (variant: "a" | "b") => {
    const row = rows.find((one) => one.variant === variant);
    return {
      sent: Number(row?.sent ?? 0),
      opened: Number(row?.opened ?? 0),
      clicked: Number(row?.clicked ?? 0),
    };
  };
  return { a: of("a"), b: of("b") };
}

/**
 * The `campaigns.decide` job: once per campaign (a decided or cancelled campaign is left
 * alone), the verdict is kept and the held rows are queued with the winner's subject; a
 * campaign still sending gets its send job again, a paused one waits for its resume.
 */
export async function decideAbTest(
  { database, jobs, sendJob }: { database: Database; jobs: JobQueue; sendJob: string },
  {
    accountId,
    campaignId,
    now = new Date(),
  }: { accountId: string; campaignId: string; now?: Date },
): Promise<AbVerdict | null> {
  return database.forAccount(accountId, async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(campaignIs(accountId, campaignId))
      .for("update");
    if (!campaign || campaign.abWinner || !["sending", "paused"].includes(campaign.status))
      return null;
    const tallies = await abTallies(tx, { accountId, campaignId });
    const verdict = abVerdict(tallies.a, tallies.b);
    await tx
      .update(campaigns)
      .set({
        abWinner: verdict.winner,
        abConfidence: verdict.confidence,
        abDecidedAt: now,
        updatedAt: now,
      })
      .where(campaignIs(accountId, campaignId));
    await tx
      .update(campaignRecipients)
      .set({ state: "queued", nextAttemptAt: now })
      .where(and(ledgerOf(accountId, campaignId), eq(campaignRecipients.state, "held")));
    // A key of its own: the sample's run may still hold the campaign's key (it then takes
    // the released rows itself, or this job waits for its lease as any second run does).
    if (campaign.status === "sending")
      await jobs.send(
        tx,
        sendJob,
        { accountId, campaignId },
        { singletonKey: `${campaignId}:decided` },
      );
    return verdict;
  });
}

/** The decided winner as stored now (a run that began before the decision asks). */
export async function abWinnerOf(
  database: Database,
  { accountId, campaignId }: { accountId: string; campaignId: string },
): Promise<string | null> {
  const [row] = await database.forAccount(accountId, (tx) =>
    tx
      .select({ winner: campaigns.abWinner })
      .from(campaigns)
      .where(campaignIs(accountId, campaignId)),
  );
  return row?.winner ?? null;
}

/**
 * The report's view of a campaign's A/B test; null when it tests nothing, including a campaign
 * whose audience was too small for a sample when sending began (it went with subject A).
 */
export async function abReportOf(tx: Tx, campaign: Campaign): Promise<AbReport | null> {
  if (!campaign.subjectB || campaign.abSamplePercent === 0) return null;
  const [drawn] = await tx
    .select({ id: campaignRecipients.contactId })
    .from(campaignRecipients)
    .where(and(ledgerOf(campaign.accountId, campaign.id), eq(campaignRecipients.variant, "b")))
    .limit(1);
  if (!drawn) return null;
  const tallies = await abTallies(tx, { accountId: campaign.accountId, campaignId: campaign.id });
  return {
    samplePercent: campaign.abSamplePercent,
    waitMinutes: campaign.abWaitMinutes,
    a: { subject: campaign.subject, ...tallies.a },
    b: { subject: campaign.subjectB, ...tallies.b },
    winner: campaign.abWinner === "a" || campaign.abWinner === "b" ? campaign.abWinner : null,
    confidence: campaign.abConfidence,
    decidesAt: campaign.startedAt
      ? new Date(campaign.startedAt.getTime() + campaign.abWaitMinutes * 60_000).toISOString()
      : null,
    decidedAt: campaign.abDecidedAt?.toISOString() ?? null,
  };
}
