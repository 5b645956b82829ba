// The campaigns bench's database side, run in the bench's own process while no server holds the
// database (PGlite's data directory is one process's): the audience seeded in bulk into the
// demo site, and, after the send, what the ledger says. Loaded through Vite's module runner
// with the rest of bench/campaigns.ts (it imports the app's modules).
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "~/platform/db/database.server";

/** Where a bench server keeps its data: PGlite in its data directory, or `env.DATABASE_URL`. */
export type Backend = { label: string; env: Record<string, string> };

/** The server's database, opened in this process (PGlite: only while no server holds it). */
export function openBackend(backend: Backend, dataDir: string): Promise<Database> {
  const url = backend.env.DATABASE_URL;
  return url ? openDatabase({ kind: "postgres", url }) : openDatabase({ kind: "pglite", dataDir });
}

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The demo site's account id (the server's first start seeded it). */
export async function demoAccountId(database: Database): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await database.owner.execute(sql`select account_id as id from accounts where slug = 'demo'`),
  );
  if (!row) throw new Error("bench: no demo account (did the first start seed it?)");
  return row.id;
}

/**
 * `count` subscribed contacts tagged `tag` (the campaign's segment), with names, a city field
 * for merge tags, sources and dates spread over them, inserted `chunk` rows per statement.
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
    const states = rowsOf<{ state: string; n: number }>(
      await tx.execute(sql`
        select state, count(*)::int as n from campaign_recipients
         where account_id = ${accountId} and campaign_id = ${campaignId} group by state`),
    );
    return {
      status: campaign?.status ?? "missing",
      audience: Number(campaign?.audience ?? 0),
      states: Object.fromEntries(states.map((row) => [row.state, Number(row.n)])),
      startedAt: campaign?.started ? new Date(campaign.started) : null,
      finishedAt: campaign?.finished ? new Date(campaign.finished) : null,
    };
  });
}
