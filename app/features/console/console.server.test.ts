import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTenantResolver,
  PLATFORM_ACCOUNT_ID,
  type Account,
} from "~/features/accounts/accounts.server";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUser } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { auditedChange } from "./audit.server";
import {
  answerConsoleCommand,
  loadAccountsScreen,
  loadAuditScreen,
  loadOwnersScreen,
} from "./console.server";

const place = { baseDomain: "localhost", like: "http://localhost:3000/dashboard/accounts" };
const search = (query: string) => new URLSearchParams(query);

describe.each(logicBackends)("M8 console use cases on %s", (backend) => {
  let db: TestDatabase;
  let host: Account;
  let alpha: Account;
  let beta: Account;
  let superAdmin: Viewer;
  let ownerEmail: string;
  const invalidated: string[] = [];
  const caches = {
    invalidateAccount: async (accountId: string) => {
      invalidated.push(accountId);
    },
  };
  /** Whether `members` can be read across accounts in the platform's context (see the report). */

  const summary = (account: Account): AccountSummary => ({
    accountId: account.accountId,
    slug: account.slug,
    domain: account.domain,
    settings: account.settings,
  });
  const command = (body: unknown, viewer: Viewer | null = superAdmin) =>
    answerConsoleCommand(
      { database: db.database, caches },
      { viewer: viewer!, account: summary(host), body, clientIp: "10.1.2.3", place },
    );
  const screen = (query: string, viewer: Viewer | null = superAdmin) =>
    loadAccountsScreen(db.database, {
      viewer: viewer!,
      account: summary(host),
      search: search(query),
      place,
    });
  const audit = async (targetAccountId: string) =>
    (
      await db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
        tx.execute<{ action: string; actor_email: string; details: Record<string, unknown> }>(
          sql`select action, actor_email, details from audit_log
              where target_account_id = ${targetAccountId} order by created_at, action`,
        ),
      )
    ).rows;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    const tag = `${backend}${Date.now().toString(36)}`;
    host = await createAccount(db.database, { slug: `host-${tag}` });
    alpha = await createAccount(db.database, {
      slug: `alpha-${tag}`,
      domain: `alpha-${tag}.example.com`,
      settings: { sitetitle: "Alpha Academy", plan: "lifetime", features: ["lms"] },
    });
    beta = await createAccount(db.database, { slug: `beta-${tag}`, settings: { plan: "starter" } });
    ownerEmail = `alpha-owner-${tag}@console.test`;
    const owner = await createUser(db.database, { email: ownerEmail, name: "Ada Owner" });
    await createMember(db.database, {
      accountId: alpha.accountId,
      roleName: "site_owner",
      user: owner,
    });
    await createMember(db.database, { accountId: alpha.accountId, roleName: "student" });
    await createMember(db.database, { accountId: alpha.accountId, roleName: "student" });
    // Thirty more sites, for the pages.
    for (let i = 0; i < 30; i++)
      await createAccount(db.database, { slug: `page-${tag}-${String(i).padStart(2, "0")}` });
    const root = await createUser(db.database, { email: `root-${tag}@platform.test` });
    superAdmin = {
      user: { id: root.id, name: root.name, email: root.email, image: null },
      membership: null,
      isSuperAdmin: true,
    };
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M8 only super-admins open the console's screens and send its commands", async () => {
    const member: Viewer = { ...superAdmin, isSuperAdmin: false };
    await expect(screen("", member)).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(screen("", null)).rejects.toMatchObject({ code: "not_authenticated" });
    await expect(
      loadOwnersScreen(db.database, { viewer: member, search: search("") }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(
      loadAuditScreen(db.database, { viewer: member, search: search("") }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(
      command({ intent: "suspend", accountId: beta.accountId }, member),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    expect(await audit(beta.accountId)).toEqual([]);
  });

  test("M8 console lists every site but the platform's, 25 a page by address, with plan, owner and members", async () => {
    const first = await screen("");
    expect(first.accounts.pageSize).toBe(25);
    expect(first.accounts.rows).toHaveLength(25);
    expect(first.accounts.total).toBeGreaterThanOrEqual(33);
    const slugs = first.accounts.rows.map((row) => row.slug);
    expect(slugs).toEqual([...slugs].sort());
    const second = await screen("page=2");
    expect(second.accounts.rows.map((row) => row.slug)).not.toContain(slugs[0]);
    const all = [...first.accounts.rows, ...second.accounts.rows];
    expect(all.some((row) => row.accountId === PLATFORM_ACCOUNT_ID)).toBe(false);
    const row = (await screen(`q=${alpha.slug}`)).accounts.rows[0]!;
    expect(row).toMatchObject({
      slug: alpha.slug,
      title: "Alpha Academy",
      plan: "lifetime",
      ownerEmail,
      members: 3,
      suspendedAt: null,
      siteUrl: `http://${alpha.domain}:3000`,
    });
    const newest = await screen("sort=newest");
    expect(newest.accounts.rows[0]!.createdAt >= newest.accounts.rows[1]!.createdAt).toBe(true);
  });

  test("M8 console search finds a site by slug, domain and title", async () => {
    const found = async (q: string) =>
      (await screen(`q=${encodeURIComponent(q)}`)).accounts.rows.map((row) => row.slug);
    expect(await found(alpha.slug)).toEqual([alpha.slug]);
    expect(await found(`${alpha.slug}.example`)).toEqual([alpha.slug]);
    expect(await found("alpha academy")).toEqual([alpha.slug]);
    expect(await found("100%_nothing")).toEqual([]);
  });

  test("M8 console search finds a site by its owner's e-mail", async () => {
    // `members` and `roles` are readable (only) in the platform's context: decision 034.
    const rows = (await screen(`q=${encodeURIComponent(ownerEmail)}`)).accounts.rows;
    expect(rows.map((row) => row.slug)).toEqual([alpha.slug]);
  });

  test("M8 a site's drawer: owners, plan, features within the plan, meters", async () => {
    const { detail } = await screen(`account=${alpha.accountId}`);
    expect(detail).toMatchObject({
      slug: alpha.slug,
      planLabel: expect.any(String),
      owners: [{ name: "Ada Owner", email: ownerEmail }],
      isHost: false,
    });
    expect(detail!.features).toEqual([
      { name: "lms", included: true, on: true },
      { name: "groups", included: true, on: false },
      { name: "appointments", included: false, on: false },
      { name: "single_session", included: false, on: false },
    ]);
    expect(detail!.meters.map((meter) => meter.meter)).toContain("emails");
    expect((await screen(`account=${PLATFORM_ACCOUNT_ID}`)).detail).toBeNull();
  });

  test("M8 suspend: the site's hosts resolve as suspended, an audit row is written, every instance is told; restore undoes it", async () => {
    const tenants = createTenantResolver({ database: db.database, baseDomain: "localhost" });
    const hostName = `${beta.slug}.localhost`;
    expect((await tenants.resolve(hostName)).kind).toBe("account");

    expect(await command({ intent: "suspend", accountId: beta.accountId })).toEqual({ ok: true });
    expect(invalidated).toContain(beta.accountId);
    tenants.invalidate(beta.accountId);
    expect((await tenants.resolve(hostName)).kind).toBe("suspended");
    expect((await screen(`q=${beta.slug}`)).accounts.rows[0]!.suspendedAt).not.toBeNull();
    expect((await screen("status=suspended")).accounts.rows.map((row) => row.slug)).toEqual([
      beta.slug,
    ]);
    // Suspending again changes nothing and records nothing.
    await command({ intent: "suspend", accountId: beta.accountId });

    expect(await command({ intent: "restore", accountId: beta.accountId })).toEqual({ ok: true });
    tenants.invalidate(beta.accountId);
    expect((await tenants.resolve(hostName)).kind).toBe("account");
    const rows = await audit(beta.accountId);
    expect(rows.map((row) => row.action)).toEqual(["account.suspend", "account.restore"]);
    expect(rows[0]).toMatchObject({ actor_email: superAdmin.user.email });
  });

  test("M8 the console never suspends the site it runs on, nor the platform's own account", async () => {
    await expect(command({ intent: "suspend", accountId: host.accountId })).rejects.toMatchObject({
      code: "console.hostAccount",
    });
    await expect(
      command({ intent: "suspend", accountId: PLATFORM_ACCOUNT_ID }),
    ).rejects.toMatchObject({ code: "tenant.notFound" });
    expect(await audit(host.accountId)).toEqual([]);
  });

  test("M8 features switch within the plan only, with the change in the audit row", async () => {
    const gamma = await createAccount(db.database, {
      settings: { plan: "lifetime", features: ["lms"] },
    });
    await expect(
      command({ intent: "features", accountId: gamma.accountId, features: ["appointments"] }),
    ).rejects.toMatchObject({ code: "request.invalid" });
    await command({ intent: "features", accountId: gamma.accountId, features: ["lms", "groups"] });
    const { detail } = await screen(`account=${gamma.accountId}`);
    expect(detail!.features.filter((f) => f.on).map((f) => f.name)).toEqual(["lms", "groups"]);
    expect(invalidated).toContain(gamma.accountId);
    const rows = await audit(gamma.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ before: ["lms"], after: ["lms", "groups"] });
  });

  test("M8 a malformed command is refused before anything is read", async () => {
    for (const body of [
      null,
      {},
      { intent: "delete", accountId: alpha.accountId },
      { intent: "suspend", accountId: "x" },
    ])
      await expect(command(body)).rejects.toMatchObject({ code: "request.invalid" });
  });

  test("M8 an action and its audit row commit together: a failed action leaves no record", async () => {
    const before = (await audit(alpha.accountId)).length;
    await expect(
      auditedChange(
        db.database,
        {
          actor: { id: superAdmin.user.id, email: superAdmin.user.email },
          action: "account.suspend",
          targetAccountId: alpha.accountId,
        },
        async () => {
          throw new Error("the action failed");
        },
      ),
    ).rejects.toThrow("the action failed");
    expect(await audit(alpha.accountId)).toHaveLength(before);
  });

  test("M8 open as owner issues a one-minute link on the site's own host, recorded", async () => {
    const answer = await command({ intent: "openAsOwner", accountId: alpha.accountId });
    expect(answer.ok && answer.url).toMatch(
      new RegExp(`^http://${alpha.domain}:3000/api/console/enter\\?token=[A-Za-z0-9_-]{43}$`),
    );
    const rows = (await audit(alpha.accountId)).filter(
      (row) => row.action === "account.openAsOwner",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ ownerEmail });
    // Only the hash of the token is stored.
    const token = new URL((answer as { url: string }).url).searchParams.get("token")!;
    const stored = await db.database.owner.execute<{ n: number }>(
      sql`select count(*)::int as n from verifications where identifier like 'console-entry:%' and identifier not like ${`%${token}%`}`,
    );
    expect(stored.rows[0]!.n).toBeGreaterThanOrEqual(1);
    // A site without an owner has no dashboard to open as one.
    await expect(
      command({ intent: "openAsOwner", accountId: beta.accountId }),
    ).rejects.toMatchObject({ code: "console.noOwner" });
  });

  test("M8 owners: each owner with their sites, address verified, joined; searched by site", async () => {
    const { owners } = await loadOwnersScreen(db.database, {
      viewer: superAdmin,
      search: search(`q=${alpha.slug}`),
    });
    expect(owners.rows).toEqual([
      expect.objectContaining({
        name: "Ada Owner",
        email: ownerEmail,
        emailVerified: true,
        sites: [
          {
            accountId: alpha.accountId,
            slug: alpha.slug,
            title: "Alpha Academy",
            suspended: false,
          },
        ],
      }),
    ]);
    expect(owners.rows[0]!.createdAt).not.toBe("");
  });

  test("M8 the audit log: newest first, filtered by site", async () => {
    const delta = await createAccount(db.database);
    await command({ intent: "suspend", accountId: delta.accountId });
    await command({ intent: "restore", accountId: delta.accountId });
    const all = await loadAuditScreen(db.database, { viewer: superAdmin, search: search("") });
    const times = all.entries.rows.map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const one = await loadAuditScreen(db.database, {
      viewer: superAdmin,
      search: search(`site=${delta.slug}`),
    });
    expect(one.site?.accountId).toBe(delta.accountId);
    expect(one.entries.rows.map((row) => row.action)).toEqual([
      "account.restore",
      "account.suspend",
    ]);
    expect(one.entries.rows.every((row) => row.target?.slug === delta.slug)).toBe(true);
    const none = await loadAuditScreen(db.database, {
      viewer: superAdmin,
      search: search("site=no-such-site"),
    });
    expect(none.entries.rows).toEqual([]);
  });
});
