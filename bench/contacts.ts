// Issue 33's segment bar: a segment count over 100,000 contacts at most 100 ms at p95 on PGlite.
// Seeds the contacts in bulk (one statement with generate_series: tags, a city field, sources,
// statuses and dates spread over them), then times `countSegment` for segments of each kind of
// rule, and times a 1,000-row CSV import through the screen's own command. Loaded by
// bench/run.ts through Vite's module runner. Figures only: a bench never fails on a missed goal.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { commandContacts, countSegment } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import { openDatabase } from "~/platform/db/database.server";
import { MIGRATIONS_FOLDER } from "../server/boot";
import { tempDataDir } from "../tests/e2e/support/server.ts";
import { createAccount, createMember } from "../tests/factories";
import { atMost, ms, percentile, type Figure, type Print } from "./report.ts";

const contactCount = Number(process.env.BENCH_CONTACTS ?? 100_000);
const calls = Number(process.env.BENCH_CONTACTS_CALLS ?? 50);
const warmUp = 5;
const goalMs = 100;
const timeZone = "Europe/Paris";

export async function benchContacts({ print }: { print: Print }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = tempDataDir("bench-contacts");
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate(MIGRATIONS_FOLDER);
    const { accountId } = await createAccount(database);
    const { user, membership } = await createMember(database, {
      accountId,
      roleName: "site_owner",
    });
    const viewer = {
      user: { ...user, image: null },
      membership: { ...membership, caps: ["manage_options"] },
      isSuperAdmin: false,
    } as Viewer;

    const seeding = performance.now();
    await database.forAccount(accountId, (tx) =>
      tx.execute(sql`
        insert into contacts (account_id, email, name, status, source, tags, fields, created_at, last_activity_at)
        select ${accountId}, 'person' || n || '@bench.example', 'Person ' || n,
               (array['subscribed','subscribed','subscribed','unconfirmed','unsubscribed','bounced'])[1 + n % 6],
               (array['signup','order','form','import','manual'])[1 + n % 5],
               array['t' || (n % 50), 'g' || (n % 7)] || case when n % 10 = 0 then array['vip'] else array[]::text[] end,
               jsonb_build_object('city', (array['Paris','Lyon','Oslo','Lagos','Kochi'])[1 + n % 5]),
               now() - (n % 365) * interval '1 day', now() - (n % 90) * interval '1 day'
          from generate_series(1, ${contactCount}) as n`),
    );
    await database.owner.execute(sql`analyze contacts`);
    const seeded = (performance.now() - seeding) / 1000;

    const segments = [
      { name: "one tag", rules: { tagsAny: ["vip"] } },
      {
        name: "all of two tags, subscribed",
        rules: { tagsAll: ["t7", "g0"], statuses: ["subscribed"] },
      },
      {
        name: "tags but not vip, source form",
        rules: { tagsAny: ["g1", "g2"], tagsNone: ["vip"], sources: ["form"] },
      },
      { name: "field city is Oslo", rules: { fields: [{ key: "city", op: "is", value: "Oslo" }] } },
      {
        name: "added in a 30-day range",
        rules: { createdFrom: "2026-01-01", createdTo: "2026-01-31" },
      },
      { name: "everyone", rules: {} },
    ];
    const rows: string[][] = [["segment", "p50", "p95", "count", "goal"]];
    let worstP95 = 0;
    for (const segment of segments) {
      const run = () =>
        database.forAccount(accountId, (tx) =>
          countSegment(tx, { accountId, rules: segment.rules, timeZone }),
        );
      for (let i = 0; i < warmUp; i++) await run();
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        count = await run();
        times.push(performance.now() - started);
      }
      const p95 = percentile(times, 95);
      worstP95 = Math.max(worstP95, p95);
      rows.push([
        segment.name,
        ms(percentile(times, 50)),
        ms(p95),
        String(count),
        `≤ ${goalMs} ms p95`,
      ]);
    }
    print(
      `Segments over ${contactCount} contacts (seeded in ${seeded.toFixed(1)} s), ${calls} counts each`,
      rows,
    );
    figures.push({
      figure: `segment count over ${contactCount} contacts, slowest of ${segments.length} kinds (PGlite)`,
      measured: `p95 ${ms(worstP95)}`,
      goal: `p95 ≤ ${goalMs} ms`,
      met: atMost(worstP95, goalMs),
    });

    const csv = [
      "email,name,tags",
      ...Array.from({ length: 1000 }, (_, n) => `import${n}@bench.example,Imported ${n},a;b`),
    ].join("\n");
    const started = performance.now();
    const answer = await commandContacts(database, {
      accountId,
      viewer,
      timeZone,
      body: { intent: "import", csv, status: "unsubscribed" },
    });
    const importMs = performance.now() - started;
    print("Contacts import", [
      ["rows", "time", "answer"],
      ["1000", ms(importMs), JSON.stringify(answer).slice(0, 80)],
    ]);
    figures.push({
      figure: "CSV import of 1,000 contacts into 100,000 (PGlite)",
      measured: ms(importMs),
      goal: "—",
      met: null,
    });
    return figures;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
