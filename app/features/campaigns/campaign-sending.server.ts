import { and, eq, inArray, sql } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { siteOrigin } from "~/features/accounts/accounts";
import { segmentWhere } from "~/features/contacts/contacts.server";
import { contacts, segments } from "~/features/contacts/tables.server";
import { meterAllows, recordUsage, type UsageServices } from "~/features/usage/usage.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import type { Logger } from "~/platform/logger.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { linkOriginOf } from "./campaign-records.server";
import { drawAbSample } from "./campaign-ab.server";
import { sendBatch } from "./campaign-batch.server";
import { compileCampaign, type CampaignFrame } from "./campaign-render.server";
import type { CampaignStatus } from "./campaign-shapes";
import type { CampaignTransport } from "./campaign-transport.server";
import { siteRoute, type RelayPools } from "./site-relays.server";
import { campaignIs, claimBatch, ledgerOf, settleCampaign } from "./campaign-ledger.server";
import { campaignRecipients, campaigns } from "./tables.server";

/*
 * The sending engine (decision 055). Starting a campaign writes its ledger: one row per
 * contact of the audience, in the transaction that moves the campaign to `sending` and queues
 * its job. The job takes rows in batches and takes each to one end; a pause, a crash or a
 * second instance resumes from the ledger, never from a remembered position.
 */

export const CAMPAIGN_SEND_JOB = "campaigns.send";
/**
 * A sending run renews its hold on the campaign at every batch, and between batches while its
 * relay keeps answering; silent this long, it is dead.
 */
const DEFAULT_LEASE_SECONDS = 30;
/**
 * The runs sending in this process. On the embedded database this process is the only one that
 * sends (it alone opens the data directory), so a hold by any other run is a dead one's: after
 * a crash and restart the campaign is taken over at once, not after the lease.
 */
const liveRuns = new Set<string>();

/** Thrown when another live run holds the campaign: the job queue tries again later. */
export class CampaignBusyError extends Error {
  override name = "CampaignBusyError";
  constructor(campaignId: string) {
    super(`campaign ${campaignId} is being sent by another run`);
  }
}

export type SendingServices = {
  database: Database;
  jobs: JobQueue;
  transport: CampaignTransport;
  secretBox: SecretBox;
  usage: UsageServices;
  siteAddress: { baseDomain: string; like: string };
  /** The platform's sender; the site's name goes in front of its address. */
  from: string;
  /** Most messages per second to the relay (0: as fast as it takes them). */
  maxRate: number;
  /** Messages in flight at once (the SMTP pool's connections). */
  concurrency: number;
  /** Sites' own relays (decision 057): a pool per site, bounded in number. */
  relayPools?: RelayPools;
  logger?: Logger;
  /** False once the process is stopping: a run ends between batches and its job is retried. */
  active?: () => boolean;
  /** How long a silent run keeps its hold on a campaign (tests shorten it). */
  leaseSeconds?: number;
  /** True when no other process sends (the embedded database): a hold of no live run here is dead. */
  exclusive?: boolean;
  frame: (account: { lang: string; siteName: string }) => CampaignFrame;
};

/** The contacts a campaign goes to: subscribed, and in any of its segments (all when none). */
async function audienceWhere(
  tx: Tx,
  {
    accountId,
    segmentIds,
    timeZone,
  }: { accountId: string; segmentIds: string[]; timeZone: string },
) {
  const subscribed = and(eq(contacts.accountId, accountId), eq(contacts.status, "subscribed"));
  if (segmentIds.length === 0) return subscribed;
  const rows = await tx
    .select({ rules: segments.rules })
    .from(segments)
    .where(and(eq(segments.accountId, accountId), inArray(segments.id, segmentIds)));
  const any = rows.map(({ rules }) => segmentWhere({ accountId, rules, timeZone }) ?? sql`true`);
  return and(subscribed, any.length ? sql`(${sql.join(any, sql` or `)})` : sql`false`);
}

/**
 * Starts sending now: the ledger is the audience at this instant (contacts added later are
 * not in it). The owner starts a draft or a scheduled campaign; the schedule's job (`dueBy`)
 * starts only one still scheduled for that time or before.
 */
export async function startCampaign(
  { database, jobs }: Pick<SendingServices, "database" | "jobs">,
  { accountId, campaignId, dueBy }: { accountId: string; campaignId: string; dueBy?: Date },
): Promise<{ audience: number }> {
  return database.forAccount(accountId, async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(campaignIs(accountId, campaignId))
      .for("update");
    if (!campaign) throw new AppError({ code: "campaigns.notFound" });
    const startable = dueBy
      ? campaign.status === "scheduled" &&
        campaign.scheduledAt !== null &&
        campaign.scheduledAt.getTime() <= dueBy.getTime()
      : campaign.status === "draft" || campaign.status === "scheduled";
    if (!startable) throw new AppError({ code: "campaigns.wrongState" });
    if (!campaign.subject || campaign.blocks.length === 0)
      throw new AppError({ code: "campaigns.notReady" });
    const [account] = await tx
      .select({ settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    const where = await audienceWhere(tx, {
      accountId,
      segmentIds: campaign.segmentIds,
      timeZone: account?.settings.timezone ?? "UTC",
    });
    const inserted = await tx.execute(sql`
      insert into ${campaignRecipients} (account_id, campaign_id, contact_id, email, name)
      select ${contacts.accountId}, ${campaignId}::uuid, ${contacts.id}, ${contacts.email}, ${contacts.name}
        from ${contacts} where ${where}
      on conflict do nothing`);
    const audience = rowCountOf(inserted);
    await drawAbSample(tx, jobs, { campaign, audience });
    await tx
      .update(campaigns)
      .set({
        status: "sending",
        startedAt: new Date(),
        audienceCount: audience,
        updatedAt: new Date(),
      })
      .where(campaignIs(accountId, campaignId));
    await jobs.send(tx, CAMPAIGN_SEND_JOB, { accountId, campaignId }, { singletonKey: campaignId });
    return { audience };
  });
}

function rowCountOf(result: unknown): number {
  const { rowCount, affectedRows } = (result ?? {}) as { rowCount?: number; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
}

/** Which moves the owner may make from which state. */
const moves: Record<"pause" | "resume" | "cancel", { from: CampaignStatus[]; to: CampaignStatus }> =
  {
    pause: { from: ["sending"], to: "paused" },
    resume: { from: ["paused"], to: "sending" },
    cancel: { from: ["scheduled", "sending", "paused"], to: "cancelled" },
  };

/**
 * Pause, resume or cancel. The sender reads the state before every batch, so a pause takes
 * hold within one batch. A cancel ends the rows still waiting as `skipped`, so the ledger adds
 * up; a resume queues the job again.
 */
export async function moveCampaign(
  { database, jobs }: Pick<SendingServices, "database" | "jobs">,
  {
    accountId,
    campaignId,
    move,
  }: { accountId: string; campaignId: string; move: keyof typeof moves },
): Promise<CampaignStatus> {
  return database.forAccount(accountId, async (tx) => {
    const { from, to } = moves[move];
    const [moved] = await tx
      .update(campaigns)
      .set({
        status: to,
        updatedAt: new Date(),
        ...(to === "cancelled" ? { finishedAt: new Date() } : {}),
      })
      .where(
        and(
          campaignIs(accountId, campaignId),
          // An automation's e-mail sends as long as its automation lives (decision 061).
          eq(campaigns.kind, "broadcast"),
          inArray(campaigns.status, from),
        ),
      )
      .returning({ status: campaigns.status });
    if (!moved) {
      const [exists] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(campaignIs(accountId, campaignId));
      throw new AppError({ code: exists ? "campaigns.wrongState" : "campaigns.notFound" });
    }
    if (to === "cancelled")
      await tx
        .update(campaignRecipients)
        .set({ state: "skipped", lastError: "cancelled" })
        .where(
          and(
            ledgerOf(accountId, campaignId),
            inArray(campaignRecipients.state, ["queued", "deferred", "held"]),
          ),
        );
    // A key of its own: the paused run's job may not have ended yet, and a job under the
    // campaign's key would be dropped as its duplicate. Should the old run still hold the
    // campaign, this one is retried once it lets go (CampaignBusyError).
    if (to === "sending")
      await jobs.send(
        tx,
        CAMPAIGN_SEND_JOB,
        { accountId, campaignId },
        { singletonKey: `${campaignId}:resumed:${Date.now()}` },
      );
    return to;
  });
}

/**
 * The `campaigns.send` job: claims the campaign for this run, puts back what a dead run left
 * half-done, then sends batch after batch until the ledger is through, the campaign is paused
 * or cancelled, or the site's e-mail allowance runs out (paused, with the reason kept).
 * Answers whether to look again later (deferred messages not yet due).
 */
export async function runCampaignSend(
  services: SendingServices,
  { accountId, campaignId, runId }: { accountId: string; campaignId: string; runId: string },
): Promise<{ sent: number; again?: number; ended?: CampaignStatus }> {
  const { database } = services;
  const lease = services.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  // Alone on the database, a holder that is not running here died with an earlier process.
  const live = [...liveRuns];
  const deadHolder = !services.exclusive
    ? sql``
    : live.length === 0
      ? sql` or true`
      : sql` or ${campaigns.senderRun} not in ${live}`;
  const claimed = await database.forAccount(accountId, async (tx) => {
    // The campaign is this run's if no run holds it, or its holder fell silent past the lease.
    const [campaign] = await tx
      .update(campaigns)
      .set({ senderRun: runId, senderSeenAt: sql`now()` })
      .where(
        and(
          campaignIs(accountId, campaignId),
          eq(campaigns.status, "sending"),
          sql`(${campaigns.senderRun} is null or ${campaigns.senderRun} = ${runId}
               or ${campaigns.senderSeenAt} < now() - make_interval(secs => ${lease})${deadHolder})`,
        ),
      )
      .returning();
    if (!campaign) {
      const [other] = await tx
        .select({ status: campaigns.status })
        .from(campaigns)
        .where(campaignIs(accountId, campaignId));
      return other?.status === "sending" ? ("busy" as const) : null;
    }
    // Rows a dead run took and never settled: the relay may have them, so they go again with
    // the same Message-ID (receivers keep one copy of a Message-ID).
    await tx
      .update(campaignRecipients)
      .set({ state: "queued", uncertain: true })
      .where(and(ledgerOf(accountId, campaignId), eq(campaignRecipients.state, "sending")));
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
    return { campaign, account: account! };
  });
  // Another run is alive and sending: this one is retried later, when it may have ended.
  if (claimed === "busy") throw new CampaignBusyError(campaignId);
  if (!claimed) return { sent: 0 };
  // A ledger just written has no statistics (PGlite runs no autovacuum; PostgreSQL's comes
  // within a minute or so): the planner then updates each claimed batch by reading the whole
  // ledger instead of its primary key. Read as the owner, kept where only the owner sees them
  // (pg_stats hides a table under row-level security from the app role).
  await database.owner.execute(sql`analyze ${campaignRecipients}`);
  const { campaign, account } = claimed;
  const own = siteOrigin({ ...account, ...services.siteAddress });
  // Links open where the owner reached the site; Message-IDs keep the site's own host.
  const origin = linkOriginOf(campaign.linkOrigin) ?? own;
  const host = new URL(own).host;
  const siteName = account.settings.sitetitle || account.slug;
  // Compiled once per subject (an A/B test has two; the subject is the HTML's title).
  const frame = services.frame({ lang: account.settings.defaultLanguage ?? "en", siteName });
  const compiled = new Map<string, ReturnType<typeof compileCampaign>>();
  const compiledFor = (subject: string) => {
    let found = compiled.get(subject);
    if (!found) {
      found = compileCampaign({ ...campaign, subject, frame });
      compiled.set(subject, found);
    }
    return found;
  };
  // A batch to a slow relay may outlast the lease: while the relay answers, the hold is renewed
  // between batches too; a run whose relay went silent lets it lapse.
  let answered = false;
  const heartbeat = setInterval(
    () => {
      if (!answered) return;
      answered = false;
      database
        .forAccount(accountId, (tx) =>
          tx
            .update(campaigns)
            .set({ senderSeenAt: sql`now()` })
            .where(and(campaignIs(accountId, campaignId), eq(campaigns.senderRun, runId))),
        )
        .catch((error: unknown) =>
          services.logger?.warn({ err: error, campaignId }, "a campaign's hold was not renewed"),
        );
    },
    (lease * 1000) / 3,
  );
  heartbeat.unref();
  liveRuns.add(runId);
  const alive = () => {
    answered = true;
  };
  const send = { services, campaign, compiledFor, origin, host, alive };
  let sent = 0;
  try {
    for (;;) {
      // A batch is never cut by a shutdown: the run stops between batches, and its job's retry
      // (here or on another instance) goes on from the ledger.
      if (services.active && !services.active())
        throw new Error("the server is stopping: the campaign goes on in its job's next run");
      if (!(await meterAllows(database, { accountId, meter: "emails" }))) {
        // The plan's e-mails are used up: paused, for the owner to resume once there are more.
        await database.forAccount(accountId, (tx) =>
          tx
            .update(campaigns)
            .set({ status: "paused", updatedAt: new Date() })
            .where(and(campaignIs(accountId, campaignId), eq(campaigns.senderRun, runId))),
        );
        return { sent, ended: "paused" };
      }
      // null: paused or cancelled by the owner, or taken over by another run.
      const batch = await claimBatch(database, { accountId, campaignId, runId });
      if (batch === null) return { sent };
      if (batch.length === 0) {
        const settled = await settleCampaign(database, { accountId, campaignId, runId });
        return { sent, ...settled };
      }
      // The site's relay and sender as set now: a change is followed from the next batch.
      const route = await siteRoute(services, { accountId, siteName });
      const sentInBatch = await sendBatch({ ...send, ...route }, batch).finally(route.release);
      if (sentInBatch) {
        sent += sentInBatch;
        await recordUsage(services.usage, { accountId, meter: "emails", amount: sentInBatch });
      }
    }
  } finally {
    clearInterval(heartbeat);
    liveRuns.delete(runId);
    // Whatever ended this run, the next one may claim the campaign at once.
    await database.forAccount(accountId, (tx) =>
      tx
        .update(campaigns)
        .set({ senderRun: null })
        .where(and(campaignIs(accountId, campaignId), eq(campaigns.senderRun, runId))),
    );
  }
}
