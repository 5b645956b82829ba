import fs from "node:fs";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { send } from "./support/http";
import { open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test } from "./support/test";

// Issue 37 (decision 086) in the browser, as the demo's owner on a server of this file's own:
// a key made on the screen, copied with its button, used by a program (a plain HTTP client outside the browser: its
// resolver does not know demo.localhost) and
// revoked, after which the same call is refused.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const demo = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(demo);
const shots = process.env.API_KEYS_SHOTS_DIR;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("api-keys");
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("I37 the owner makes a key, copies it, a program reads products with it, the owner revokes it and the program is refused", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: demo() });
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  expect((await open(page, demo("/dashboard/manage/site")))?.status()).toBe(200);
  await page.getByRole("link", { name: /API keys/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage\/site\/api-keys$/);
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /OpenAPI 3\.1/ })).toHaveAttribute(
    "href",
    "/api/openapi.json",
  );

  await page.getByLabel("Name").fill("Stock sync");
  await page.getByRole("checkbox", { name: /Read products/ }).check();
  await page.getByRole("checkbox", { name: /Read orders/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toHaveText(/^lyk_[A-Za-z0-9_-]{32}$/);
  const secret = (await shown.textContent())!;
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const row = page.getByTestId("api-keys").getByRole("row", { name: /Stock sync/ });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText("products:read");
  await expect(row).toContainText("orders:read");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "api-keys");

  // A program's call: no cookie, the key alone.
  const program = (path: string) =>
    send({
      port: server.port,
      host: `demo.localhost:${server.port}`,
      path,
      headers: { authorization: `Bearer ${secret}` },
    });
  const products = await program("/api/products");
  expect(products.status).toBe(200);
  expect(JSON.parse(products.body)).toHaveProperty("rows");
  expect((await program("/api/coupons")).status).toBe(403);

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Revoke Stock sync" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row).toContainText(/\d/);
  const refused = await program("/api/products");
  expect(refused.status).toBe(401);
  expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "apiKey.invalid" } });
  // Shown once: reloading the screen does not show the secret again.
  await page.reload();
  await expect(page.getByTestId("new-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
});
