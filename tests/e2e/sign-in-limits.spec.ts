import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { open } from "./support/page";
import { expectScreen } from "./support/screenshot";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

// A server of its own: the wrong passwords below use up 127.0.0.1's sign-in allowance
// (3 in 10 s), which the shared server's other journeys need.
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = tempDataDir("sign-in-limits");
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Submits a password and waits for the server's answer: its status. */
async function tryPassword(page: Page, password: string) {
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  const answer = page.waitForResponse((res) => res.url().endsWith("/api/auth/sign-in/email"));
  await page.getByRole("button", { name: "Sign in" }).click();
  return (await answer).status();
}

test("A11 the sign-in form says how long an account waits after too many wrong passwords", async ({
  page,
}) => {
  await open(page, `http://demo.localhost:${server.port}/login`);
  // A server of this file's own, new each run: the same address every time, for the screenshot.
  await page.getByLabel("E-mail").fill("someone@example.test");
  const wrong = page.getByText("The e-mail or password is incorrect.");
  for (let i = 0; i < 5; i++) {
    // This address may try 3 times in 10 s: wait for its window before the 4th.
    if (i === 3) await page.waitForTimeout(10_500);
    expect(await tryPassword(page, `Wrong-${i}-Password!`)).toBe(401);
    await expect(wrong).toBeVisible();
  }
  expect(await tryPassword(page, "Wrong-5-Password!")).toBe(429);
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(
    /^Too many wrong passwords for this account\. Wait (2\d|30) seconds and try again, or reset your password\.$/,
  );
  // How long is left depends on the test's pace: the alert's text is masked.
  await expectScreen(page, "account-waits", { mask: [alert] });
});
