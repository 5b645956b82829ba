import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { startFakeTwilio } from "./support/fake-twilio";
import { open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let dataDir: string;

test.beforeAll(async () => {
  twilio = await startFakeTwilio();
  dataDir = tempDataDir("phone");
  server = await startServer({ dataDir, env: twilio.env });
});

test.afterAll(async () => {
  await server?.stop();
  await twilio?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (path: string) => `http://demo.localhost:${server.port}${path}`;
const phone = `+3361${String(Date.now()).slice(-7)}`;
const password = "Juniper-Satellite-Harbor-63";
const newPassword = "Meridian-Pebble-Canyon-29";

async function typeCode(page: Page, code: string) {
  await page.locator(".mantine-PinInput-pinInput input").first().click();
  await page.keyboard.type(code);
}

test("A1 sign up with a phone number and a texted code, then sign in with phone and password", async ({
  page,
}) => {
  await open(page, url("/signup"));
  await page.getByRole("button", { name: "Use a phone number instead" }).click();
  await page.getByLabel("Full name").fill("Katherine Johnson");
  await page.getByLabel("Phone number").fill("0612345678");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter the number in international format")).toBeVisible();

  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Enter the code we sent" })).toBeVisible();
  await typeCode(page, await twilio.code(phone));
  await page.getByRole("button", { name: "Verify and create my account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Katherine Johnson");

  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

  await open(page, url("/login"));
  await page.getByRole("button", { name: "Use a phone number instead" }).click();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Katherine Johnson");
});

test("A2 a person who signs in with a phone recovers the password by text", async ({ page }) => {
  const texts = twilio.count(phone);
  await open(page, url("/login"));
  await page.getByRole("button", { name: "Use a phone number instead" }).click();
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page.getByText(`If an account uses ${phone}`)).toBeVisible();
  await typeCode(page, await twilio.code(phone, { after: texts }));
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  await open(page, url("/login"));
  await page.getByRole("button", { name: "Use a phone number instead" }).click();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
});
