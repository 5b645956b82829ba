import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test, type Page } from "./support/test";
import { open } from "./support/page";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { expectScreen } from "./support/screenshot";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";

// D6 and D7 in a browser, on a server of its own: acme's owner is a super-admin here (the console
// on the base domain, decision 037), and the demo site has switched lms, groups and appointments
// off, so the shared demo stays as it is.
let server: RunningServer;
let dataDir: string;
const site = (slug: string) => (path: string) => `http://${slug}.localhost:${server.port}${path}`;
const demo = site("demo");
const acme = site("acme");
const demoSessions = createSessions(demo);
const acmeSessions = createSessions(acme);
/** The base domain: the console's host. */
const platform = (path: string) => `http://localhost:${server.port}${path}`;
const platformSessions = createSessions(platform);
const env = { SUPER_ADMIN_EMAILS: "owner@acme.test" };
// In file order, one at a time: D8 changes the demo's member menu that D7 reads.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("dashboard-menus");
  server = await startServer({ dataDir, env });
  // No screen switches features yet: written into the stopped server's database.
  await server.stop();
  const database = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const updated = await database.query(
    `UPDATE accounts SET settings = settings || '{"features": []}'::jsonb WHERE slug = 'demo'`,
  );
  await database.close();
  expect(updated.affectedRows).toBe(1);
  server = await startServer({ dataDir, env });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const sidebarLinks = (page: Page) => page.getByTestId("sidebar-menu").getByRole("link");

test("D6 a super-admin's sidebar is the platform console, in the spec's order", async ({
  page,
}) => {
  await platformSessions.use(page, "owner@acme.test");
  await open(page, platform("/dashboard"));
  await expect(page.getByRole("navigation", { name: "Platform console" })).toBeVisible();
  // Its home is the platform at a glance: the demo's three sites (demo, acme, souk).
  const home = page.getByTestId("console-home");
  await expect(home.getByText("The platform at a glance.")).toBeVisible();
  await expect(home.getByTestId("console-sites")).toHaveText("3");
  await expect(home.getByRole("link", { name: "Open the accounts" })).toBeVisible();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, process.env.CONSOLE_SHOTS_DIR, "console-home");
  await expect(sidebarLinks(page)).toHaveText([
    "Dashboard",
    "Notifications",
    "Accounts",
    "Owners",
    "Pages",
    "Posts",
    "Docs",
    "Tickets",
    "Customers",
    "Subscriptions",
    "Products",
    "Orders",
    "Crons",
  ]);
  await sidebarLinks(page).filter({ hasText: "Crons" }).click();
  await expect(page).toHaveURL(platform("/dashboard/maintenance/crons"));
  // The link opens its screen, not a refusal: the section's check lets a super-admin in.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scheduled jobs");
  // On their own site the same person is acme's owner: the owner's menu, no console there.
  await acmeSessions.use(page, "owner@acme.test");
  await open(page, acme("/dashboard"));
  await expect(page.getByRole("navigation", { name: "Platform console" })).toHaveCount(0);
  await expect(sidebarLinks(page).filter({ hasText: "Billing" })).toBeVisible();
  expect((await open(page, acme("/dashboard/maintenance/crons")))?.status()).toBe(404);
});

test("D7 a student on a site with lms, groups and appointments off sees only the basic member menu", async ({
  page,
}) => {
  await demoSessions.use(page, "student@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, demo("/dashboard"));
  await expect(sidebarLinks(page)).toHaveText([
    "Dashboard",
    "Activity",
    "Meetings",
    "Messages",
    "Orders",
  ]);
  // The screens behind the missing items refuse the student too.
  const courses = await page.goto(demo("/dashboard/courses"));
  expect(courses?.status()).toBe(403);
  await expectScreen(page, "student-features-off");
});

test("D8 the owner hides and reorders member-menu items; a student sees the new menu, and reset brings the default back", async ({
  page,
  browser,
}) => {
  await demoSessions.use(page, "owner@demo.test");
  await open(page, demo("/dashboard/manage/site"));
  const editor = page.getByTestId("member-menu-editor");
  await editor.getByRole("checkbox", { name: "Meetings" }).uncheck();
  await editor.getByRole("button", { name: "Move Activity up" }).click();
  await page.getByRole("button", { name: "Save menu" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  const student = await browser.newPage();
  await demoSessions.use(student, "student@demo.test");
  await student.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(student, demo("/dashboard"));
  await expect(sidebarLinks(student)).toHaveText(["Activity", "Dashboard", "Messages", "Orders"]);

  await page.getByRole("button", { name: "Reset to default" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await open(student, demo("/dashboard"));
  await expect(sidebarLinks(student)).toHaveText([
    "Dashboard",
    "Activity",
    "Meetings",
    "Messages",
    "Orders",
  ]);
  await student.close();
});
