import fs from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

// M8 the platform console in the browser, on a server of this file's own where acme's owner is a
// super-admin, signed in on the base domain, localhost (the console's only host, decision 037):
// they find the demo account, suspend it — a visitor to demo.localhost meets the suspended
// page — and restore it; the audit log lists both; then they open demo's dashboard as its owner.
// Screenshots to look at go to CONSOLE_SHOTS_DIR when it is set. One worker, in file order.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const at = (host: string) => (path: string) => `http://${host}:${server.port}${path}`;
/** The base domain: the console's host. */
const platform = (path: string) => at("localhost")(path);
const demo = (path: string) => at("demo.localhost")(path);
const sessions = createSessions(platform);
const shots = process.env.CONSOLE_SHOTS_DIR;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("console-accounts");
  server = await startServer({ dataDir, env: { SUPER_ADMIN_EMAILS: "owner@acme.test" } });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asSuperAdmin(page: Page, path: string) {
  await sessions.use(page, "owner@acme.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, platform(path));
  expect(response?.status(), path).toBe(200);
}

/** A visitor of their own (no cookies): what demo.localhost answers them. */
async function visitDemo(browser: Browser, look: (visitor: Page, status: number) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    const response = await visitor.goto(demo("/"));
    await look(visitor, response?.status() ?? 0);
  } finally {
    await context.close();
  }
}

/** A dialog or drawer done with its opening transition (axe reads colours mid-fade wrongly). */
async function settled(dialog: Locator) {
  await expect(dialog).toHaveCSS("opacity", "1");
}

test("M8 the super-admin finds demo, suspends it, a visitor meets the suspended page, restores it; the audit log lists both", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await asSuperAdmin(page, "/dashboard/accounts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accounts");
  await expect(page.getByTestId("console-total")).toContainText("Sites:");
  await page.getByRole("searchbox", { name: /Search by address/ }).fill("demo");
  const row = page.locator('[data-testid=account-row][data-slug="demo"]');
  await expect(row).toBeVisible();
  await expect(page.getByTestId("account-row")).toHaveCount(1);
  await expect(row).toContainText("owner@demo.test");
  await expect(row.getByTestId("account-status")).toHaveText("Active");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "accounts");

  await row.getByRole("link", { name: "Demo Academy" }).click();
  const drawer = page.getByRole("dialog", { name: "Demo Academy" });
  await settled(drawer);
  await expect(drawer.getByTestId("account-owners")).toContainText("owner@demo.test");
  await expect(drawer.getByTestId("account-meters")).toBeVisible();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "account-drawer");

  await drawer.getByRole("button", { name: "Suspend the site" }).click();
  const confirm = page.getByRole("dialog", { name: "Suspend the site" });
  await settled(confirm);
  await expect(confirm).toContainText("Suspend Demo Academy?");
  await expectNoSeriousAxeIssues(page);
  await confirm.getByTestId("confirm-suspend").click();
  await expect(drawer.getByTestId("account-status")).toHaveText("Suspended");

  await visitDemo(browser, async (visitor, status) => {
    expect(status).toBe(503);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This site is suspended");
    await expectNoSeriousAxeIssues(visitor);
    if (shots) {
      for (const scheme of ["light", "dark"] as const) {
        await visitor.emulateMedia({ colorScheme: scheme });
        for (const width of [1280, 375]) {
          await visitor.setViewportSize({ width, height: 900 });
          await visitor.screenshot({ path: `${shots}/suspended-${width}-${scheme}.png` });
        }
      }
    }
  });

  await drawer.getByRole("button", { name: "Restore the site" }).click();
  await expect(drawer.getByTestId("account-status")).toHaveText("Active");
  await visitDemo(browser, async (visitor, status) => {
    expect(status).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(visitor.getByText("This site is suspended")).toHaveCount(0);
  });

  await drawer.getByRole("link", { name: "This site's audit log" }).click();
  await expect(page).toHaveURL(platform("/dashboard/accounts/audit?site=demo"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
  const entries = page.getByTestId("audit-row");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Restored the site");
  await expect(entries.nth(1)).toContainText("Suspended the site");
  await expect(entries.nth(0)).toContainText("owner@acme.test");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "audit");
});

test("M8 the owners screen lists demo's owner with their site; the super-admin opens demo's dashboard as its owner", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await asSuperAdmin(page, "/dashboard/accounts/owners?q=demo");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Owners");
  const owner = page.getByTestId("owner-row").filter({ hasText: "owner@demo.test" });
  await expect(owner).toBeVisible();
  await expect(owner.getByRole("link", { name: "Demo Academy" })).toBeVisible();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "owners");

  await owner.getByRole("link", { name: "Demo Academy" }).click();
  const drawer = page.getByRole("dialog", { name: "Demo Academy" });
  await settled(drawer);
  await drawer.getByRole("button", { name: "Open its dashboard as its owner" }).click();
  await page.waitForURL(demo("/dashboard"));
  // demo's owner's own menu, not the console's.
  const sidebar = page.getByTestId("sidebar-menu");
  await expect(sidebar.getByRole("link", { name: "Billing" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Accounts" })).toHaveCount(0);

  await open(page, platform("/dashboard/accounts/audit?site=demo"));
  await expect(page.getByTestId("audit-row").first()).toContainText("Signed in as its owner");
  await expect(page.getByTestId("audit-row").nth(1)).toContainText(
    "Issued a link to its dashboard as its owner",
  );
});

test("I31-9 the platform's marketing pages, for a visitor and for its staff signed in, fetch nothing from the sites and log no error", async ({
  page,
  browser,
}) => {
  const look = async (visitor: Page) => {
    const problems: string[] = [];
    visitor.on("pageerror", (error) => problems.push(String(error)));
    visitor.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    visitor.on("request", (request) => {
      if (new URL(request.url()).hostname !== "localhost")
        problems.push(`fetched ${request.url()}`);
    });
    for (const path of ["/", "/pricing", "/features"]) {
      expect((await open(visitor, platform(path)))?.status(), path).toBe(200);
      await visitor.waitForLoadState("networkidle");
    }
    // And from page to page by the navigation, as a person goes.
    const nav = visitor.getByRole("navigation", { name: "Main navigation" });
    for (const [label, path] of [
      ["Home", "/"],
      ["Pricing", "/pricing"],
    ]) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(visitor).toHaveURL(platform(path!));
      await visitor.waitForLoadState("networkidle");
    }
    return problems;
  };
  const context = await browser.newContext();
  try {
    expect(await look(await context.newPage())).toEqual([]);
  } finally {
    await context.close();
  }
  await sessions.use(page, "owner@acme.test");
  expect(await look(page)).toEqual([]);
});
