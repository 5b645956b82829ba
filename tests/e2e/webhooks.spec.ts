import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { signWebhook } from "~/platform/webhook-signing.server";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test } from "./support/test";

// Issue 37 outgoing webhooks (decision 085): the owner adds an endpoint on the site settings'
// Webhooks screen, copies its secret (shown once), sends the test event to a receiver on
// 127.0.0.1 that checks its signature with that secret, and sees the delivery listed.
test.describe.configure({ mode: "serial" });
test.use({ actionTimeout: 15_000 });

let server: RunningServer;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const screen = "/dashboard/manage/site/webhooks";
const shots = process.env.WEBHOOKS_SHOTS_DIR;

type Call = { headers: http.IncomingHttpHeaders; body: string };
const calls: Call[] = [];
let receiver: http.Server;
let receiverUrl = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      calls.push({ headers: request.headers, body });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lyceum`;
  dataDir = tempDataDir("webhooks");
  // The receiver is on the loopback address: the operator's switch allows it here.
  server = await startServer({ dataDir, env: { AUTOMATION_PRIVATE_WEBHOOKS: "true" } });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("I37 the owner adds an endpoint, sends the test event to it signed, and sees it delivered", async ({
  page,
}, testInfo) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  expect((await open(page, site(screen)))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText("No endpoints yet.")).toBeVisible();

  const add = page.getByTestId("webhook-add");
  await add.getByLabel("Endpoint URL").fill(receiverUrl);
  await add.getByLabel("Description").fill("Our CRM");
  await add.getByRole("button", { name: "Add endpoint" }).click();
  const secret = (await page.getByTestId("webhook-secret-value").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  const endpoint = page.getByTestId("webhook-endpoint");
  await expect(endpoint).toContainText(receiverUrl);
  await expect(endpoint).toContainText("No deliveries yet.");

  await endpoint.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(1);
  const [call] = calls;
  const id = String(call!.headers["webhook-id"]);
  const timestamp = Number(call!.headers["webhook-timestamp"]);
  expect(call!.headers["webhook-signature"]).toBe(
    signWebhook(secret, { id, timestamp, body: call!.body }),
  );
  expect(JSON.parse(call!.body)).toMatchObject({
    type: "webhook.test",
    data: { description: "Our CRM" },
  });

  // The screen lists the delivery once it is recorded.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("webhook-delivery")).toHaveAttribute("data-status", "delivered", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  const row = page.getByTestId("webhook-delivery");
  await expect(row).toContainText("webhook.test");
  await expect(row).toContainText("Delivered");
  await expect(row).toContainText("200");
  await expectNoSeriousAxeIssues(page, "[data-testid=webhooks-screen]");
  await page.screenshot({ path: testInfo.outputPath("webhooks.png"), fullPage: true });
  await lookAt(page, shots, "webhooks");

  // The secret is never shown again, on the page or in its data.
  expect(await page.content()).not.toContain(secret);
});
