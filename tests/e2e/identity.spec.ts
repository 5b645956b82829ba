import fs from "node:fs";
import { hydrated, open } from "./support/page";
import { expectScreen } from "./support/screenshot";
import { expect, test, type Page } from "./support/test";
import sharp from "sharp";
import { get } from "./support/http";
import { startMailCatcher } from "./support/mail-catcher";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { totpCode } from "../support/totp";

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let dataDir: string;

test.beforeAll(async () => {
  mail = await startMailCatcher();
  dataDir = tempDataDir("identity");
  server = await startServer({ dataDir, env: { SMTP_URL: mail.url } });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (slug: string, path: string) => `http://${slug}.localhost:${server.port}${path}`;
// A server of this file's own, new each run: the same address every time, for the screenshots.
const email = "ada.journey@example.test";
const firstPassword = "Amber-Lighthouse-Meadow-31";
const newPassword = "Cobalt-Riverbank-Sparrow-84";
let secret = "";
const usedCodes = new Set<string>();

/**
 * A code the app would show now (or the next one) that was not used yet: codes work once. Never
 * the previous one: typed at a window's edge on a busy machine it is two windows old by the time
 * the server checks it (it accepts one either side). With both used, waits for the next window.
 */
async function freshCode(): Promise<string> {
  for (;;) {
    for (const offset of [0, 30_000]) {
      const code = totpCode(secret, Date.now() + offset);
      if (!usedCodes.has(code)) {
        usedCodes.add(code);
        return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
  }
}

async function signIn(page: Page, slug: string, password: string) {
  await open(page, url(slug, "/login"));
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Types a code into the six PIN boxes the way a person does: focus the first, type on. */
async function typeCode(page: Page, code: string) {
  await page.locator(".mantine-PinInput-pinInput input").first().click();
  await page.keyboard.type(code);
}

async function signOut(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
}

test("A1 A2 A3 sign up, sign out, recover the password, sign in, enrol two-factor, sign in with a code", async ({
  page,
}) => {
  // Sign up: the site answers "check your e-mail" and the link signs the person in.
  await open(page, url("demo", "/signup"));
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("password123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common.")).toBeVisible();
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(firstPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`We sent a message to ${email}`)).toBeVisible();
  await open(page, await mail.link(email));
  await expect(page.getByTestId("user-menu")).toBeVisible();

  await signOut(page);

  // Password recovery through the e-mailed link.
  const sentBefore = mail.count(email);
  await open(page, url("demo", "/login"));
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  const resetLink = await mail.link(email, { after: sentBefore });
  expect(new URL(resetLink).pathname).toBe("/login/reset-password");
  await open(page, resetLink);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  // The old password no longer works; the new one does and lands on the profile.
  await signIn(page, "demo", firstPassword);
  await expect(page.getByText("The e-mail or password is incorrect.")).toBeVisible();
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Ada Lovelace");

  // Enrol an authenticator app. Sign-in loads the profile afresh: a password typed before React
  // hydrates stays in the field but not in the form's state, and "Turn on" stays disabled.
  await hydrated(page);
  await page.getByLabel("Confirm with your password").fill(newPassword);
  await page.getByRole("button", { name: "Turn on" }).click();
  secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await typeCode(page, await freshCode());
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Two-step verification is on.")).toBeVisible();
  await expect(page.getByTestId("backup-codes").locator("code")).toHaveCount(10);
  const twoFactor = page.getByTestId("two-factor-card");
  await twoFactor.evaluate((card) => card.scrollIntoView({ block: "center" }));
  await expectScreen(page, "profile-two-factor", { part: twoFactor });

  await signOut(page);

  // Sign in again: password, then a fresh code from the app.
  await signIn(page, "demo", newPassword);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await typeCode(page, await freshCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByTestId("two-factor-status")).toHaveText("On");
  await expect(page.getByTestId("session-row")).toHaveCount(1);

  // D14 a new photo: checked, resized and shown at once.
  const png = await sharp({
    create: { width: 320, height: 240, channels: 3, background: "#4c6ef5" },
  })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Your new photo is saved.")).toBeVisible();
  await expect(page.locator("main img[alt='Ada Lovelace']")).toHaveAttribute(
    "src",
    /^\/files\/account-[0-9a-f-]+\/avatars\/[^/]+\/avatar\.jpg\?v=\d+$/,
  );
});

test("A6 the same person signs up on acme and has a separate membership there", async ({
  page,
}) => {
  // This browser signed in three times in the last seconds: let the 10 s sign-in window pass.
  await page.waitForTimeout(10_000);
  await open(page, url("acme", "/signup"));
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  // She has two-factor on, so even here the second step is asked for.
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await typeCode(page, await freshCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByText("Student")).toBeVisible();
  const me = await page.evaluate(() => fetch("/api/account/me").then((r) => r.json()));
  expect(me.membership.role).toBe("student");
  await expectScreen(page, "acme-profile");
});

test("A5 a protected page sends a visitor to sign in and back", async ({ page }) => {
  const response = await open(page, url("demo", "/dashboard/profile"));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirectedFrom=%2Fdashboard%2Fprofile$/);
  const api = await get({ port: server.port, host: "demo.localhost", path: "/api/account/me" });
  expect(api.status).toBe(401);
  expect(JSON.parse(api.body)).toEqual({
    error: { code: "not_authenticated", message: "Auth session missing!" },
  });
});
