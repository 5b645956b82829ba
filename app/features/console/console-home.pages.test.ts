import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Console-Lantern-Home-64";

/*
 * Decision 037: /dashboard on the base domain is the console's home — the platform's sites, its
 * support queue and the plans sites are on — while a site's /dashboard stays the site's.
 */
describe.each(logicBackends)("M8 the console's home on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let siteHost = "";
  let goneId = "";
  let ip = 0;

  async function signedIn(email: string, host: string) {
    const client = createClient(app, { host, ip: `10.70.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database, { settings: { plan: "professional" } });
    await createAccount(db.database, { settings: { plan: "professional" } });
    const gone = await createAccount(db.database, { settings: { plan: "starter" } });
    siteHost = `${site.slug}.localhost`;
    for (const [email, roleName] of [
      // SUPER_ADMIN_EMAILS of the test app.
      ["root@platform.test", "student"],
      [`owner-${backend}@lantern.test`, "site_owner"],
    ] as const) {
      const user = await createUserWithPassword(db.database, { email, name: roleName, password });
      await createMember(db.database, { accountId: site.accountId, roleName, user });
    }
    goneId = gone.accountId;
  });
  afterAll(() => db?.dispose());

  const figure = (html: string, testId: string) =>
    new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];

  test("M8 the console's home counts the platform's sites, suspended ones and the plans they are on", async () => {
    const root = await signedIn("root@platform.test", "localhost");
    const suspended = await root.post("/dashboard/accounts", {
      intent: "suspend",
      accountId: goneId,
    });
    expect(suspended.status, await suspended.clone().text()).toBe(200);
    const res = await root.request("/dashboard");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="console-home"');
    expect(html).toContain("The platform at a glance.");
    // Every site of this database (other tests' fixtures make none here), never the platform's.
    expect(figure(html, "console-sites")).toBe("3");
    expect(figure(html, "console-suspended")).toBe("1");
    expect(figure(html, "console-recent")).toBe("3");
    expect(figure(html, "console-unresolved")).toBe("0");
    expect(html).toMatch(/Professional<\/td><td[^>]*>2</);
    expect(html).toMatch(/Starter<\/td><td[^>]*>1</);
    expect(html).toContain('href="/dashboard/accounts"');

    // On a site, /dashboard is the site's own home for its owner.
    const owner = await signedIn(`owner-${backend}@lantern.test`, siteHost);
    const own = await (await owner.request("/dashboard")).text();
    expect(own).toContain("Your site at a glance.");
    expect(own).not.toContain('data-testid="console-home"');
  });
});
