import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createAccount,
  createComment,
  createCourse,
  createMember,
  createPage,
  createPost,
  createRevision,
  setOption,
} from "../../../tests/factories";
import { createAnalyticsRows } from "../../../tests/factories/analytics";
import { createMediaRow } from "../../../tests/factories/media";
import { createNotificationRows } from "../../../tests/factories/notifications";
import {
  GLOBAL_TABLES,
  findIsolationLeaks,
  listTables,
  listTenantTables,
} from "../../../tests/support/isolation-probe";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createBusinessRows } from "../../../tests/factories/business";
import { createCommerceRows } from "../../../tests/factories/commerce";
import { createContactRows } from "../../../tests/factories/contacts";
import { createFormRows } from "../../../tests/factories/forms";
import { createPopupRows } from "../../../tests/factories/popups";
import { createCampaignRows } from "../../../tests/factories/campaigns";
import { createAutomationRows } from "../../../tests/factories/automations";
import { createWebhookRows } from "../../../tests/factories/webhooks";
import { createAffiliateRows } from "../../../tests/factories/affiliates";
import { createFunnelRows } from "../../../tests/factories/funnels";
import { createAppointmentRows } from "../../../tests/factories/appointments";
import { createInviteRow } from "../../../tests/factories/community";
import { createGroupRows } from "../../../tests/factories/groups";
import { createMessageRows } from "../../../tests/factories/messages";
import { createLearningRows } from "../../../tests/factories/learning";
import { findAppRoleProblems } from "./health.server";

async function seedTwoAccounts(database: TestDatabase["database"]) {
  const [a, b] = [await createAccount(database), await createAccount(database)];
  for (const account of [a, b]) {
    const accountId = account.accountId;
    await setOption(database, { accountId, key: "theme", value: { bodyStyle: "full" } });
    await createPost(database, { accountId });
    await createRevision(database, { accountId });
    await createMediaRow(database, { accountId });
    await createComment(database, { accountId });
    await createPage(database, { accountId });
    await createCourse(database, { accountId, lessonTitles: ["one", "two"] });
    const { user } = await createMember(database, { accountId });
    await createAnalyticsRows(database, { accountId });
    await createNotificationRows(database, { accountId, userId: user.id });
    await createLearningRows(database, { accountId, userId: user.id });
    const { order } = await createCommerceRows(database, { accountId, userId: user.id });
    await createBusinessRows(database, { accountId, userId: user.id, orderId: order.id });
    await createContactRows(database, { accountId });
    await createFormRows(database, { accountId });
    await createPopupRows(database, { accountId });
    await createCampaignRows(database, { accountId });
    await createAutomationRows(database, { accountId });
    await createWebhookRows(database, { accountId });
    await createAffiliateRows(database, { accountId });
    await createFunnelRows(database, { accountId });
    await createGroupRows(database, { accountId, userId: user.id });
    await createMessageRows(database, { accountId, userId: user.id });
    await createInviteRow(database, { accountId });
    await createAppointmentRows(database, { accountId, userId: user.id });
  }
  return { a: a.accountId, b: b.accountId };
}

describe.each(backends)("tenant isolation on %s", (backend) => {
  let db: TestDatabase;
  let ids: { a: string; b: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ids = await seedTwoAccounts(db.database);
  });
  afterAll(() => db?.dispose());

  test("A11 schema lint: every account_id table is forced-RLS, keyed and referenced by account", async () => {
    const { database } = db;
    const tables = await listTables(database);
    const tenantTables = await listTenantTables(database);
    // Every table is either a tenant table or on the explicit global list.
    expect(tables.filter((t) => !tenantTables.includes(t)).sort()).toEqual(
      [...GLOBAL_TABLES].sort(),
    );
    expect(tenantTables.length).toBeGreaterThanOrEqual(5);

    const rls = await database.owner.execute<{
      relname: string;
      enabled: boolean;
      forced: boolean;
    }>(sql`
      select relname, relrowsecurity as enabled, relforcerowsecurity as forced
      from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`);
    const policies = await database.owner.execute<{
      tablename: string;
      cmd: string;
      qual: string | null;
      with_check: string | null;
    }>(sql`select tablename, cmd, qual, with_check from pg_policies where schemaname = 'public'`);
    const pkeys = await database.owner.execute<{ table: string; first: string }>(sql`
      select c.conrelid::regclass::text as table, a.attname as first
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'p' and c.connamespace = 'public'::regnamespace`);
    const uniques = await database.owner.execute<{
      table: string;
      index: string;
      columns: string[];
    }>(sql`
      select t.relname as table, i.relname as index,
             array(select a.attname from pg_attribute a where a.attrelid = t.oid and a.attnum = any(x.indkey)) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where x.indisunique and t.relnamespace = 'public'::regnamespace`);
    const fkeys = await database.owner.execute<{
      table: string;
      name: string;
      columns: string[];
      target: string;
    }>(sql`
      select c.conrelid::regclass::text as table, c.conname as name, c.confrelid::regclass::text as target,
             array(select a.attname from pg_attribute a where a.attrelid = c.conrelid and a.attnum = any(c.conkey)) as columns
      from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`);

    const problems: string[] = [];
    for (const table of tenantTables) {
      const flags = rls.rows.find((r) => r.relname === table);
      if (!flags?.enabled) problems.push(`${table}: RLS not enabled`);
      if (!flags?.forced) problems.push(`${table}: RLS not forced`);
      const all = policies.rows.filter((p) => p.tablename === table && p.cmd === "ALL");
      const scoped = all.some(
        (p) => p.qual?.includes("app.account_id") && p.with_check?.includes("app.account_id"),
      );
      if (!scoped) problems.push(`${table}: no account policy for all commands`);
      const permissiveOthers = policies.rows.filter(
        (p) => p.tablename === table && !p.qual?.includes("app.account_id") && p.cmd !== "INSERT",
      );
      if (permissiveOthers.length) problems.push(`${table}: a policy ignores the account`);
      if (pkeys.rows.find((k) => k.table === table)?.first !== "account_id") {
        problems.push(`${table}: primary key does not lead with account_id`);
      }
      for (const u of uniques.rows.filter((u) => u.table === table)) {
        if (!u.columns.includes("account_id"))
          problems.push(`${table}: unique ${u.index} lacks account_id`);
      }
      // A reference to a global table (users, accounts) cannot carry account_id; one to a tenant table must.
      for (const f of fkeys.rows.filter(
        (f) => f.table === table && tenantTables.includes(f.target),
      )) {
        if (!f.columns.includes("account_id"))
          problems.push(`${table}: foreign key ${f.name} lacks account_id`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("A11 role check: the request role is no superuser, cannot bypass RLS and owns nothing", async () => {
    expect(await findAppRoleProblems(db.database)).toEqual([]);
    const who = await db.database.forAccount(ids.a, (tx) =>
      tx.execute<{ user: string }>(sql`select current_user as user`),
    );
    expect(who.rows[0]?.user).toBe("lyceum_app");
  });

  test("A11 database matrix: account B touches none of account A's rows; no account sees nothing", async () => {
    expect(await findIsolationLeaks(db.database, { victim: ids.a, attacker: ids.b })).toEqual([]);
    expect(await findIsolationLeaks(db.database, { victim: ids.b, attacker: ids.a })).toEqual([]);
  });

  test("A11 accounts registry: readable by all, but only an account changes its own row", async () => {
    const { database } = db;
    const changed = await database.forAccount(ids.b, (tx) =>
      tx.execute(sql`update accounts set slug = 'stolen' where account_id = ${ids.a} returning 1`),
    );
    expect(changed.rows).toHaveLength(0);
    const removed = await database.forAccount(ids.b, (tx) =>
      tx.execute(sql`delete from accounts where account_id = ${ids.a} returning 1`),
    );
    expect(removed.rows).toHaveLength(0);
    const forged = database.forAccount(ids.b, (tx) =>
      tx.execute(sql`insert into accounts (account_id, slug) values (gen_random_uuid(), 'forged')`),
    );
    await expect(forged).rejects.toMatchObject({ cause: { code: "42501" } });
    const plansWrite = database.forAccount(ids.b, (tx) => tx.execute(sql`delete from plans`));
    await expect(plansWrite).rejects.toMatchObject({ cause: { code: "42501" } });
  });
});

describe.each(backends)("mutation check on %s", (backend) => {
  let db: TestDatabase;
  let ids: { a: string; b: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ids = await seedTwoAccounts(db.database);
  });
  afterAll(() => db?.dispose());

  test("A11 the matrix turns red when a policy is weakened or RLS switched off", async () => {
    const { database } = db;
    // Products, not posts: a post's insert also writes its title's words (decision 084),
    // whose own policy (search_words) would still refuse the attacker's row.
    await database.owner.execute(sql`drop policy products_tenant_isolation on products`);
    await database.owner.execute(
      sql`create policy products_open on products for all using (true) with check (true)`,
    );
    const leaks = await findIsolationLeaks(database, { victim: ids.a, attacker: ids.b });
    expect(leaks).toEqual(expect.arrayContaining([expect.stringMatching(/^products: select saw/)]));
    expect(leaks.some((leak) => leak.startsWith("products: insert as attacker inserted"))).toBe(
      true,
    );

    await database.owner.execute(sql`alter table courses disable row level security`);
    const more = await findIsolationLeaks(database, { victim: ids.a, attacker: ids.b });
    expect(more.some((leak) => leak.startsWith("courses: update touched"))).toBe(true);
  });
});

// Roles are cluster-wide on PostgreSQL; changing one would disturb parallel suites, so this check
// runs on PGlite, where each test database is its own cluster.
describe("role check can fail", () => {
  test("A11 a request role that may bypass RLS, is superuser or owns a table is reported; so is a search role one could log in as or become", async () => {
    const db = await createTestDatabase("pglite");
    try {
      const { database } = db;
      await database.owner.execute(sql`alter role lyceum_app bypassrls`);
      await database.owner.execute(sql`create table stray (id int)`);
      await database.owner.execute(sql`alter table stray owner to lyceum_app`);
      const problems = await findAppRoleProblems(database);
      expect(problems).toEqual(
        expect.arrayContaining(["role lyceum_app has BYPASSRLS", "role lyceum_app owns stray"]),
      );
      await database.owner.execute(sql`alter role lyceum_app nobypassrls superuser`);
      expect(await findAppRoleProblems(database)).toContain("role lyceum_app is a superuser");
      await database.owner.execute(sql`alter role lyceum_app nosuperuser`);
      await database.owner.execute(sql`alter role lyceum_search login`);
      await database.owner.execute(sql`grant lyceum_search to lyceum_app`);
      expect(await findAppRoleProblems(database)).toEqual(
        expect.arrayContaining([
          "role lyceum_search can log in",
          "role lyceum_app may act as lyceum_search",
        ]),
      );
    } finally {
      await db.dispose();
    }
  });
});
