import fs from "node:fs";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { hydrated, open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test, type Page } from "./support/test";

// M5 affiliates (issue 34), the acceptance journey's affiliate half, through the screens: the
// owner switches the programme on; a member joins from their dashboard and copies their link; a
// visitor comes through it, buys by bank transfer, and the owner confirms the payment; the
// affiliate sees the commission, which turns to reversed when the owner refunds the order.
test.describe.configure({ mode: "serial" });
test.use({ actionTimeout: 15_000 });

let server: RunningServer;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const shots = process.env.AFFILIATES_SHOTS_DIR;
const partnerEmail = "student@demo.test";
const buyerEmail = "teacher@demo.test";
let link = "";
let orderNumber = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("affiliates");
  server = await startServer({ dataDir, env: {} });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asOwner(page: Page) {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
}

/** The owner opens an order's drawer on the shop's orders screen. */
async function orderDrawer(page: Page) {
  await asOwner(page);
  await open(page, site("/dashboard/orders"));
  await page.getByRole("button", { name: `Open order #${orderNumber}` }).click();
  return page.getByRole("dialog", { name: `Order #${orderNumber}` });
}

test("M5 affiliates 1/3: the owner opens the programme; a member joins and gets their link", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await asOwner(page);
  await open(page, site("/dashboard/manage/marketing/affiliates"));
  await hydrated(page);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("switch", { name: "Affiliate programme on" }).check();
  await page.getByRole("radio", { name: "Approve automatically" }).check();
  await page.getByRole("button", { name: "Save programme" }).click();
  await expect(page.getByText("Saved.").first()).toBeVisible();
  await lookAt(page, shots, "owner-settings");

  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await sessions.use(partner, partnerEmail);
  await open(partner, site("/dashboard/affiliate"));
  await hydrated(partner);
  await partner.getByLabel("Payout details").fill("PayPal: student@demo.test");
  await partner.getByRole("button", { name: "Become an affiliate" }).click();
  const linkBox = partner.getByRole("textbox", { name: "Referral link" });
  await expect(linkBox).toHaveValue(/\/\?ref=[a-z0-9-]+$/);
  link = await linkBox.inputValue();
  // The link's host is the site's; the test server listens on its own port.
  link = site(new URL(link).pathname + new URL(link).search);
  await expect(partner.getByRole("link", { name: "Affiliate" })).toBeVisible();
  await expectNoSeriousAxeIssues(partner);
  await lookAt(partner, shots, "member-joined");
  await partnerContext.close();
});

test("M5 affiliates 2/3: a visitor the link brought buys; once the owner confirms the payment the affiliate sees the commission", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The visitor has answered the cookie notice (it would cover the checkout's button).
  await page
    .context()
    .addCookies([
      { name: "cookie_consent", value: "required", domain: "demo.localhost", path: "/" },
    ]);
  await sessions.use(page, buyerEmail);
  await open(page, link);
  // The code leaves the address and stays in a first-party cookie.
  expect(new URL(page.url()).search).toBe("");
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "lyceum_ref")).toMatchObject({
    httpOnly: true,
    sameSite: "Lax",
  });

  await open(page, site("/product/gold"));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: "View cart" }).click();
  await page
    .getByRole("dialog", { name: "Your cart" })
    .getByRole("link", { name: "Proceed to checkout" })
    .click();
  await page.waitForURL(site("/checkout"));
  await hydrated(page);
  await page.getByRole("radio", { name: /^Bank transfer/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/thankyou\?order=/);
  orderNumber = (await page.getByRole("heading", { name: /^Order #/ }).textContent())!.replace(
    /\D/g,
    "",
  );

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const drawer = await orderDrawer(owner);
  await drawer.getByRole("button", { name: "Confirm payment" }).click();
  await owner
    .getByRole("dialog", { name: `Confirm the payment of order #${orderNumber}?` })
    .getByRole("button", { name: "Confirm payment" })
    .click();
  await expect(drawer.getByTestId("order-history")).toContainText("Pending → Paid");
  await ownerContext.close();

  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await sessions.use(partner, partnerEmail);
  // The commission is written as the payment's event is handed on: within moments.
  await expect(async () => {
    await open(partner, site("/dashboard/affiliate"));
    await expect(
      partner.getByRole("row", { name: new RegExp(`#${orderNumber}.*Due`) }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(partner.getByText("Clicks").locator("..")).toContainText("1");
  await lookAt(partner, shots, "member-commission");
  await partnerContext.close();
});

test("M5 affiliates 3/3: the owner refunds the order; the affiliate's commission is reversed", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const drawer = await orderDrawer(page);
  await drawer.getByRole("button", { name: "Refund" }).click();
  await page
    .getByRole("dialog", { name: new RegExp(`Refund order #${orderNumber}`) })
    .getByRole("button", { name: "Refund" })
    .click();
  await expect(drawer.getByTestId("order-history")).toContainText("Refunded");

  await open(page, site("/dashboard/manage/marketing/affiliates"));
  await hydrated(page);
  await page.getByRole("tab", { name: "Commissions" }).click();
  await expect(async () => {
    await page.reload();
    await page.getByRole("tab", { name: "Commissions" }).click();
    await expect(
      page.getByRole("row", { name: new RegExp(`#${orderNumber}.*Reversed`) }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await lookAt(page, shots, "owner-commissions");

  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await sessions.use(partner, partnerEmail);
  await open(partner, site("/dashboard/affiliate"));
  await expect(
    partner.getByRole("row", { name: new RegExp(`#${orderNumber}.*Reversed`) }),
  ).toBeVisible();
  await partnerContext.close();
});
