import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { analyzeAxe } from "./support/axe";
import { lookingAt } from "./support/screenshot";
import { drag } from "./support/drag";

// I14 the platform's own docs (decision 029), on a server of its own where acme's owner is a
// super-admin: written at /dashboard/docs in the console (on the base domain, where they sign in:
// decision 037), read at the base domain's /docs. One worker, in file order: the tests share the platform's docs.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let dataDir: string;
const at = (host: string) => (path: string) => `http://${host}:${server.port}${path}`;
const acme = (path: string) => at("acme.localhost")(path);
const demo = (path: string) => at("demo.localhost")(path);
const platform = (path: string) => at("localhost")(path);
const platformSessions = createSessions(platform);
const demoSessions = createSessions(demo);
const acmeSessions = createSessions(acme);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("platform-docs");
  server = await startServer({ dataDir, env: { SUPER_ADMIN_EMAILS: "owner@acme.test" } });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asSuperAdmin(page: Page, path: string) {
  await platformSessions.use(page, "owner@acme.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, platform(path));
  expect(response?.status(), path).toBe(200);
}

async function asVisitor<T>(page: Page, look: (visitor: Page) => Promise<T>): Promise<T> {
  const context = await page.context().browser()!.newContext();
  try {
    return await look(await context.newPage());
  } finally {
    await context.close();
  }
}

const canvas = (page: Page) => page.locator('[data-testid^="dropzone:root"]').first();
const drawerItem = (page: Page, name: string) => page.getByTestId(`drawer-item:${name}`);
const field = (page: Page, name: string) => page.locator(`[name="${name}"]:visible`).first();

test("I14 a super-admin writes a platform doc with the builder and publishes it; a visitor reads it at the platform's /docs/{slug}", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await asSuperAdmin(page, "/dashboard/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Platform docs");
  // The seeded docs, as a tree: the platform's, not acme's.
  const tree = page.getByTestId("docs-tree");
  await expect(tree.getByRole("link", { name: "Getting started with Lyceum" })).toBeVisible();
  await expect(tree.locator('li[data-depth="1"] a')).toHaveText(["Building pages and docs"]);
  await expect(page.getByRole("tab")).toHaveCount(0);

  await page.getByRole("link", { name: "New doc" }).click();
  await expect(page).toHaveURL(platform("/dashboard/docs/new"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New doc");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Moving your courses");
  await expect(drawerItem(page, "Text")).toBeVisible({ timeout: 20_000 });
  await drag(page, drawerItem(page, "Text"), canvas(page));
  await expect(page.locator("[data-puck-component]")).toHaveCount(1);
  await field(page, "text").fill("Export your lessons, then import them on your new site.");
  // Docs only here: no choice between a page and a doc.
  await page.getByRole("tab", { name: "Settings and search" }).click();
  await expect(page.getByText("Type", { exact: true })).toHaveCount(0);
  await page.getByLabel("Summary").fill("Bring your courses over from another platform.");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved.");
  await expect(page).toHaveURL(/\/dashboard\/docs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("link", { name: "View on the site" })).toHaveAttribute(
    "href",
    platform("/docs/moving-your-courses"),
  );

  // In the tree, last; and nowhere in acme's own docs.
  await open(page, platform("/dashboard/docs"));
  await expect(tree.locator("li a").last()).toHaveText("Moving your courses");
  await acmeSessions.use(page, "owner@acme.test");
  await open(page, acme("/dashboard/pages?kind=doc"));
  await expect(page.getByRole("link", { name: "Moving your courses" })).toHaveCount(0);

  await asVisitor(page, async (visitor) => {
    const response = await open(visitor, platform("/docs/moving-your-courses"));
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Moving your courses");
    await expect(
      visitor.getByText("Export your lessons, then import them on your new site."),
    ).toBeVisible();
    // The platform's frame around it, and the platform's docs in its sidebar.
    await expect(visitor.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    const sidebar = visitor.getByTestId("docs-sidebar");
    await expect(sidebar.getByRole("link", { name: "Getting started with Lyceum" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Moving your courses" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await open(visitor, platform("/docs"));
    await expect(visitor.getByTestId("doc-card")).toContainText(["Moving your courses"]);
    // A site's /docs is its own.
    expect((await open(visitor, acme("/docs/moving-your-courses")))?.status()).toBe(404);
  });
});

test("I14 a site's owner is refused the platform's docs", async ({ page }) => {
  await demoSessions.use(page, "owner@demo.test");
  for (const path of ["/dashboard/docs", "/dashboard/docs/new"]) {
    // The console is the base domain's: on a site it does not exist.
    const response = await open(page, demo(path));
    expect(response?.status(), path).toBe(404);
  }
  // Nor does the demo owner's sidebar offer them.
  await open(page, demo("/dashboard"));
  await expect(page.getByTestId("sidebar-menu").getByRole("link", { name: "Docs" })).toHaveCount(0);
});

for (const scheme of ["light", "dark"] as const) {
  test(`I14 the platform docs screens in ${scheme}: no serious accessibility problem`, async ({
    page,
  }) => {
    // Eight screens, each read by axe: beside another worker this outlasts the default minute.
    test.slow();
    await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    const screens = [
      { name: "dashboard-docs", url: () => platform("/dashboard/docs"), signedIn: true },
      { name: "dashboard-docs-new", url: () => platform("/dashboard/docs/new"), signedIn: true },
      { name: "platform-docs", url: () => platform("/docs"), signedIn: false },
      {
        name: "platform-doc",
        url: () => platform("/docs/getting-started"),
        signedIn: false,
      },
    ];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 760 : 900 });
      for (const screen of screens) {
        if (screen.signedIn) await asSuperAdmin(page, new URL(screen.url()).pathname);
        else expect((await open(page, screen.url()))?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
        if (screen.name.endsWith("-new"))
          await expect(page.locator("[data-puck-drawer-item]").first()).toBeAttached();
        await page.evaluate(() => document.fonts.ready);
        const results = await analyzeAxe(page);
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")}`,
          );
        expect(serious, `${screen.name} ${width} ${scheme}`).toEqual([]);
        // Only to look at, never compared (decision 047).
        if (lookingAt)
          await page.screenshot({
            path: test.info().outputPath(`${screen.name}-${width}-${scheme}.png`),
            animations: "disabled",
          });
      }
    }
    expect(problems).toEqual([]);
  });
}
