import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "~/platform/db/database.server";
import type { CampaignCounts, CampaignStatus, CampaignTimelinePoint } from "./campaign-shapes";
import { campaignRecipients, campaigns } from "./tables.server";

/*
 * The ledger's moves (decision 055): a run claims due rows, settles each as the relay answers,
 * and ends the campaign once no row waits. Every move is one statement guarded by the state it
 * expects, so a run that lost its claim cannot overwrite what its successor did.
 */

export const BATCH = 200;

export type LedgerRow = typeof campaignRecipients.$inferSelect;

export const campaignIs = (accountId: string, campaignId: string) =>
  and(eq(campaigns.accountId, accountId), eq(campaigns.id, campaignId));
export const ledgerOf = (accountId: string, campaignId: string) =>
  and(eq(campaignRecipients.accountId, accountId), eq(campaignRecipients.campaignId, campaignId));

/**
 * Takes up to a batch of due rows for this run; null when the campaign is no longer this run's
 * to send (paused, cancelled, or claimed by a newer run).
 */
export async function claimBatch(
  database: Database,
  { accountId, campaignId, runId }: { accountId: string; campaignId: string; runId: string },
): Promise<LedgerRow[] | null> {
  return database.forAccount(accountId, async (tx) => {
    const [mine] = await tx
      .update(campaigns)
      .set({ senderSeenAt: sql`now()` })
      .where(
        and(
          campaignIs(accountId, campaignId),
          eq(campaigns.status, "sending"),
          eq(campaigns.senderRun, runId),
        ),
      )
      .returning({ id: campaigns.id });
    if (!mine) return null;
    return claimRows(tx, { accountId, campaignId });
  });
}

/** The statement that moves up to a batch of due rows to `sending` (the test reads its plan). */
export function claimRows(
  tx: Tx,
  { accountId, campaignId }: { accountId: string; campaignId: string },
) {
  // Rows that came due again first, then the never-tried: each in its own index's order, so a
  // claim reads a batch's rows, never sorts the whole ledger (decision 055's addendum).
  const due = (state: "deferred" | "queued") =>
    tx
      .select({ contactId: campaignRecipients.contactId })
      .from(campaignRecipients)
      .where(
        and(
          ledgerOf(accountId, campaignId),
          eq(campaignRecipients.state, state),
          sql`${campaignRecipients.nextAttemptAt} <= now()`,
        ),
      )
      .orderBy(campaignRecipients.nextAttemptAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
  // `= any(array(…))`, not `in (…)`: the batch is chosen once (an InitPlan). As a semi-join
  // the planner may nest-loop it when a new ledger has no statistics yet, running the locking
  // subquery again for every row: the whole ledger claimed at once, in quadratic time.
  // The two lists are joined inside that InitPlan, so the clause left is `contact_id = any($n)`:
  // joined in the clause itself (`||`, a function that is not leakproof), row-level security
  // kept it out of the primary key's index, and each claim read the whole ledger (55–80 ms a
  // batch of 200 at 20,000 rows on PostgreSQL, against 4 ms now).
  return tx
    .update(campaignRecipients)
    .set({ state: "sending", attempts: sql`${campaignRecipients.attempts} + 1` })
    .where(
      and(
        ledgerOf(accountId, campaignId),
        sql`${campaignRecipients.contactId} = any(array(
          select due from unnest(array(${due("deferred")}) || array(${due("queued")})) as due
           limit ${sql.raw(String(BATCH))}))`,
      ),
    )
    .returning();
}

/**
 * No row is due: done when none waits either (the campaign is `sent`), else look again when
 * the first deferred row comes due. Rows held for an A/B test's winner end the run without
 * ending the campaign: the decision queues the next run.
 */
export async function settleCampaign(
  database: Database,
  { accountId, campaignId, runId }: { accountId: string; campaignId: string; runId: string },
): Promise<{ again?: number; ended?: CampaignStatus }> {
  return database.forAccount(accountId, async (tx) => {
    const [waiting] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        first: sql<string | null>`min(${campaignRecipients.nextAttemptAt})`,
      })
      .from(campaignRecipients)
      .where(
        and(
          ledgerOf(accountId, campaignId),
          inArray(campaignRecipients.state, ["queued", "deferred", "sending"]),
        ),
      );
    if (waiting && Number(waiting.count) > 0) {
      const first = waiting.first ? Date.parse(String(waiting.first)) : Date.now();
      return { again: Math.max(1, Math.ceil((first - Date.now()) / 1000)) };
    }
    const [held] = await tx
      .select({ id: campaignRecipients.contactId })
      .from(campaignRecipients)
      .where(and(ledgerOf(accountId, campaignId), eq(campaignRecipients.state, "held")))
      .limit(1);
    if (held) return {};
    const [ended] = await tx
      .update(campaigns)
      .set({ status: "sent", finishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          campaignIs(accountId, campaignId),
          // An automation's e-mail is never through: its runs add to the ledger as they come.
          eq(campaigns.kind, "broadcast"),
          eq(campaigns.status, "sending"),
          eq(campaigns.senderRun, runId),
        ),
      )
      .returning({ id: campaigns.id });
    return ended ? { ended: "sent" } : {};
  });
}

/** What the ledger says of one campaign (the report's figures, true by construction). */
export async function campaignCounts(
  tx: Tx,
  { accountId, campaignId }: { accountId: string; campaignId: string },
): Promise<CampaignCounts> {
  const n = (condition: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${condition})::int`;
  const state = (name: string) => sql`${campaignRecipients.state} = ${name}`;
  const [row] = await tx
    .select({
      audience: sql<number>`count(*)::int`,
      queued: n(sql`${campaignRecipients.state} in ('queued', 'deferred', 'sending', 'held')`),
      sent: n(state("sent")),
      failed: n(state("failed")),
      skipped: n(state("skipped")),
      opened: n(sql`${campaignRecipients.openedAt} is not null`),
      machineOpened: n(
        sql`${campaignRecipients.machineOpenedAt} is not null and ${campaignRecipients.openedAt} is null`,
      ),
      clicked: n(sql`${campaignRecipients.clickedAt} is not null`),
      unsubscribed: n(sql`${campaignRecipients.unsubscribedAt} is not null`),
      bounced: n(sql`${campaignRecipients.bouncedAt} is not null`),
      complained: n(sql`${campaignRecipients.complainedAt} is not null`),
    })
    .from(campaignRecipients)
    .where(ledgerOf(accountId, campaignId));
  const counts = Object.fromEntries(
    Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]),
  );
  return counts as CampaignCounts;
}

/** The report's chart covers the first three days; later events count in its last hour. */
const TIMELINE_HOURS = 72;

/**
 * Running totals per hour since sending began: people sent to, who opened and who clicked
 * (first times only, people only), from the ledger's timestamps.
 */
export async function campaignTimeline(
  tx: Tx,
  { accountId, campaignId, startedAt }: { accountId: string; campaignId: string; startedAt: Date },
): Promise<CampaignTimelinePoint[]> {
  const hour = sql<number>`least(${TIMELINE_HOURS}, greatest(0, floor(extract(epoch from (e.at - ${startedAt.toISOString()}::timestamptz)) / 3600)))::int`;
  const { rows } = await tx.execute<{
    hour: number;
    sent: number;
    opened: number;
    clicked: number;
  }>(sql`
    select ${hour} as hour,
           count(*) filter (where e.kind = 's')::int as sent,
           count(*) filter (where e.kind = 'o')::int as opened,
           count(*) filter (where e.kind = 'c')::int as clicked
      from ${campaignRecipients} r,
           lateral (values ('s', r.sent_at), ('o', r.opened_at), ('c', r.clicked_at)) as e(kind, at)
     where r.account_id = ${accountId} and r.campaign_id = ${campaignId}::uuid and e.at is not null
     group by 1`);
  if (rows.length === 0) return [];
  const last = Math.max(...rows.map((row) => Number(row.hour)));
  const byHour = new Map(rows.map((row) => [Number(row.hour), row]));
  const points: CampaignTimelinePoint[] = [];
  let sent = 0;
  let opened = 0;
  let clicked = 0;
  for (let at = 0; at <= last; at++) {
    const row = byHour.get(at);
    sent += Number(row?.sent ?? 0);
    opened += Number(row?.opened ?? 0);
    clicked += Number(row?.clicked ?? 0);
    points.push({ hour: at, sent, opened, clicked });
  }
  return points;
}
