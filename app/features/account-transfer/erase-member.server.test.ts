import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findAccountForSlug } from "~/features/accounts/accounts.server";
import { loadMembership, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createRateLimits } from "~/platform/rate-limits/rate-limits.server";
import { demoSites } from "../../../scripts/demo-content";
import { seedDemo } from "../../../scripts/demo-seed";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { planAccountTables } from "./catalog.server";
import { deleteOwnAccount, eraseMember, erasureStanding } from "./erase-member.server";
import { ERASURE_RULES, PERSON_COLUMN } from "./erasure-policy.server";
import { memberData } from "./member-data.server";

const site = demoSites[0]!;
const demoPassword = "Lyceum-Demo-2026!";

async function viewerOf(database: Database, accountId: string, email: string): Promise<Viewer> {
  const { rows } = await database.owner.execute<{ id: string; name: string }>(
    sql`select id, name from users where email = ${email}`,
  );
  const user = { id: rows[0]!.id, name: rows[0]!.name, email, image: null };
  const membership = await loadMembership(database, { accountId, userId: user.id });
  return { user, membership, isSuperAdmin: false };
}

/** Every row of every other account, as one fingerprint per table. */
async function otherAccounts(database: Database, accountId: string) {
  const plan = await planAccountTables(database.owner);
  const digest: Record<string, string> = {};
  for (const table of plan) {
    const { rows } = await database.owner.execute<{ hash: string }>(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
            from ${sql.raw(`"${table.name}"`)} t where account_id <> ${accountId}`,
    );
    digest[table.name] = rows[0]!.hash;
  }
  return digest;
}

/** The tables of the account where any row holds `needle` as a whole JSON value or address. */
async function tablesNaming(database: Database, accountId: string, needles: string[]) {
  const plan = await planAccountTables(database.owner);
  const found: string[] = [];
  for (const table of plan) {
    const text = sql`lower(row_to_json(t)::text)`;
    const any = needles.map(
      (needle) => sql`strpos(${text}, ${JSON.stringify(needle.toLowerCase())}) > 0`,
    );
    const { rows } = await database.owner.execute(
      sql`select 1 from ${sql.raw(`"${table.name}"`)} t
           where account_id = ${accountId} and (${sql.join(any, sql` or `)}) limit 1`,
    );
    if (rows.length) found.push(table.name);
  }
  return found;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "erased",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe.each(backends)("I37 a member deletes their account on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await seedDemo(db.database, { replace: false });
    accountId = (await findAccountForSlug(db.database, site.slug))!.accountId;
  });
  afterAll(() => db?.dispose());

  test("I37 every column of a site's tables that can name a person has an erasure rule", async () => {
    const plan = await planAccountTables(db.database.owner);
    const { rows: existing } = await db.database.owner.execute<{ name: string }>(
      sql`select table_name || '.' || column_name as name from information_schema.columns
           where table_schema = 'public'`,
    );
    const columns = new Set(existing.map((row) => row.name));
    const covered = new Set(
      ERASURE_RULES.flatMap((rule) =>
        [...rule.ids, ...(rule.emails ?? [])].map((column) => `${rule.table}.${column}`),
      ),
    );
    const naming = plan.flatMap((table) =>
      [...new Set([...table.people, ...table.columns.filter((c) => PERSON_COLUMN.test(c))])].map(
        (column) => `${table.name}.${column}`,
      ),
    );
    expect(naming.length).toBeGreaterThan(50);
    expect(naming.filter((column) => !covered.has(column))).toEqual([]);
    // And every rule names columns that exist.
    for (const rule of ERASURE_RULES)
      for (const column of [...rule.ids, ...(rule.emails ?? []), ...(rule.names ?? [])])
        expect(columns.has(`${rule.table}.${column}`), `${rule.table}.${column}`).toBe(true);
  });

  test("I37 staff and the owner are refused; so is a wrong password, changing nothing", async () => {
    for (const email of ["owner@demo.test", "teacher@demo.test"]) {
      const viewer = await viewerOf(db.database, accountId, email);
      expect(await erasureStanding(db.database, { accountId, viewer })).toEqual({
        allowed: false,
        reason: "staff",
      });
      expect(
        await codeOf(
          eraseMember(db.database, {
            accountId,
            viewer,
            confirmation: demoPassword,
            deletedName: "x",
          }),
        ),
      ).toBe("erasure.staff");
    }
    const student = await viewerOf(db.database, accountId, "student@demo.test");
    const before = await otherAccounts(db.database, "00000000-0000-0000-0000-000000000000");
    expect(
      await codeOf(
        eraseMember(db.database, {
          accountId,
          viewer: student,
          confirmation: "wrong",
          deletedName: "x",
        }),
      ),
    ).toBe("erasure.notConfirmed");
    expect(await otherAccounts(db.database, "00000000-0000-0000-0000-000000000000")).toEqual(
      before,
    );
  });

  test("I37 a sixth wrong password in a quarter of an hour is refused before it is checked", async () => {
    const logger = createLogger({ level: "silent" });
    const services = {
      database: db.database,
      pubsub: createLocalPubSub(logger),
      lang: "en" as const,
      rateLimits: createRateLimits({ database: null, logger }),
    };
    const parent = await viewerOf(db.database, accountId, "parent@demo.test");
    const attempt = () =>
      codeOf(deleteOwnAccount(services, { accountId, viewer: parent, confirmation: "guess" }));
    for (let i = 0; i < 5; i++) expect(await attempt()).toBe("erasure.notConfirmed");
    expect(await attempt()).toBe("request.tooMany");
    await services.rateLimits.close();
  });

  test("I37 a member with a subscription that renews cancels it first", async () => {
    const parent = await viewerOf(db.database, accountId, "parent@demo.test");
    expect(await erasureStanding(db.database, { accountId, viewer: parent })).toEqual({
      allowed: true,
      confirmWith: "password",
    });
    const { rows: orders } = await db.database.owner.execute<{ id: string }>(
      sql`select id from orders where account_id = ${accountId} limit 1`,
    );
    await db.database.forAccount(accountId, (tx) =>
      tx.execute(sql`insert into subscriptions (account_id, order_id, position, user_id, product_id, provider, status, amount, currency, interval)
        select ${accountId}, ${orders[0]!.id}, 99, ${parent.user.id}, id, 'manual', 'active', 900, 'USD', 'month'
          from products where account_id = ${accountId} limit 1`),
    );
    expect(await erasureStanding(db.database, { accountId, viewer: parent })).toEqual({
      allowed: false,
      reason: "subscription",
    });
    expect(
      await codeOf(
        eraseMember(db.database, {
          accountId,
          viewer: parent,
          confirmation: demoPassword,
          deletedName: "x",
        }),
      ),
    ).toBe("erasure.liveSubscription");
  });

  test("I37 the student's rows go, the site's orders stay naming a deleted member, no row names them, other sites unchanged (20 at once: one erasure)", async () => {
    const student = await viewerOf(db.database, accountId, "student@demo.test");
    // Two of the site's orders become theirs: the books must keep them.
    await db.database.forAccount(accountId, (tx) =>
      tx.execute(sql`update orders set user_id = ${student.user.id}, email = ${student.user.email}
        where id in (select id from orders where account_id = ${accountId} order by number limit 2)`),
    );
    const held = await memberData(db.database, {
      accountId,
      slug: site.slug,
      userId: student.user.id,
    });
    // The demo gives the student learning, purchases and community rows to lose or keep.
    expect(Object.keys(held.records)).toEqual(
      expect.arrayContaining(["members", "enrolments", "orders"]),
    );
    const sums = async () =>
      (
        await db.database.owner.execute<{ n: number; total: number }>(
          sql`select count(*)::int as n, coalesce(sum(total), 0)::int as total from orders where account_id = ${accountId}`,
        )
      ).rows[0];
    const ordersBefore = await sums();
    const theirOrders = held.records.orders!.length;
    const others = await otherAccounts(db.database, accountId);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        codeOf(
          eraseMember(db.database, {
            accountId,
            viewer: student,
            confirmation: demoPassword,
            deletedName: "Deleted member",
          }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer === "erased")).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer !== "erased"))).toEqual(
      new Set(["route.notFound"]),
    );

    expect(
      await tablesNaming(db.database, accountId, [student.user.id, student.user.email]),
    ).toEqual([]);
    expect(await sums()).toEqual(ordersBefore);
    const { rows: kept } = await db.database.owner.execute<{
      name: string;
      email: string;
      n: number;
    }>(
      sql`select m.name, m.email, count(*)::int as n from orders o
            join members m on m.account_id = o.account_id and m.user_id = o.user_id
           where o.account_id = ${accountId} and m.suspended_at is not null
           group by m.name, m.email`,
    );
    expect(kept).toEqual([
      {
        name: "Deleted member",
        email: expect.stringMatching(/^deleted-[0-9a-f]+@deleted\.invalid$/),
        n: theirOrders,
      },
    ]);
    // No other site knows them: the person, their sign-in and every session are gone.
    const { rows: person } = await db.database.owner.execute(
      sql`select 1 from users where id = ${student.user.id}
          union all select 1 from auth_accounts where user_id = ${student.user.id}
          union all select 1 from sessions where user_id = ${student.user.id}`,
    );
    expect(person).toEqual([]);
    expect(await otherAccounts(db.database, accountId)).toEqual(others);
  });
});
