import { readFileSync } from "node:fs";
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

const password = "Dashboard-Kettle-Orbit-31";

/** Every dashboard screen of `app/routes.ts` without a parameter in its address. */
const dashboardScreens = [
  ...readFileSync("app/routes.ts", "utf8").matchAll(/route\("(dashboard[^":]*)", "[^"]+\.tsx"/g),
].map((match) => `/${match[1]}`);

/** The page's <title>, "" when it has none. */
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1]?.trim() ?? "";

/** The sidebar's links, in order, as the server rendered them. */
function sidebarLinks(html: string): string[] {
  const nav = html.match(/data-testid="sidebar-menu"[\s\S]*?<\/nav>/)?.[0] ?? "";
  return [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
}

describe.each(logicBackends)("D1 D5–D10 dashboard menus and screens on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let ip = 0;
  const hosts = { full: "", bare: "" };

  async function signedIn(email: string, host: string) {
    const client = createClient(app, { host, ip: `10.66.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  async function person(accountId: string, email: string, roleName: string) {
    const user = await createUserWithPassword(db.database, { email, name: roleName, password });
    await createMember(db.database, { accountId, roleName, user });
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const full = await createAccount(db.database, {
      slug: `full${backend}`,
      settings: { plan: "professional", features: ["lms", "groups", "appointments"] },
    });
    const bare = await createAccount(db.database, {
      slug: `bare${backend}`,
      settings: { plan: "professional", features: [] },
    });
    hosts.full = `${full.slug}.localhost`;
    hosts.bare = `${bare.slug}.localhost`;
    await person(full.accountId, `owner-${backend}@dash.test`, "site_owner");
    await person(full.accountId, `teacher-${backend}@dash.test`, "instructor");
    await person(full.accountId, `student-${backend}@dash.test`, "student");
    await person(bare.accountId, `bare-student-${backend}@dash.test`, "student");
    // SUPER_ADMIN_EMAILS of the test app.
    await person(full.accountId, "root@platform.test", "student");
  });
  afterAll(() => db?.dispose());

  const sidebar = async (email: string, host = hosts.full) => {
    const res = await (await signedIn(email, host)).request("/dashboard");
    expect(res.status).toBe(200);
    return sidebarLinks(await res.text());
  };

  test("D5 the site owner's sidebar is the owner menu", async () => {
    expect(await sidebar(`owner-${backend}@dash.test`)).toEqual([
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/billing",
      "/dashboard/app",
      "/dashboard/setup",
      "/dashboard/addons",
      "/dashboard/reports",
      "/dashboard/tickets",
      "/dashboard/profile",
    ]);
  });

  test("D6 a super-admin's sidebar is the platform console, on the base domain; on a site, their membership's", async () => {
    const links = await sidebar("root@platform.test", "localhost");
    expect(links[2]).toBe("/dashboard/accounts");
    expect(links.at(-1)).toBe("/dashboard/maintenance/crons");
    expect(links).toHaveLength(13);
    // Signed in on a site, a student of it is what they are there (decision 037).
    expect(await sidebar("root@platform.test")).toEqual(
      await sidebar(`student-${backend}@dash.test`),
    );
  });

  test("D7 an instructor gets the member menu with the instructor item and no orders", async () => {
    const links = await sidebar(`teacher-${backend}@dash.test`);
    expect(links).toContain("/dashboard/instructor");
    expect(links).toContain("/dashboard/orders");
    expect(links).not.toContain("/dashboard/pages");
  });

  test("D7 a student gets the member menu; on a site with lms, groups and appointments off, fewer items", async () => {
    expect(await sidebar(`student-${backend}@dash.test`)).toEqual([
      "/dashboard",
      "/dashboard/activity",
      "/dashboard/meetings",
      "/dashboard/messages",
      "/dashboard/courses",
      "/dashboard/groups",
      "/dashboard/leaderboard",
      "/dashboard/bookings",
      "/dashboard/appointments",
      "/dashboard/orders",
    ]);
    expect(await sidebar(`bare-student-${backend}@dash.test`, hosts.bare)).toEqual([
      "/dashboard",
      "/dashboard/activity",
      "/dashboard/meetings",
      "/dashboard/messages",
      "/dashboard/orders",
    ]);
  });

  test("D10 D1 quick-create and the account menu follow the viewer's capabilities", async () => {
    const html = async (email: string) =>
      (await (await signedIn(email, hosts.full)).request("/dashboard")).text();
    const owner = await html(`owner-${backend}@dash.test`);
    expect(owner).toContain('data-testid="quick-create"');
    expect(owner).toContain('data-testid="account-menu"');
    const teacher = await html(`teacher-${backend}@dash.test`);
    expect(teacher).toContain('data-testid="quick-create"');
    expect(teacher).toContain('data-testid="account-menu"');
    const student = await html(`student-${backend}@dash.test`);
    expect(student).not.toContain('data-testid="quick-create"');
    expect(student).not.toContain('data-testid="account-menu"');
  });

  test("D5–D10 each screen answers behind its own check: let in, 403, 404 or sign-in", async () => {
    const owner = await signedIn(`owner-${backend}@dash.test`, hosts.full);
    const student = await signedIn(`student-${backend}@dash.test`, hosts.full);
    const bare = await signedIn(`bare-student-${backend}@dash.test`, hosts.bare);
    const theme = await owner.request("/dashboard/manage/site/theme");
    expect(theme.status).toBe(200);
    // D16: the theme screen is its editor now, behind the same rule.
    expect(await theme.text()).toContain('data-testid="theme-editor"');
    expect((await owner.request("/dashboard/pages/")).status).toBe(200);
    expect((await student.request("/dashboard/manage/site/theme")).status).toBe(403);
    expect((await student.request("/dashboard/billing")).status).toBe(403);
    expect((await student.request("/dashboard/courses")).status).toBe(200);
    expect((await bare.request("/dashboard/courses")).status).toBe(403);
    // The console is the base domain's: on a site it does not exist.
    expect((await owner.request("/dashboard/accounts")).status).toBe(404);
    expect((await owner.request("/dashboard/no-such-screen")).status).toBe(404);
    const anonymous = await createClient(app, { host: hosts.full }).request("/dashboard/activity");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectedFrom=%2Fdashboard%2Factivity");
  });

  test("D8 the owner's stored member menu filters and orders a student's sidebar", async () => {
    const owner = await signedIn(`owner-${backend}@dash.test`, hosts.full);
    const student = await signedIn(`student-${backend}@dash.test`, hosts.full);
    const refused = await student.request("/api/site/options/dashboard", {
      method: "PUT",
      json: { member_menu: ["orders"] },
    });
    expect(refused.status).toBe(403);
    const invalid = await owner.request("/api/site/options/dashboard", {
      method: "PUT",
      json: { member_menu: "messages" },
    });
    expect(invalid.status).toBe(400);
    const saved = await owner.request("/api/site/options/dashboard", {
      method: "PUT",
      json: { member_menu: ["messages", "dashboard", "pages"] },
    });
    expect(saved.status).toBe(200);
    const links = async () => sidebarLinks(await (await student.request("/dashboard")).text());
    // "pages" needs manage_options: choosing it grants nothing.
    expect(await links()).toEqual(["/dashboard/messages", "/dashboard"]);
    const editor = await (await owner.request("/dashboard/manage/site")).text();
    expect(editor.includes('data-testid="member-menu-editor"')).toBe(true);
    await owner.request("/api/site/options/dashboard", {
      method: "PUT",
      json: { member_menu: null },
    });
    expect(await links()).toHaveLength(10);
  });

  test("D5 the owner's dashboard home shows members, newest sign-ups and plan usage", async () => {
    const res = await (
      await signedIn(`owner-${backend}@dash.test`, hosts.full)
    ).request("/dashboard");
    const html = await res.text();
    expect(html.includes('data-testid="newest-members"')).toBe(true);
    // Owner, instructor, student and the super-admin, against Professional's 100 000.
    expect(html.includes("4 / 100,000")).toBe(true);
  });

  test("I31-9 every dashboard screen a person can open has a <title>", async () => {
    const owner = await signedIn(`owner-${backend}@dash.test`, hosts.full);
    const staff = await signedIn("root@platform.test", "localhost");
    const untitled: string[] = [];
    const opened = new Set<string>();
    for (const [who, client] of [
      ["owner", owner],
      ["staff", staff],
    ] as const)
      for (const path of dashboardScreens) {
        const res = await client.request(path);
        if (res.status !== 200) continue;
        opened.add(path);
        if (!titleOf(await res.text())) untitled.push(`${who} ${path}`);
      }
    expect(untitled).toEqual([]);
    expect(opened).toContain("/dashboard/profile");
    expect(opened).toContain("/dashboard/maintenance/outbox");
    expect(opened.size).toBeGreaterThan(25);
  });
});
