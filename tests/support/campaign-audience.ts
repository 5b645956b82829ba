// A campaign's audience seeded in bulk into a site, and what its ledger says afterwards: shared by
// the campaigns bench (50,000 contacts) and the kill -9 spec (a few hundred). Both run it while
// no server holds the database (PGlite's data directory is one process's).
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/**
 * `count` subscribed contacts tagged `tag` (the campaign's segment), `reader{n}@sink.example`,
 * with names, a city field for merge tags, sources and dates spread over them, inserted `chunk`
 * rows per statement.
 */
export async function seedAudience(
  database: Database,
  {
    accountId,
    count,
    tag,
    chunk = 10_000,
  }: {
    accountId: string;
    count: number;
    tag: string;
    chunk?: number;
  },
): Promise<void> {
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await database.forAccount(accountId, (tx) =>
      tx.execute(sql`
        insert into contacts (account_id, email, name, status, source, tags, fields, created_at, last_activity_at)
        select ${accountId}, 'reader' || n || '@sink.example', 
               (array['Ada','Grace','Alan','Edsger','Barbara','Ken','Frances',''])[1 + n % 8] || ' Reader' || n,
               'subscribed', (array['signup','order','form','import','manual'])[1 + n % 5],
               array[${tag}, 't' || (n % 50)],
               jsonb_build_object('city', (array['Paris','Lyon','Oslo','Lagos','Kochi'])[1 + n % 5]),
               now() - (n % 365) * interval '1 day', now() - (n % 90) * interval '1 day'
          from generate_series(${from}::int, ${to}::int) as n`),
    );
  }
  await database.owner.execute(sql`analyze contacts`);
}

export type LedgerFacts = {
  status: string;
  audience: number;
  states: Record<string, number>;
  /** Rows sent again after a run died with them claimed (decision 055). */
  uncertain: number;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** The campaign's row and its ledger by state, as the report would count it. */
export async function ledgerFacts(
  database: Database,
  { accountId, campaignId }: { accountId: string; campaignId: string },
): Promise<LedgerFacts> {
  return database.forAccount(accountId, async (tx) => {
    const [campaign] = rowsOf<{
      status: string;
      audience: number;
      started: string | null;
      finished: string | null;
    }>(
      await tx.execute(sql`
        select status, audience_count as audience, started_at::text as started,
               finished_at::text as finished
          from campaigns where account_id = ${accountId} and id = ${campaignId}`),
    );
    const states = rowsOf<{ state: string; n: number; uncertain: number }>(
      await tx.execute(sql`
        select state, count(*)::int as n, count(*) filter (where uncertain)::int as uncertain
          from campaign_recipients
         where account_id = ${accountId} and campaign_id = ${campaignId} group by state`),
    );
    return {
      status: campaign?.status ?? "missing",
      audience: Number(campaign?.audience ?? 0),
      states: Object.fromEntries(states.map((row) => [row.state, Number(row.n)])),
      uncertain: states.reduce((sum, row) => sum + Number(row.uncertain), 0),
      startedAt: campaign?.started ? new Date(campaign.started) : null,
      finishedAt: campaign?.finished ? new Date(campaign.finished) : null,
    };
  });
}
