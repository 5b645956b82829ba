// Issue 17's console bar: the super-admin's accounts list with 10 000 accounts, its first page
// and a search at most 100 ms at p95 on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL;
// a scratch database on it). Seeds the accounts in bulk — each with its roles, an owner, and a
// few with students and a custom domain, some suspended — then times `loadAccountsScreen` itself
// call by call (the accounts page and its count, then each site's owner and member count read
// in that site's own context), and prints the plans of the list's two reads. Loaded by
// bench/run.ts through Vite's module runner. Figures only: a bench never fails on a missed goal.
import { sql, type SQL } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { loadAccountsScreen } from "~/features/console/console.server";
import type { Viewer } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { MIGRATIONS_FOLDER } from "../server/boot";
import { atMost, ms, percentile, type Figure, type Print } from "./report.ts";
import { postgresAdminUrl, scratchPostgres } from "./server.ts";

const accountCount = Number(process.env.BENCH_CONSOLE_ACCOUNTS ?? 10_000);
const calls = Number(process.env.BENCH_CONSOLE_CALLS ?? 100);
const warmUp = 10;
const goalMs = 100;
const figures = {
  first: `console accounts list, first page, ${accountCount} accounts (PostgreSQL)`,
  search: `console accounts list, a search, ${accountCount} accounts (PostgreSQL)`,
};

/**
 * The accounts and their people in a few statements, as the owner (the scratch database's
 * owner is the server's superuser, which row-level security does not bind, so rows of every
 * account go in at once). Account n: `bench-00042`, "Bench Academy 42", a plan in turn, created
 * n minutes ago; every 7th a custom domain, every 5th two students, every 50th suspended.
 */
async function seed(database: Database) {
  const statements: SQL[] = [
    sql`insert into accounts (slug, domain, settings, created_at, suspended_at)
        select 'bench-' || lpad(n::text, 5, '0'),
               case when n % 7 = 0 then 'bench' || n || '.example.com' end,
               jsonb_build_object('sitetitle', 'Bench Academy ' || n,
                 'plan', (array['starter', 'professional', 'dedicated', 'lifetime'])[1 + n % 4]),
               now() - make_interval(mins => n),
               case when n % 50 = 0 then now() end
          from generate_series(1, ${accountCount}::int) as n`,
    sql`insert into roles (account_id, name, caps, is_default)
        select account_id, role.name, role.caps, role.is_default from accounts,
          (values ('site_owner', array['manage_options'], false), ('student', array[]::text[], true))
            as role(name, caps, is_default)
         where slug like 'bench-%'`,
    sql`insert into users (id, name, email, email_verified, created_at)
        select 'bench-owner-' || n, 'Owner ' || n, 'owner' || n || '@bench.test', n % 3 <> 0,
               now() - make_interval(mins => n)
          from generate_series(1, ${accountCount}::int) as n`,
    sql`insert into users (id, name, email, email_verified)
        select 'bench-student-' || n || '-' || k, 'Student ' || n || '-' || k,
               'student' || n || '-' || k || '@bench.test', true
          from generate_series(5, ${accountCount}::int, 5) as n, generate_series(1, 2) as k`,
    // bench-owner-42 owns bench-00042; bench-student-45-1 and -2 are students of bench-00045.
    sql`insert into members (account_id, user_id, name, slug, email, role_id)
        select a.account_id, u.id, u.name, 'member-' || u.id, u.email, r.role_id
          from users u
          join accounts a on a.slug = 'bench-' || lpad(substr(u.id, 13), 5, '0')
          join roles r on r.account_id = a.account_id and r.name = 'site_owner'
         where u.id like 'bench-owner-%'`,
    sql`insert into members (account_id, user_id, name, slug, email, role_id)
        select a.account_id, u.id, u.name, 'member-' || u.id, u.email, r.role_id
          from users u
          join accounts a on a.slug = 'bench-' || lpad(split_part(substr(u.id, 15), '-', 1), 5, '0')
          join roles r on r.account_id = a.account_id and r.name = 'student'
         where u.id like 'bench-student-%'`,
  ];
  for (const statement of statements) await database.owner.execute(statement);
  await database.owner.execute(sql`analyze accounts, roles, members, users`);
}

async function timeCalls(run: () => Promise<unknown>) {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchConsole({ print }: { print: Print }): Promise<Figure[]> {
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) {
    const why = "set BENCH_DATABASE_URL or TEST_DATABASE_URL";
    return [
      { figure: figures.first, measured: `n/a (${why})`, goal: `p95 ≤ ${goalMs} ms`, met: null },
      { figure: figures.search, measured: `n/a (${why})`, goal: `p95 ≤ ${goalMs} ms`, met: null },
    ];
  }
  const scratch = await scratchPostgres(adminUrl);
  const database = await openDatabase({ kind: "postgres", url: scratch.env.DATABASE_URL });
  const results: Figure[] = [];
  try {
    await database.migrate(MIGRATIONS_FOLDER);
    await upsertPlanCatalogue(database);
    const seeding = performance.now();
    await seed(database);
    const seeded = (performance.now() - seeding) / 1000;
    const [host] = (
      await database.owner.execute<{ account_id: string; slug: string }>(
        sql`select account_id, slug from accounts where slug = 'bench-00001'`,
      )
    ).rows;
    const account: AccountSummary = {
      accountId: host!.account_id,
      slug: host!.slug,
      domain: null,
      settings: {},
    };
    const viewer: Viewer = {
      user: { id: "bench-owner-1", name: "Root", email: "root@bench.test", image: null },
      membership: null,
      isSuperAdmin: true,
    };
    const place = { baseDomain: "localhost", like: "http://localhost:3000/dashboard/accounts" };

    const variants = [
      { name: "first page, by address", query: "", figure: figures.first },
      { name: "search “bench-0421” (slug)", query: "q=bench-0421", figure: figures.search },
      { name: "search “Academy 7777” (title)", query: "q=Academy%207777" },
      { name: "search “owner4242@bench.test” (owner)", query: "q=owner4242%40bench.test" },
      { name: "search “zzqx” (nothing)", query: "q=zzqx" },
      { name: "first page, newest first", query: "sort=newest" },
      { name: "suspended only", query: "status=suspended" },
      { name: "page 300, by address", query: "page=300" },
      { name: "first page with a drawer open", query: `account=${account.accountId}` },
    ];
    const measure = async (setting: string, record: boolean) => {
      const rows: string[][] = [["accounts list", "p50", "p95", "rows", "total", "goal"]];
      for (const variant of variants) {
        const run = () =>
          loadAccountsScreen(database, {
            viewer,
            account,
            search: new URLSearchParams(variant.query),
            place,
          });
        const times = await timeCalls(run);
        const { accounts } = await run();
        const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
        rows.push([
          variant.name,
          ms(p50),
          ms(p95),
          String(accounts.rows.length),
          String(accounts.total),
          variant.figure ? `≤ ${goalMs} ms p95` : "",
        ]);
        if (record && variant.figure)
          results.push({
            figure: variant.figure,
            measured: `p50 ${ms(p50)}, p95 ${ms(p95)}`,
            goal: `p95 ≤ ${goalMs} ms`,
            met: atMost(p95, goalMs),
          });
      }
      print(
        `Console accounts list, ${setting}: ${accountCount} accounts with owners and members (seeded in ${seeded.toFixed(1)} s), loadAccountsScreen, ${calls} calls each after ${warmUp}`,
        rows,
      );
    };
    await measure(
      "as migrated (owners readable by the desk, trigram index: migrations 0026, 0027)",
      true,
    );

    // The plans of the list's page and count for a search, as the use case sends them.
    const plan = async (statement: SQL) =>
      database.asApp(async (tx) => {
        const result = await tx.execute<{ "QUERY PLAN": string }>(
          sql`explain (analyze, costs off, timing off) ${statement}`,
        );
        return result.rows.map((row) => row["QUERY PLAN"]);
      });
    const where = sql`account_id <> ${PLATFORM_ACCOUNT_ID}
      and (slug || ' ' || coalesce(domain, '') || ' ' || coalesce(settings ->> 'sitetitle', ''))
          ilike '%bench-0421%'`;
    const search = await plan(
      sql`select *, count(*) over () from accounts where ${where} order by slug limit 25`,
    );
    const first = await plan(
      sql`select * from accounts where account_id <> ${PLATFORM_ACCOUNT_ID} order by slug limit 25`,
    );
    print("Console accounts list plans (first page; a search, counted in its scan)", [
      ...first.map((line) => [line]),
      [""],
      ...search.map((line) => [line]),
    ]);
    return results;
  } finally {
    await database.close();
    await scratch.drop();
  }
}
