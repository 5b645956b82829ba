import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import sharp from "sharp";
import { open } from "./support/page";
import { expectScreen, lookingAt } from "./support/screenshot";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { analyzeAxe } from "./support/axe";

// D16 the header, logo and menu screen, used as a person would: a server of its own on a fresh
// database seeded with the demo, so the shared demo accounts other specs read never change. The
// tests change one site's header and menus in turn, so they run in order in one worker.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let dataDir: string;

const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const editorPath = "/dashboard/manage/site/header";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("site-settings-header");
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The owner on the editor, hydrated. */
async function openEditor(page: Page) {
  await sessions.use(page, "owner@demo.test");
  const response = await open(page, site(editorPath));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Header, logo and menu");
}

/** A visitor with no session, in a browser of their own: what the public site shows now. */
async function visitor(page: Page, { width = 1280 } = {}) {
  const context = await page
    .context()
    .browser()!
    .newContext({
      viewport: { width, height: width === 375 ? 760 : 800 },
    });
  const fresh = await context.newPage();
  return { page: fresh, close: () => context.close() };
}

const menus = (page: Page) => page.getByRole("region", { name: "Menus" });
const row = (page: Page, label: string) =>
  menus(page)
    .getByTestId("menu-item")
    .filter({ has: page.getByRole("button", { name: `Edit ${label}` }) });

test("D16 the owner adds a megamenu with two columns and an anonymous visitor sees it on the next request", async ({
  page,
}) => {
  // A visitor's copy of the home page is in the page cache.
  const before = await visitor(page);
  await open(before.page, site("/"));
  const cached = await before.page.goto(site("/"));
  expect(cached?.headers()["x-page-cache"]).toBe("hit");
  await before.close();

  await openEditor(page);
  const section = menus(page);
  await section.getByRole("button", { name: "Add item to the header menu" }).click();
  // The new item opens with its label ready for typing.
  await expect(section.getByRole("textbox", { name: "Label" })).toBeFocused();
  await page.keyboard.type("Programs");
  const item = row(page, "Programs");
  await item.getByRole("radio", { name: "Megamenu" }).check();
  await item.getByLabel("Link address (optional)").fill("/course");
  await expect(item.getByTestId("menu-url-kind")).toContainText("This site");
  await item
    .getByLabel("Content of column 1")
    .fill("<strong>Design</strong><p>Colour and type.</p>");
  await item.getByRole("button", { name: "Add column" }).click();
  await item
    .getByLabel("Content of column 2")
    .fill("<strong>Code</strong><p>The web, from zero.</p>");
  // The preview under the editor already has it.
  await expect(section.getByTestId("menu-preview-header").getByText("Programs")).toBeVisible();

  await section.getByRole("button", { name: "Save menus" }).click();
  await expect(page.getByTestId("menu-save-status")).toHaveText(
    "Menus saved. Visitors see them on their next page.",
  );

  const after = await visitor(page);
  const response = await open(after.page, site("/"));
  expect(response?.headers()["x-page-cache"]).toBe("miss");
  const nav = after.page.getByRole("navigation", { name: "Main menu" });
  await nav.getByRole("button", { name: "Programs" }).hover();
  const design = after.page.getByText("Design", { exact: true });
  const code = after.page.getByText("Code", { exact: true });
  await expect(design).toBeVisible();
  await expect(code).toBeVisible();
  // Two columns side by side.
  const [left, right] = [(await design.boundingBox())!, (await code.boundingBox())!];
  expect(right.x).toBeGreaterThan(left.x + 100);
  expect(Math.abs(right.y - left.y)).toBeLessThan(4);
  // The header band with the open megamenu under it.
  await expectScreen(after.page, "megamenu-public", {
    clip: { x: 0, y: 0, width: 1280, height: 360 },
  });
  await after.close();
});

test("D16 the owner reorders an item with the keyboard controls; focus stays on it", async ({
  page,
}) => {
  await openEditor(page);
  const section = menus(page);
  const labels = () =>
    section.getByTestId("menu-tree-header").getByTestId("menu-item-label").allTextContents();
  expect((await labels()).slice(0, 3)).toEqual(["Home", "Courses", "Blog"]);

  const up = section.getByRole("button", { name: "Move Blog up" });
  await up.focus();
  await page.keyboard.press("Enter");
  expect((await labels()).slice(0, 3)).toEqual(["Home", "Blog", "Courses"]);
  await expect(up).toBeFocused();
  // The move is read out: where the item is now.
  await expect(section.getByTestId("menu-announcer")).toHaveText(
    "Blog is now at position 2 of 5, on the top level.",
  );

  // Indent and outdent: under Home, and back out.
  await section
    .getByRole("button", { name: "Make Blog a sub-item of the item above" })
    .press("Enter");
  await expect(section.getByRole("button", { name: "Edit Blog, level 2" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Move Blog out one level" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(section.getByRole("button", { name: "Edit Blog", exact: true })).toBeVisible();
  expect((await labels()).slice(0, 3)).toEqual(["Home", "Blog", "Courses"]);

  await section.getByRole("button", { name: "Save menus" }).click();
  await expect(page.getByTestId("menu-save-status")).toHaveText(/Menus saved/);

  const anonymous = await visitor(page);
  await open(anonymous.page, site("/"));
  const nav = anonymous.page.getByRole("navigation", { name: "Main menu" });
  await expect(nav.getByRole("link").first()).toHaveText("Home");
  await expect(nav.getByRole("link").nth(1)).toHaveText("Blog");
  await anonymous.close();
});

test("D16 an item is dragged by its handle to a new place", async ({ page }) => {
  await openEditor(page);
  const section = menus(page);
  const labels = () =>
    section.getByTestId("menu-tree-header").getByTestId("menu-item-label").allTextContents();
  const [first, second, third] = await labels();
  expect(first).toBe("Home");
  // Home goes below the third item.
  const handle = section.getByRole("button", { name: "Drag Home" });
  const target = row(page, third!);
  await target.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the activation distance, then over the lower half of the target, level unchanged.
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(
      from.x + from.width / 2,
      from.y + from.height / 2 + ((to.y + to.height * 0.75 - from.y - from.height / 2) * step) / 12,
    );
  }
  await page.mouse.up();
  expect((await labels()).slice(0, 3)).toEqual([second, third, "Home"]);
  await expect(page.getByTestId("menu-save-status")).toHaveText("Unsaved changes");
});

test("D16 the owner changes the mobile menu and a visitor at 375 px sees it in the drawer", async ({
  page,
}) => {
  await openEditor(page);
  const section = menus(page);
  await section.getByRole("tab", { name: "Mobile menu" }).click();
  await section.getByRole("button", { name: "Remove Blog" }).click();
  await section.getByRole("button", { name: "Add item to the mobile menu" }).click();
  await page.keyboard.type("Timetable");
  const item = row(page, "Timetable");
  await item.getByLabel("Link address").fill("https://timetable.example.org");
  await expect(item.getByTestId("menu-url-kind")).toContainText("External");
  await expect(section.getByTestId("menu-preview-mobile").getByText("Timetable")).toBeVisible();
  await section.getByRole("button", { name: "Save menus" }).click();
  await expect(page.getByTestId("menu-save-status")).toHaveText(/Menus saved/);

  const phone = await visitor(page, { width: 375 });
  await open(phone.page, site("/"));
  await phone.page.getByRole("button", { name: "Open the menu" }).click();
  const drawer = phone.page.getByRole("navigation", { name: "Mobile menu" });
  await expect(drawer).toBeVisible();
  await phone.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await expect(drawer.getByRole("link", { name: "Timetable" })).toHaveAttribute(
    "href",
    "https://timetable.example.org",
  );
  await expect(drawer.getByRole("link", { name: "Courses" })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Blog" })).toHaveCount(0);
  await expectScreen(phone.page, "mobile-drawer-375");
  await phone.close();
});

test("D16 the owner turns off the cart switch and a visitor no longer sees the cart button", async ({
  page,
}) => {
  const cart = (p: Page) =>
    p.getByRole("banner").getByRole("button", { name: "Cart", exact: true });
  const first = await visitor(page);
  await open(first.page, site("/"));
  await expect(cart(first.page)).toBeVisible();
  await first.close();

  await openEditor(page);
  const header = page.getByRole("region", { name: "Header style" });
  const toggle = header.getByRole("switch", { name: "Cart button" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await header.getByRole("button", { name: "Save header" }).click();
  await expect(page.getByTestId("header-save-status")).toHaveText(
    "Header saved. Visitors see it on their next page.",
  );

  const after = await visitor(page);
  await open(after.page, site("/"));
  await expect(
    after.page.getByRole("banner").getByRole("button", { name: "Search", exact: true }),
  ).toBeVisible();
  await expect(cart(after.page)).toHaveCount(0);
  // The header notice, edited on another screen, is still there.
  await expect(after.page.getByText("Spring enrolment is open")).toBeVisible();
  await after.close();
});

test("D16 the owner uploads a logo and a visitor sees it in the public header", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(page);
  const logo = page.getByRole("region", { name: "Logo" });
  const png = await sharp({
    create: { width: 480, height: 120, channels: 4, background: "#5f3dc4" },
  })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent("filechooser");
  await logo.getByRole("button", { name: "Upload logo" }).click();
  await (await chooser).setFiles({ name: "new-logo.png", mimeType: "image/png", buffer: png });
  const address = logo.getByRole("textbox", { name: "Logo", exact: true });
  await expect(address).toHaveValue(/^\/files\/account-[0-9a-f-]+\/logos\/light-.+\.webp$/);
  const url = await address.inputValue();
  await logo.getByLabel("Logo width").fill("5");
  await expect(logo.getByText("this is 80 px wide on the site")).toBeVisible();
  await expect(logo.getByRole("img", { name: "Logo of Demo Academy" }).first()).toHaveAttribute(
    "src",
    url,
  );
  await logo.getByRole("button", { name: "Save logo" }).click();
  await expect(page.getByTestId("logo-save-status")).toHaveText(
    "Logo saved. Visitors see it on their next page.",
  );

  const anonymous = await visitor(page);
  await open(anonymous.page, site("/"));
  const shown = anonymous.page
    .getByRole("banner")
    .getByRole("link", { name: "Demo Academy" })
    .locator("img")
    .filter({ visible: true });
  await expect(shown).toHaveAttribute("src", url);
  expect((await shown.boundingBox())!.width).toBe(80);
  await anonymous.close();
});

test("D16 mistakes are marked beside their fields and nothing is saved", async ({ page }) => {
  await openEditor(page);
  const header = page.getByRole("region", { name: "Header style" });
  await header.getByLabel("Menu font size").fill("30");
  await header.getByRole("button", { name: "Save header" }).click();
  await expect(header.getByText("Enter a whole number from 10 to 24.")).toBeVisible();
  await expect(header.getByLabel("Menu font size")).toHaveAttribute("aria-invalid", "true");

  const logo = page.getByRole("region", { name: "Logo" });
  await logo.getByRole("textbox", { name: "Dark logo" }).fill("javascript:alert(1)");
  await logo.getByRole("button", { name: "Save logo" }).click();
  await expect(
    logo.getByText("Enter an address that starts with https:// or with /"),
  ).toBeVisible();

  const section = menus(page);
  await section.getByRole("button", { name: "Add item to the header menu" }).click();
  await section.getByRole("button", { name: "Save menus" }).click();
  const untitled = row(page, "Untitled item");
  await expect(untitled.getByText("Enter a label.")).toBeVisible();
  await expect(untitled.getByText("Enter the address this item links to.")).toBeVisible();
  await expect(section.getByRole("alert")).toContainText("Items to fix: 1");
  await expect(page.getByTestId("menu-save-status")).toHaveText("Check the marked items.");
  // The marked header field at the top, then the marked menu item; the logo's address names
  // the upload of an earlier test (a new account id each run), so it is masked.
  const mask = [logo.getByRole("textbox", { name: "Logo", exact: true })];
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expectScreen(page, "field-errors-header", { mask });
  await untitled.evaluate((item) => item.scrollIntoView({ block: "center", behavior: "instant" }));
  await expectScreen(page, "field-errors-menu", { mask });
});

test("D16 a student gets 403 on the editor, inside the dashboard", async ({ page }) => {
  await sessions.use(page, "student@demo.test");
  const response = await page.goto(site(editorPath));
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  await expect(page.getByRole("region", { name: "Menus" })).toHaveCount(0);
});

async function seriousViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const results = await analyzeAxe(page);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} :: ${n.failureSummary}`),
    }));
}

for (const scheme of ["light", "dark"] as const) {
  test(`D16 the editor in ${scheme}: screenshots at 1280 and 375 px, no serious accessibility problem`, async ({
    page,
  }) => {
    await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
    // Server and browser draw the same editor: no hydration warning, no script error.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 760 : 900 });
      await openEditor(page);
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
      // A megamenu item open, as an owner editing it sees it.
      await menus(page).getByRole("button", { name: "Edit Courses" }).click();
      await expect(row(page, "Courses").getByTestId("megamenu-fields")).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      expect(await seriousViolations(page), `${scheme} ${width}`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      const shot = `editor-${width}-${scheme}`;
      if ((width === 1280) === (scheme === "light")) {
        // The open megamenu item in the window, as the owner editing it sees it.
        await row(page, "Courses").getByTestId("megamenu-fields").scrollIntoViewIfNeeded();
        await expectScreen(page, shot);
      }
      // Not compared: 1280 light and 375 dark are compared; these two keep baselines small.
      else if (lookingAt)
        await page.screenshot({ path: test.info().outputPath(`${shot}.png`), fullPage: true });
    }
    expect(problems).toEqual([]);
  });
}
