// Site search at scale (issue: "search p95 with 100 000 rows per type"): one account with
// 100 000 published courses, posts, pages and members, then `searchSite` itself timed call by
// call, as a signed-in member so all four kinds are searched. Loaded by bench/run.ts through
// Vite's module runner, so it may import the app's modules like any test does.
// Prints figures and ratios only: a bench, never a pass/fail check.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import type { Viewer } from "~/features/members/members.server";
import { searchSite } from "~/features/search/search.server";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { MIGRATIONS_FOLDER } from "../server/boot";
import { get } from "../tests/e2e/support/http.ts";
import { startServer, tempDataDir } from "../tests/e2e/support/server.ts";
import { createAccount, createMember } from "../tests/factories";
import { bodyOnlyWords, firstNames, rareWords, surnames, words } from "./search-words";

type Print = (title: string, rows: string[][]) => void;
type Kind = "courses" | "blog" | "pages" | "members";

const rowsPerType = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const callsPerTerm = Number(process.env.BENCH_SEARCH_CALLS ?? 200);
const warmUpCalls = 10;
const batchSize = 5_000;
// The plain query reads every row of the account on each call: fewer calls say enough.
const plainCalls = 30;
// One client address for all, and the API allows 120 a minute per address (searchLimits):
// staying under it measures the endpoint as a visitor sees it, with no bench-only switch.
const httpRequests = 100;
const httpWarmUp = 5;

/** Terms as people type them; the counts printed next to them show what each one matches. */
const terms = [
  { kind: "body-only word", term: "saturation" },
  { kind: "misspelt word", term: "photograpy" },
  { kind: "rare word", term: "quokka" },
  { kind: "common word", term: "garden" },
  { kind: "frequent word", term: "design" },
  { kind: "two words", term: "garden design" },
  { kind: "3-char prefix", term: "mar" },
  { kind: "member name", term: "okafor" },
  { kind: "no match", term: "zzqx" },
];
const comparedTerms = ["garden", "design", "zzqx"];
const httpTerm = "garden";

/** mulberry32: a small seeded generator, so every run (and backend) gets the same rows. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
/** r^1.5 favours the head of the list: a Zipf-like spread rather than every word equally common. */
const pick = (list: string[], random: () => number) =>
  list[Math.floor(list.length * random() ** 1.5)]!;

function title(random: () => number): string {
  const chosen = Array.from({ length: 3 + Math.floor(random() * 4) }, () => pick(words, random));
  if (random() < 1 / 2_000) chosen.splice(1, 0, rareWords[Math.floor(random() * 5)]!);
  return chosen.map(capital).join(" ");
}

/** Two paragraphs of about 40 words each, as sanitised HTML, as a short post or course has. */
function body(random: () => number): string {
  const paragraph = () => {
    const chosen = Array.from({ length: 30 + Math.floor(random() * 20) }, () =>
      pick(words, random),
    );
    if (random() < 1 / 1_000) chosen.splice(5, 0, bodyOnlyWords[Math.floor(random() * 3)]!);
    return `<p>${capital(chosen.join(" "))}.</p>`;
  };
  return paragraph() + paragraph();
}

const personName = (random: () => number) =>
  `${capital(pick(firstNames, random))} ${capital(pick(surnames, random))}`;

/**
 * One statement per kind and batch: the batch's [title, body] pairs (or names) arrive as one JSON array and
 * the row number `n` makes slugs and e-mail addresses unique. Runs as the owner; `app.account_id`
 * is set so the policies' checks pass even when FORCE row-level security binds the owner.
 */
const insertBatch: Record<Kind, (accountId: string, json: string, offset: number) => SQL> = {
  courses: (accountId, json, offset) => sql`
    insert into courses (account_id, title, slug, description, status)
    select ${accountId}::uuid, t.item->>0, 'course-' || (${offset}::int + t.n), t.item->>1, 'published'
      from json_array_elements(${json}::json) with ordinality as t(item, n)`,
  blog: (accountId, json, offset) => sql`
    insert into posts (account_id, title, slug, excerpt, content, status, published_at)
    select ${accountId}::uuid, t.item->>0, 'post-' || (${offset}::int + t.n), (t.item->>0) || '.',
           t.item->>1, 'published', now() - make_interval(mins => (${offset}::int + t.n)::int)
      from json_array_elements(${json}::json) with ordinality as t(item, n)`,
  pages: (accountId, json, offset) => sql`
    insert into pages (account_id, title, slug, data, status, kind)
    select ${accountId}::uuid, t.item->>0, 'page-' || (${offset}::int + t.n),
           jsonb_build_object('root', '{"props":{}}'::jsonb, 'content', jsonb_build_array(
             jsonb_build_object('type', 'RichText', 'props', jsonb_build_object('id', 'r', 'html', t.item->>1)))),
           'published', case when t.n % 4 = 0 then 'doc' else 'page' end
      from json_array_elements(${json}::json) with ordinality as t(item, n)`,
  // Members are people: a global user each first, then the membership with the default role.
  members: (accountId, json, offset) => sql`
    with people as (
      insert into users (id, name, email, email_verified)
      select 'bench-' || (${offset}::int + t.n), t.name, 'bench-' || (${offset}::int + t.n) || '@bench.test', true
        from json_array_elements_text(${json}::json) with ordinality as t(name, n)
      returning id, name, email)
    insert into members (account_id, user_id, name, slug, email, role_id)
    select ${accountId}::uuid, p.id, p.name, 'member-' || p.id, p.email,
           (select role_id from roles where account_id = ${accountId}::uuid order by is_default desc limit 1)
      from people p`,
};

async function seed(database: Database, accountId: string) {
  const seconds: Record<string, string> = {};
  const kinds = Object.keys(insertBatch) as Kind[];
  for (const [index, kind] of kinds.entries()) {
    const random = seeded(0x5eed + index);
    const started = performance.now();
    for (let offset = 0; offset < rowsPerType; offset += batchSize) {
      const count = Math.min(batchSize, rowsPerType - offset);
      const texts = Array.from({ length: count }, () =>
        kind === "members" ? personName(random) : [title(random), body(random)],
      );
      await database.owner.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.account_id', ${accountId}, true)`);
        await tx.execute(insertBatch[kind](accountId, JSON.stringify(texts), offset));
      });
    }
    seconds[kind] = ((performance.now() - started) / 1000).toFixed(1);
  }
  // Statistics for the planner, and the trigram indexes' pending lists merged, as autovacuum
  // would have done long before a real site reached this size.
  const started = performance.now();
  await database.owner.execute(sql`vacuum analyze courses, posts, pages, members, users`);
  seconds.vacuum = ((performance.now() - started) / 1000).toFixed(1);
  return seconds;
}

/** How many rows of each kind a term matches (every word, anywhere), as the function reads it. */
async function matchCounts(database: Database, accountId: string, term: string) {
  const patterns = sql`string_to_array(${term
    .split(/\s+/)
    .map((word) => `%${word}%`)
    .join(" ")}, ' ')`;
  const { rows } = await database.forAccount(accountId, (tx) =>
    tx.execute<Record<Kind, number>>(sql`select
      (select count(*) from courses where title ilike all (${patterns}))::int as courses,
      (select count(*) from posts where title ilike all (${patterns}))::int as blog,
      (select count(*) from pages where title ilike all (${patterns}))::int as pages,
      (select count(*) from members where name ilike all (${patterns}))::int as members`),
  );
  // And how many bodies' documents it matches (courses/blog/pages).
  const query = sql`websearch_to_tsquery(account_search_config(${accountId}::uuid), ${term})`;
  const { rows: inBodies } = await database.forAccount(accountId, (tx) =>
    tx.execute<{ counts: string }>(sql`select concat_ws('/',
      (select count(*) from courses where search_document @@ ${query}),
      (select count(*) from posts where search_document @@ ${query}),
      (select count(*) from pages where search_document @@ ${query})) as counts`),
  );
  return { ...rows[0]!, documents: inBodies[0]!.counts };
}

async function timeCalls(calls: number, call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => value.toFixed(2);

/** A fresh database: PGlite in a temp dir, or a scratch database on BENCH_DATABASE_URL's server. */
async function scratchDatabase(backend: "pglite" | "postgres") {
  const dataDir = tempDataDir("bench-search");
  if (backend === "pglite") {
    return {
      database: await openDatabase({ kind: "pglite", dataDir }),
      dataDir,
      serverEnv: {} as Record<string, string>,
      drop: async () => {},
    };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL!;
  const name = `lyceum_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ kind: "postgres", url: url.toString() }),
    dataDir,
    // A production server on PostgreSQL refuses to start without its own AUTH_SECRET.
    serverEnv: {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(24).toString("hex"),
    } as Record<string, string>,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function benchBackend(backend: "pglite" | "postgres", print: Print) {
  const scratch = await scratchDatabase(backend);
  const { database } = scratch;
  let open = true;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await database.migrate(MIGRATIONS_FOLDER);
    const account = await createAccount(database, { slug: "searchbench" });
    const accountId = account.accountId;
    // A member of the site: only members are shown other members' names.
    const { user, membership } = await createMember(database, { accountId });
    const viewer: Viewer = { user: { ...user, image: null }, membership, isSuperAdmin: false };

    const started = performance.now();
    const seconds = await seed(database, accountId);
    const total = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\n${backend}: seeded ${rowsPerType} rows per type in ${total} s ` +
        `(courses ${seconds.courses} s, blog ${seconds.blog} s, pages ${seconds.pages} s, ` +
        `members ${seconds.members} s, vacuum analyze ${seconds.vacuum} s)`,
    );

    const search = (term: string) =>
      searchSite(database, { accountId, term, scope: "all", viewer });
    const rows = [
      [
        "term kind",
        "term",
        "titles c/b/p/m",
        "documents c/b/p",
        "hits",
        "p50 ms",
        "p95 ms",
        "max ms",
      ],
    ];
    const everyCall: number[] = [];
    for (const { kind, term } of terms) {
      const counts = await matchCounts(database, accountId, term);
      await timeCalls(warmUpCalls, () => search(term));
      const times = await timeCalls(callsPerTerm, () => search(term));
      everyCall.push(...times);
      const hits = Object.values((await search(term)).hits).reduce((n, list) => n + list.length, 0);
      rows.push([
        kind,
        term,
        `${counts.courses}/${counts.blog}/${counts.pages}/${counts.members}`,
        counts.documents,
        String(hits),
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
        ms(times.at(-1)!),
      ]);
    }
    everyCall.sort((a, b) => a - b);
    rows.push([
      "overall",
      "",
      "",
      "",
      "",
      ms(percentile(everyCall, 50)),
      ms(percentile(everyCall, 95)),
      ms(everyCall.at(-1)!),
    ]);
    print(
      `${backend}: searchSite, scope all, signed-in member (${warmUpCalls} warm-up + ${callsPerTerm} calls per term)`,
      rows,
    );

    // Why search_site exists: the same courses query under row-level security, where ILIKE may
    // not use the trigram index and every call reads all of the account's courses.
    const compared = [["term", "function p50 ms", "plain RLS p50 ms", "function/plain"]];
    for (const term of comparedTerms) {
      const pattern = `%${term}%`;
      const viaFunction = await timeCalls(plainCalls, () =>
        database.forAccount(accountId, (tx) =>
          tx.execute(sql`select * from search_site(${term}, array['courses'], 9)`),
        ),
      );
      const plain = await timeCalls(plainCalls, () =>
        database.forAccount(accountId, (tx) =>
          tx.execute(sql`select id, title, slug from courses
            where status = 'published' and title ilike ${pattern}
            order by title ilike ${`${term}%`} desc, length(title), title limit 9`),
        ),
      );
      const [f, p] = [percentile(viaFunction, 50), percentile(plain, 50)];
      compared.push([term, ms(f), ms(p), (f / p).toFixed(3)]);
    }
    print(
      `${backend}: courses only, search_site against a plain query under RLS (${plainCalls} calls each)`,
      compared,
    );

    // End to end through the built server on the same data: anonymous, so courses, blog and pages.
    await database.close();
    open = false;
    server = await startServer({
      dataDir: scratch.dataDir,
      env: { LOG_LEVEL: "warn", SEED_DEMO: "false", ...scratch.serverEnv },
    });
    const port = server.port;
    const request = () =>
      get({ port, host: "searchbench.localhost", path: `/api/search?q=${httpTerm}&type=all` });
    for (let i = 0; i < httpWarmUp; i++) await request();
    let failures = 0;
    const times = await timeCalls(httpRequests - httpWarmUp, async () => {
      if ((await request()).status !== 200) failures++;
    });
    print(
      `${backend}: GET /api/search?q=${httpTerm}, anonymous, ${httpRequests - httpWarmUp} sequential requests after ${httpWarmUp} (under the 120/min limit)`,
      [
        ["p50 ms", "p95 ms", "max ms", "failures"],
        [ms(percentile(times, 50)), ms(percentile(times, 95)), ms(times.at(-1)!), String(failures)],
      ],
    );
  } finally {
    await server?.stop();
    if (open) await database.close();
    // BENCH_SEARCH_KEEP=1 keeps PostgreSQL's scratch database, seeded, to look into with psql.
    if (process.env.BENCH_SEARCH_KEEP === "1")
      console.log(`kept: ${scratch.serverEnv.DATABASE_URL}`);
    else await scratch.drop();
    fs.rmSync(scratch.dataDir, { recursive: true, force: true });
  }
}

/**
 * `node bench/run.ts search`: PGlite, and PostgreSQL too when BENCH_DATABASE_URL is set
 * (BENCH_SEARCH_PGLITE=0 leaves PGlite out, whose seeding takes the longest).
 */
export async function benchSearch({ print }: { print: Print }) {
  console.log(
    `\nSite search: ${rowsPerType} published courses, posts, pages and members on one account`,
  );
  if (process.env.BENCH_SEARCH_PGLITE !== "0") await benchBackend("pglite", print);
  if (process.env.BENCH_DATABASE_URL) await benchBackend("postgres", print);
}
