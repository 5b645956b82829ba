import fs from "node:fs";
import { open } from "./support/page";
import { expectScreen } from "./support/screenshot";
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
