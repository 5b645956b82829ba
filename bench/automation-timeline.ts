// Issue 34's timeline bar: "the timeline stays fast at millions of rows". Seeds one site with
// BENCH_TIMELINE_CONTACTS (20,000) contacts, ten automations, BENCH_TIMELINE_RUNS_PER_CONTACT (10)
// runs a contact and ten history lines a run — 2,000,000 lines by default — in bulk
// (generate_series), then times `contactTimeline`, the screen's read, for random contacts (p50,
// p95; goal ≤ 50 ms at p95) and prints the plan of its history read. On PGlite, and on
// PostgreSQL too when TEST_DATABASE_URL is set (a scratch database). Loaded by bench/run.ts
// through Vite's module runner. Figures only: a bench never fails on a missed goal.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { contactTimeline } from "~/features/automations/automations.server";
import type { Viewer } from "~/features/members/members.server";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { MIGRATIONS_FOLDER } from "../server/boot";
import { tempDataDir } from "../tests/e2e/support/server.ts";
import { createAccount, createMember } from "../tests/factories";
import { atMost, ms, percentile, type Figure, type Print } from "./report.ts";
import { postgresAdminUrl, scratchPostgres } from "./server.ts";

const contactCount = Number(process.env.BENCH_TIMELINE_CONTACTS ?? 20_000);
const runsPerContact = Number(process.env.BENCH_TIMELINE_RUNS_PER_CONTACT ?? 10);
const linesPerRun = 10;
const reads = Number(process.env.BENCH_TIMELINE_READS ?? 200);
const goalMs = 50;

async function seed(database: Database) {
  const { accountId } = await createAccount(database);
  const { user, membership } = await createMember(database, { accountId, roleName: "site_owner" });
  const viewer = {
    user: { ...user, image: null },
    membership: { ...membership, caps: ["manage_options"] },
    isSuperAdmin: false,
  } as Viewer;
  const began = performance.now();
  await database.forAccount(accountId, async (tx) => {
    await tx.execute(sql`
      insert into contacts (account_id, email, name, status, source)
      select ${accountId}, 'person' || n || '@bench.example', 'Person ' || n, 'subscribed', 'import'
        from generate_series(1, ${contactCount}) as n`);
    await tx.execute(sql`
      insert into automations (account_id, name, status, signing_secret, draft, trigger_type, version)
      select ${accountId}, 'Automation ' || n, 'active', 'whsec_x', '{"trigger":{"type":"contact.tagged"},"steps":[]}'::jsonb,
             'contact.tagged', 1
        from generate_series(1, 10) as n`);
    await tx.execute(sql`
      insert into automation_runs (account_id, automation_id, version, contact_id, status, started_at, ended_at)
      select ${accountId}, a.id, 1, c.id, 'completed',
             now() - (r * 7 + c.n % 7) * interval '1 day', now() - (r * 7 + c.n % 7) * interval '1 day'
        from (select id, row_number() over () as n from contacts where account_id = ${accountId}) c
        cross join generate_series(1, ${runsPerContact}) as r
        cross join lateral (select id from automations where account_id = ${accountId}
                             order by id offset (r % 10) limit 1) a`);
  });
  // History in slices: one statement per slice keeps a transaction's memory bounded.
  const slices = 10;
  for (let slice = 0; slice < slices; slice++)
    await database.forAccount(accountId, (tx) =>
      tx.execute(sql`
        insert into automation_history (account_id, run_id, automation_id, contact_id, step_id, step_type, outcome, detail, at)
        select ${accountId}, r.id, r.automation_id, r.contact_id, 's' || k, 'tag', 'done',
               jsonb_build_object('tag', 'tag' || k), r.started_at + k * interval '1 minute'
          from (select *, row_number() over (order by id) as n from automation_runs
                 where account_id = ${accountId}) r
          cross join generate_series(1, ${linesPerRun}) as k
         where r.n % ${slices} = ${slice}`),
    );
  await database.owner.execute(sql`analyze`);
  return { accountId, viewer, seededMs: performance.now() - began };
}

async function measure(database: Database, label: string, print: Print): Promise<Figure[]> {
  const { accountId, viewer, seededMs } = await seed(database);
  const pick = () => `person${1 + Math.floor(Math.random() * contactCount)}@bench.example`;
  for (let i = 0; i < 10; i++)
    await contactTimeline(database, { accountId, viewer, email: pick() });
  const times: number[] = [];
  let entries = 0;
  for (let i = 0; i < reads; i++) {
    const began = performance.now();
    const found = await contactTimeline(database, { accountId, viewer, email: pick() });
    times.push(performance.now() - began);
    entries += found.entries.length;
  }
  const planned = await database.forAccount(accountId, (tx) =>
    tx.execute<{ "QUERY PLAN": string }>(sql`
      explain select * from automation_history
       where account_id = ${accountId}
         and contact_id = (select id from contacts where account_id = ${accountId} limit 1)
       order by at desc limit 200`),
  );
  const plan = ((planned as { rows?: { "QUERY PLAN": string }[] }).rows ?? []).map((row) => [
    row["QUERY PLAN"],
  ]);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const lines = (contactCount * runsPerContact * linesPerRun).toLocaleString("en");
  print(`Automation timelines among ${lines} history lines (${label})`, [
    ["seeded in", "timelines", "lines each", "p50", "p95"],
    [ms(seededMs), String(reads), String(Math.round(entries / reads)), ms(p50), ms(p95)],
  ]);
  print(`The plan of a contact's history read (${label})`, [["plan"], ...plan]);
  const millions = ((contactCount * runsPerContact * linesPerRun) / 1e6).toFixed(1);
  return [
    {
      figure: `a contact's automation timeline among ${millions} M history lines (${label})`,
      measured: `p95 ${ms(p95)}`,
      goal: `p95 ≤ ${goalMs} ms`,
      met: atMost(p95, goalMs),
    },
  ];
}

export async function benchAutomationTimeline({ print }: { print: Print }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = tempDataDir("bench-timeline");
  const embedded = await openDatabase({ kind: "pglite", dataDir });
  try {
    await embedded.migrate(MIGRATIONS_FOLDER);
    figures.push(...(await measure(embedded, "PGlite", print)));
  } finally {
    await embedded.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (postgresAdminUrl()) {
    const scratch = await scratchPostgres(postgresAdminUrl()!);
    const database = await openDatabase({ kind: "postgres", url: scratch.env.DATABASE_URL });
    try {
      await database.migrate(MIGRATIONS_FOLDER);
      figures.push(...(await measure(database, "PostgreSQL", print)));
    } finally {
      await database.close();
      await scratch.drop();
    }
  }
  return figures;
}
