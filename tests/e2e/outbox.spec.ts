import fs from "node:fs";
import { open } from "./support/page";
import { analyzeAxe } from "./support/axe";
import { expectScreen, lookingAt } from "./support/screenshot";
import { expect, test, type Page } from "./support/test";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const demoPassword = "Lyceum-Demo-2026!";

test.beforeAll(async () => {
  dataDir = tempDataDir("outbox");
  // No SMTP_URL: mail goes to the outbox. The seeded demo owner is made a super-admin.
  server = await startServer({ dataDir, env: { SUPER_ADMIN_EMAILS: "owner@demo.test" } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (path: string) => `http://demo.localhost:${server.port}${path}`;
/** The base domain: the console's host, where the outbox is (decision 037). */
const platform = (path: string) => `http://localhost:${server.port}${path}`;

/** The staff's sign-in on the base domain, on the way to the outbox. */
async function signIn(page: Page, email: string) {
  await open(page, platform("/dashboard/maintenance/outbox"));
  await expect(page).toHaveURL(/\/login\?staff=1&redirectedFrom=/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(demoPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("without SMTP, mail waits in the outbox, which only super-admins read", async ({ page }) => {
  // Someone asks for a reset link for the seeded student.
  await open(page, url("/login"));
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await page.getByLabel("E-mail").fill("student@demo.test");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("If an account exists for student@demo.test")).toBeVisible();

  // Only super-admins may sign in there; anyone else reads what a wrong password reads.
  await signIn(page, "student@demo.test");
  await expect(page.getByText("The e-mail or password is incorrect.")).toBeVisible();
  await page.context().clearCookies();

  await signIn(page, "owner@demo.test");
  await expect(page.getByRole("heading", { name: "Mail outbox" })).toBeVisible();
  const mail = page.getByTestId("outbox-mail").filter({ hasText: "student@demo.test" }).first();
  await expect(mail).toBeVisible();
  await mail.click();
  await expect(mail.getByText(/\/login\/reset-password\?token=/)).toBeVisible();
  // The mail's text carries a one-time token and the server's port.
  await expectScreen(page, "outbox", { mask: [mail.getByTestId("outbox-mail-text")] });
});

test("I37 the outbox's delivery filter on a phone, dark: nothing sideways, no serious accessibility problem", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await signIn(page, "owner@demo.test");
  await page.getByRole("link", { name: "Kept" }).click();
  await expect(page).toHaveURL(/\?status=kept$/);
  await expect(page.getByRole("link", { name: "Kept" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("outbox-status").first()).toHaveText("Kept");
  const serious = (await analyzeAxe(page, "main")).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (lookingAt) await page.screenshot({ path: test.info().outputPath("outbox-375-dark.png") });
});
