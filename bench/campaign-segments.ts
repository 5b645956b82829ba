// Issue 33's segment bar, as the campaigns bench states it: over 100,000 contacts (tags, a city
// field, sources, statuses, creation and activity dates spread over them, inserted 10,000 rows
// per statement), three representative segments (tags any and all; a field equals a value;
// active within the last 30 days), each counted BENCH_CAMPAIGN_SEGMENT_CALLS (50) times through
// `previewSegment`, the segments screen's live count (the account's transaction, as the app
// role under row-level security). p50 and p95 against 100 ms, on PGlite and, with
// BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL. A segment over the goal has its plan
// printed (EXPLAIN ANALYZE; every segment's with BENCH_CAMPAIGN_SEGMENT_EXPLAIN=1).
// BENCH_CAMPAIGN_SEGMENT_CONTACTS sets the count. Loaded with bench/campaigns.ts through Vite's
// module runner.
import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { segmentWhere } from "~/features/contacts/contacts.server";
import { previewSegment } from "~/features/contacts/segments.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { MIGRATIONS_FOLDER } from "../server/boot";
import { tempDataDir } from "../tests/e2e/support/server.ts";
import { createAccount, createMember } from "../tests/factories";
import { atMost, ms, percentile, type Figure, type Print } from "./report.ts";
import { postgresAdminUrl, scratchPostgres } from "./server.ts";

const contactCount = Number(process.env.BENCH_CAMPAIGN_SEGMENT_CONTACTS ?? 100_000);
const calls = Number(process.env.BENCH_CAMPAIGN_SEGMENT_CALLS ?? 50);
const chunk = 10_000;
const warmUp = 5;
const goalMs = 100;
const timeZone = "Europe/Paris";
const activeDays = 30;
/** BENCH_CAMPAIGN_SEGMENT_EXPLAIN=1: every segment's plan, not only those over the goal. */
const explainAll = process.env.BENCH_CAMPAIGN_SEGMENT_EXPLAIN === "1";

const daysAgo = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(Date.now() - days * 86_400_000));

const segments = [
  {
    name: "tags: any of vip, g3 and all of t7",
    rules: { tagsAny: ["vip", "g3"], tagsAll: ["t7"] },
  },
  { name: "field: city is Oslo", rules: { fields: [{ key: "city", op: "is", value: "Oslo" }] } },
  { name: `active in the last ${activeDays} days`, rules: { activeFrom: daysAgo(activeDays) } },
];

async function seed(database: Database, accountId: string) {
  for (let from = 1; from <= contactCount; from += chunk) {
    const to = Math.min(contactCount, from + chunk - 1);
    await database.forAccount(accountId, (tx) =>
      tx.execute(sql`
        insert into contacts (account_id, email, name, status, source, tags, fields, created_at, last_activity_at)
        select ${accountId}, 'person' || n || '@bench.example', 'Person ' || n,
               (array['subscribed','subscribed','subscribed','unconfirmed','unsubscribed','bounced'])[1 + n % 6],
               (array['signup','order','form','import','manual'])[1 + n % 5],
               array['t' || (n % 50), 'g' || (n % 7)] || case when n % 10 = 0 then array['vip'] else array[]::text[] end,
               jsonb_build_object('city', (array['Paris','Lyon','Oslo','Lagos','Kochi'])[1 + n % 5],
                                  'plan', (array['free','pro'])[1 + n % 2]),
               now() - (n % 365) * interval '1 day', now() - (n % 180) * interval '1 day'
          from generate_series(${from}::int, ${to}::int) as n`),
    );
  }
  await database.owner.execute(sql`analyze contacts`);
}

/** The count's own statement, explained as the app role sees it (row-level security included). */
async function explain(database: Database, accountId: string, rules: unknown): Promise<string[]> {
  return database.forAccount(accountId, async (tx) => {
    const where = and(
      eq(contacts.accountId, accountId),
      segmentWhere({ accountId, rules, timeZone }),
    );
    const result = (await tx.execute(
      sql`explain (analyze, buffers) select count(*)::int from ${contacts} where ${where}`,
    )) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]!);
  });
}

async function measure(database: Database, label: string, print: Print): Promise<Figure> {
  await database.migrate(MIGRATIONS_FOLDER);
  const { accountId } = await createAccount(database);
  const { user, membership } = await createMember(database, { accountId, roleName: "site_owner" });
  const viewer = {
    user: { ...user, image: null },
    membership: { ...membership, caps: ["manage_options"] },
    isSuperAdmin: false,
  } as Viewer;
  const seeding = performance.now();
  await seed(database, accountId);
  const seeded = (performance.now() - seeding) / 1000;
  const rows: string[][] = [["segment", "p50", "p95", "max", "count", "goal"]];
  let worst = 0;
  const slow: { name: string; plan: string[] }[] = [];
  for (const segment of segments) {
    const run = () =>
      previewSegment(database, { accountId, viewer, rules: segment.rules, timeZone });
    for (let i = 0; i < warmUp; i++) await run();
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      count = await run();
      times.push(performance.now() - started);
    }
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    if (p95 > goalMs || explainAll)
      slow.push({ name: segment.name, plan: await explain(database, accountId, segment.rules) });
    rows.push([
      segment.name,
      ms(percentile(times, 50)),
      ms(p95),
      ms(percentile(times, 100)),
      String(count),
      `p95 ≤ ${goalMs} ms`,
    ]);
  }
  print(
    `Segment counts over ${contactCount} contacts, ${label} (seeded in ${seeded.toFixed(1)} s; previewSegment, ${calls} counts each)`,
    rows,
  );
  for (const { name, plan } of slow)
    console.log(`\n  plan of “${name}” (${label}):\n    ${plan.join("\n    ")}`);
  return {
    figure: `segment count over ${contactCount} contacts, slowest of ${segments.length} (${label})`,
    measured: `p95 ${ms(worst)}`,
    goal: `p95 ≤ ${goalMs} ms`,
    met: atMost(worst, goalMs),
  };
}

export async function benchCampaignSegments({ print }: { print: Print }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = tempDataDir("bench-campaign-segments");
  const pglite = await openDatabase({ kind: "pglite", dataDir });
  try {
    figures.push(await measure(pglite, "PGlite", print));
  } finally {
    await pglite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) return figures;
  const scratch = await scratchPostgres(adminUrl);
  const postgres = await openDatabase({ kind: "postgres", url: scratch.env.DATABASE_URL });
  try {
    figures.push(await measure(postgres, "PostgreSQL", print));
  } finally {
    await postgres.close();
    await scratch.drop();
  }
  return figures;
}
