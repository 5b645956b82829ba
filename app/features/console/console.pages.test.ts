import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { upgradeStatus } from "../../../tests/support/realtime-client";
import { listenWithRealtime } from "../../../tests/support/realtime-server";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Console-Lantern-Fjord-52";
const superAdminEmail = "root@platform.test";

describe.each(logicBackends)("M8 console pages on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let services: Awaited<ReturnType<typeof createTestAppWithPages>>["services"];
  let ip = 0;
  /** The console's host is the base domain (decision 037); `other` is another site's. */
  const site = { host: "", console: "localhost", other: "", slug: "", accountId: "" };
  let ownerEmail = "";

  const nextIp = () => `10.77.${backend === "pglite" ? 1 : 2}.${++ip}`;
  async function signedIn(email: string, host: string, at = nextIp()) {
    const client = createClient(app, { host, ip: at });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }
  const visitor = (host: string) => createClient(app, { host, ip: nextIp() });
  /** A command of the accounts screen; the page answers with its HTML, the entry's address in it. */
  async function act(client: ReturnType<typeof createClient>, json: unknown) {
    const res = await client.request("/dashboard/accounts", { method: "POST", json });
    const text = await res.text();
    const token = /\/api\/console\/enter\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    return { status: res.status, path: token ? `/api/console/enter?token=${token}` : null };
  }
  const auditActions = async (accountId: string) =>
    (
      await db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
        tx.execute<{ action: string }>(
          sql`select action from audit_log where target_account_id = ${accountId} order by created_at`,
        ),
      )
    ).rows.map((row) => row.action);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    ({ app, services } = await createTestAppWithPages(db.database, {
      SUPER_ADMIN_EMAILS: superAdminEmail,
    }));
    const tag = `${backend}${Date.now().toString(36)}`;
    const consoleSite = await createAccount(db.database, { slug: `hq-${tag}` });
    const target = await createAccount(db.database, {
      slug: `shop-${tag}`,
      settings: { plan: "professional", sitetitle: "Corner Shop" },
    });
    site.other = `${consoleSite.slug}.localhost`;
    site.host = `${target.slug}.localhost`;
    site.slug = target.slug;
    site.accountId = target.accountId;
    ownerEmail = `owner-${tag}@shop.test`;
    const owner = await createUserWithPassword(db.database, {
      email: ownerEmail,
      name: "Shop Owner",
      password,
    });
    await createMember(db.database, {
      accountId: target.accountId,
      roleName: "site_owner",
      user: owner,
    });
    const root = await createUserWithPassword(db.database, { email: superAdminEmail, password });
    await createMember(db.database, { accountId: consoleSite.accountId, user: root });
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M8 the accounts screen lists the sites for a super-admin; the site's own owner is refused", async () => {
    const root = await signedIn(superAdminEmail, site.console);
    const list = await root.request(`/dashboard/accounts?q=${site.slug}`);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('data-testid="accounts-table"');
    expect(html).toContain("Corner Shop");
    expect(html).toContain(ownerEmail);
    // The drawer itself opens in the browser; its data comes with the page.
    const drawer = await root.request(`/dashboard/accounts?account=${site.accountId}`);
    const data = await drawer.text();
    expect(data).toContain("planLabel");
    expect(data).toContain("Professional");
    for (const path of ["/dashboard/accounts/owners", "/dashboard/accounts/audit"])
      expect((await root.request(path)).status, path).toBe(200);

    const owner = await signedIn(ownerEmail, site.host);
    for (const path of [
      "/dashboard/accounts",
      "/dashboard/accounts/owners",
      "/dashboard/accounts/audit",
    ])
      // The console is the base domain's: on a site it does not exist.
      expect((await owner.request(path)).status, path).toBe(404);
    // Nor for a super-admin signed in on a site: there they are what their membership makes them.
    const rootOnSite = await signedIn(superAdminEmail, site.other);
    expect((await rootOnSite.request("/dashboard/accounts")).status).toBe(404);
    expect(await (await rootOnSite.request("/api/account/me")).json()).toMatchObject({
      isSuperAdmin: false,
    });
  });

  test("M8 suspend: the site answers the suspended page and tenant.suspended until restored", async () => {
    const root = await signedIn(superAdminEmail, site.console);
    const before = visitor(site.host);
    expect((await before.request("/")).status).toBe(200);

    const suspend = await act(root, { intent: "suspend", accountId: site.accountId });
    expect(suspend.status).toBe(200);

    const page = await visitor(site.host).request("/");
    expect(page.status).toBe(503);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const text = await page.text();
    expect(text).toContain("This site is suspended");
    const login = await visitor(site.host).request("/login");
    expect(login.status).toBe(503);
    const api = await visitor(site.host).request("/api/search?q=shop");
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ error: { code: "tenant.suspended" } });
    expect((await visitor(site.host).request("/api/health")).status).toBe(200);
    // Its realtime socket is refused the same way.
    const realtime = await listenWithRealtime(app, services);
    try {
      const host = `${site.host}:${realtime.port}`;
      expect(await upgradeStatus({ port: realtime.port, host })).toBe(503);
    } finally {
      await realtime.stop();
    }
    // The console, on its own site, goes on working.
    expect((await root.request(`/dashboard/accounts?account=${site.accountId}`)).status).toBe(200);

    expect((await act(root, { intent: "restore", accountId: site.accountId })).status).toBe(200);
    expect((await visitor(site.host).request("/")).status).toBe(200);
    expect(await auditActions(site.accountId)).toEqual(
      expect.arrayContaining(["account.suspend", "account.restore"]),
    );
  });

  test("M8 open as owner: the link signs the super-admin in on the site as its owner, once", async () => {
    const at = nextIp();
    const root = await signedIn(superAdminEmail, site.console, at);
    const { status, path } = await act(root, { intent: "openAsOwner", accountId: site.accountId });
    expect(status).toBe(200);
    expect(path).toBeTruthy();

    // Another browser elsewhere cannot use it.
    const stranger = visitor(site.host);
    const refused = await stranger.request(path!);
    expect(refused.status).toBe(410);
    expect(stranger.sessionCookie()).toBeUndefined();

    const browser = createClient(app, { host: site.host, ip: at });
    const entered = await browser.request(path!);
    expect(entered.status).toBe(302);
    expect(entered.headers.get("location")).toBe("/dashboard");
    expect(entered.headers.get("cache-control")).toBe("no-store");
    expect(browser.sessionCookie()).toBeTruthy();
    // An hour's session of this site, its cookie not remembered past the browser.
    const [session] = (
      await db.database.owner.execute<{ expires_at: Date; tenant_id: string }>(
        sql`select s.expires_at, s.tenant_id from sessions s join users u on u.id = s.user_id
            where u.email = ${ownerEmail} order by s.created_at desc limit 1`,
      )
    ).rows;
    expect(session!.tenant_id).toBe(site.accountId);
    expect(new Date(session!.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(entered.headers.getSetCookie().join("\n")).toMatch(/dont_remember/);
    const dashboard = await browser.request("/dashboard");
    expect(dashboard.status).toBe(200);
    // The owner's menu, not the console's.
    expect(await dashboard.text()).toContain('href="/dashboard/billing"');

    const again = createClient(app, { host: site.host, ip: at });
    expect((await again.request(path!)).status).toBe(410);
    expect(await auditActions(site.accountId)).toEqual(
      expect.arrayContaining(["account.openAsOwner", "account.openAsOwner.redeemed"]),
    );
  });

  test("M8 an entry link is refused on another site's host and for a malformed token", async () => {
    const at = nextIp();
    const root = await signedIn(superAdminEmail, site.console, at);
    const { path } = await act(root, { intent: "openAsOwner", accountId: site.accountId });
    const elsewhere = createClient(app, { host: site.other, ip: at });
    expect((await elsewhere.request(path!)).status).toBe(410);
    for (const token of ["", "short", `${"a".repeat(43)}%00`])
      expect(
        (await visitor(site.host).request(`/api/console/enter?token=${token}`)).status,
        token,
      ).toBe(token.includes("%00") ? 400 : 410);
    // Still good where it belongs.
    const browser = createClient(app, { host: site.host, ip: at });
    expect((await browser.request(path!)).status).toBe(302);
  });
});
