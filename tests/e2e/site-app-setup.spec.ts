import { execFileSync } from "node:child_process";
import fs from "node:fs";
import sharp from "sharp";
import { startDnsServer, type LocalDnsServer } from "../support/dns-server";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions, demoPassword, signInStatus } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { expect, test, type Browser, type Page } from "./support/test";

// Issue 17 scopes 3–4 in the browser, as the demo's owner on a server of its own (its saves
// change the demo site): the app screen's name and feature switches reach the public site and
// the dashboard, the icon completes a step of the setup checklist, the certificates add-on
// switches the member's certificates off and on, and a custom domain is verified against a
// local DNS server; the owner exports the whole site (issue 37). Serial: each test starts from
// the last one's site.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
let dns: LocalDnsServer;
const demo = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(demo);
const shots = process.env.SITE_APP_SHOTS_DIR;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dns = await startDnsServer();
  dataDir = tempDataDir("site-app");
  server = await startServer({ dataDir, env: { DNS_RESOLVER: dns.address } });
});

test.afterAll(async () => {
  await server?.stop();
  await dns?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asOwner(page: Page, path: string) {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, demo(path));
  expect(response?.status(), path).toBe(200);
}

/** A visitor with a fresh browser and no session. */
async function asVisitor<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test("M7 the owner renames the site and switches Groups off: the public site shows the new name, the groups screen closes", async ({
  page,
  browser,
}) => {
  await asOwner(page, "/dashboard/app");
  await expect(page.getByRole("heading", { level: 1, name: "App" })).toBeVisible();
  const groups = page.getByRole("switch", { name: "Groups" });
  await expect(groups).toBeChecked();
  // Not in the demo's Professional plan? Every feature is; one the demo left off stays off.
  await expect(page.getByRole("switch", { name: "One session at a time" })).not.toBeChecked();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "app");

  await page.getByLabel("Site name").fill("Demo Harbour Academy");
  await groups.click();
  await expect(groups).not.toBeChecked();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-saved")).toContainText("The settings are saved");

  await asVisitor(browser, async (visitor) => {
    await open(visitor, demo("/"));
    await expect(visitor).toHaveTitle(/Demo Harbour Academy/);
  });
  const closed = await page.goto(demo("/dashboard/groups"));
  expect(closed?.status()).toBe(403);

  // On again, as it was.
  await open(page, demo("/dashboard/app"));
  await page.getByRole("switch", { name: "Groups" }).click();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-saved")).toBeVisible();
  expect((await page.goto(demo("/dashboard/groups")))?.status()).toBe(200);
});

test("M7 the setup checklist shows the icon step done once the owner uploads an icon", async ({
  page,
}) => {
  await asOwner(page, "/dashboard/setup");
  const identity = page.getByTestId("launch-step-identity");
  await expect(identity).toHaveAttribute("data-state", "todo");
  const before = await page.getByTestId("launch-progress-count").textContent();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "setup-before");

  await identity.getByRole("link", { name: "Set up" }).click();
  await expect(page).toHaveURL(/\/dashboard\/app#site-identity$/);
  const icon = await sharp({
    create: {
      width: 256,
      height: 256,
      channels: 4,
      background: { r: 12, g: 110, b: 90, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
  await page
    .getByTestId("site-identity")
    .locator('input[type="file"]')
    .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: icon });
  await expect(page.getByTestId("site-icon-preview")).toHaveAttribute("src", /\/icons\/icon-/);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-saved")).toBeVisible();
  await expect(page.getByTestId("web-app-icon")).toHaveAttribute(
    "src",
    /\/app-icons\/192\.png\?v=/,
  );

  await open(page, demo("/dashboard/setup"));
  await expect(page.getByTestId("launch-step-identity")).toHaveAttribute("data-state", "done");
  await expect(page.getByTestId("launch-step-identity-state")).toHaveText("Done");
  expect(await page.getByTestId("launch-progress-count").textContent()).not.toBe(before);
  await expect(page.getByTestId("launch-step-mail")).toHaveAttribute("data-state", "soon");
  await lookAt(page, shots, "setup-after");

  // The installable app: the manifest names the site and its icons are drawn at their size (a
  // fetch from the page: Node does not resolve *.localhost, the browser does).
  const app = await page.evaluate(async () => {
    const manifest = (await (await fetch("/manifest.webmanifest")).json()) as {
      name: string;
      icons: { src: string; sizes: string }[];
    };
    const icons = [];
    for (const icon of manifest.icons) {
      const res = await fetch(icon.src);
      const bitmap = await createImageBitmap(await res.blob());
      icons.push([icon.sizes, res.headers.get("content-type"), bitmap.width, bitmap.height]);
    }
    return { name: manifest.name, icons };
  });
  expect(app).toEqual({
    name: "Demo Harbour Academy",
    icons: [
      ["192x192", "image/png", 192, 192],
      ["512x512", "image/png", 512, 512],
    ],
  });
});

test("M7 the owner switches the certificates add-on off and on: the certificates screen closes and opens with it", async ({
  page,
}) => {
  await asOwner(page, "/dashboard/addons");
  const certificates = page.getByRole("switch", { name: "Certificates add-on" });
  await expect(certificates).toBeChecked();
  await expect(page.getByRole("switch", { name: "AI assistant add-on" })).toBeDisabled();
  await expect(page.getByTestId("addon-ai_assistant")).toContainText("Coming soon");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "addons");

  await certificates.click();
  await expect(page.getByTestId("addon-saved")).toHaveText("Certificates is switched off.");
  await expect(page.getByTestId("addon-certificates")).toHaveAttribute("data-state", "off");
  expect((await page.goto(demo("/dashboard/certificates")))?.status()).toBe(403);

  await open(page, demo("/dashboard/addons"));
  await page.getByRole("switch", { name: "Certificates add-on" }).click();
  await expect(page.getByTestId("addon-saved")).toHaveText("Certificates is switched on.");
  expect((await page.goto(demo("/dashboard/certificates")))?.status()).toBe(200);
});

test("M7 the owner connects a custom domain: the DNS record to add, a refusal while it is missing, then verified", async ({
  page,
}) => {
  await asOwner(page, "/dashboard/app#site-domain");
  const panel = page.getByTestId("site-domain");
  await panel.getByLabel("Your domain").fill("learn.demo-harbour.example");
  await panel.getByRole("button", { name: "Get DNS record" }).click();
  const name = panel.getByTestId("domain-record-name");
  await expect(name).toHaveText("_lyceum-verify.learn.demo-harbour.example");
  const value = (await panel.getByTestId("domain-record-value").textContent())!;
  expect(value).toMatch(/^lyceum-verify=[0-9a-f]{32}$/);

  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(panel.getByRole("alert")).toContainText("The TXT record was not found yet");
  await expectNoSeriousAxeIssues(page);
  await page.getByTestId("site-domain").scrollIntoViewIfNeeded();
  await lookAt(page, shots, "domain-pending");

  dns.setTxt("_lyceum-verify.learn.demo-harbour.example", [value]);
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(panel.getByTestId("verified-domain")).toContainText("learn.demo-harbour.example");
  await expect(panel.getByTestId("verified-domain")).toContainText("Verified");
  await expect(panel.getByTestId("domain-claim")).toHaveCount(0);

  // Removed again: the demo answers at its sub-domain only.
  await panel.getByRole("button", { name: "Remove domain" }).click();
  await expect(panel.getByTestId("verified-domain")).toHaveCount(0);
});

test("I37 the owner exports the whole site from the app screen and downloads the archive; a student may not, and downloads their own data", async ({
  page,
  browser,
}) => {
  await asOwner(page, "/dashboard/app");
  await page.getByTestId("site-data").getByRole("link", { name: "Export your data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Export your data" })).toBeVisible();
  await expect(page.getByText("No exports yet.")).toBeVisible();
  await page.getByRole("button", { name: "Export all data" }).click();
  // The screen reads the list again while the job works, until the archive is ready.
  const row = page.getByTestId("exports").locator("li").first();
  await expect(row).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await expect(row).toContainText("Ready");
  await expect(page.getByRole("button", { name: "Export all data" })).toBeEnabled();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "export");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: /^Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^demo-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const file = await download.path();
  const names = execFileSync("tar", ["tzf", file], { encoding: "utf8" }).split("\n");
  expect(names[0]).toBe("lyceum-account.json");
  expect(names).toContain("tables/courses.ndjson");
  const manifest = JSON.parse(
    execFileSync("tar", ["xzOf", file, "lyceum-account.json"], { encoding: "utf8" }),
  );
  expect(manifest.account.slug).toBe("demo");

  const student = await browser.newContext();
  try {
    const other = await student.newPage();
    await sessions.use(other, "student@demo.test");
    expect((await other.goto(demo("/dashboard/export")))?.status()).toBe(403);
    // What a member may take: what the site holds about them, from their profile.
    await open(other, demo("/dashboard/profile"));
    const [mine] = await Promise.all([
      other.waitForEvent("download"),
      other.getByTestId("my-data").getByRole("link", { name: "Download your data" }).click(),
    ]);
    expect(mine.suggestedFilename()).toMatch(/^demo-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await mine.path(), "utf8"));
    expect(data.person.email).toBe("student@demo.test");
    expect(Object.keys(data.records)).toContain("enrolments");
    expect(JSON.stringify(data)).not.toContain("owner@demo.test");
  } finally {
    await student.close();
  }
});

test("I37 a student deletes their account from the profile: a wrong password is refused in place, then they are signed out for good; staff are told to ask the owner", async ({
  page,
  browser,
}) => {
  const teacher = await browser.newContext();
  try {
    const theirs = await teacher.newPage();
    await sessions.use(theirs, "teacher@demo.test");
    await open(theirs, demo("/dashboard/profile"));
    const card = theirs.getByTestId("delete-account");
    await expect(card).toContainText("the site's owner removes them from the team");
    await expect(card.getByRole("button", { name: "Delete my account…" })).toHaveCount(0);
  } finally {
    await teacher.close();
  }

  await sessions.use(page, "student@demo.test");
  await open(page, demo("/dashboard/profile"));
  const card = page.getByTestId("delete-account");
  await expect(card).toContainText("Kept for the site's records");
  await lookAt(page, shots, "delete-account-card");
  await card.getByRole("button", { name: "Delete my account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password, to confirm").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That does not match: nothing was deleted");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "delete-account-refused");
  await dialog.getByLabel("Your password, to confirm").fill(demoPassword);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(demo("/"));
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
  // Gone: the old session opens nothing, and the password signs in no more.
  expect((await page.goto(demo("/dashboard/profile")))?.url()).toContain("/login");
  expect(await signInStatus(page, "student@demo.test")).toBe(401);
  await asOwner(page, "/dashboard/manage/users");
  await expect(page.getByText("Theo Teacher").first()).toBeVisible();
  await expect(page.getByText("Sam Student")).toHaveCount(0);
  await lookAt(page, shots, "users-after-deletion");
});
