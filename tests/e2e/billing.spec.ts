import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { FAKE_PROVIDER_KEYS } from "../fakes/fake-keys";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/fake-razorpay";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe";

// Issue 17's billing (C7) through the screens: the platform's super-admin switches on the
// platform's own Stripe account in the console; acme's owner opens billing, sees the meters and
// upgrades to Professional on Stripe's (fake) page; the plan changes once the payment is
// confirmed. Then the super-admin switches on the platform's Razorpay and bank transfer; demo's
// owner pays Dedicated in Razorpay's modal, then asks to move up to Professional by bank
// transfer, whose instructions wait on demo's billing until the super-admin confirms the payment
// in the console's orders. Serial, on a server of its own where acme's owner is also the
// super-admin.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
let stripe: FakeStripe;
let razorpay: FakeRazorpay;
const acme = (p = "/") => `http://acme.localhost:${server.port}${p}`;
const demo = (p = "/") => `http://demo.localhost:${server.port}${p}`;
const sessions = createSessions(acme);
/** The base domain: the console's host, where acme's owner signs in as the super-admin. */
const platform = (p = "/") => `http://localhost:${server.port}${p}`;
const platformSessions = createSessions(platform);
const demoSessions = createSessions(demo);
const shots = process.env.BILLING_SHOTS_DIR;
/** The platform's own Stripe account: its key differs from any site's. */
const platformKey = "sk_test_platformSecretKey000000000000";
/** The platform's own Razorpay account. */
const platformRazorpay = {
  publicKey: "rzp_test_platformKeyId00",
  secretKey: "platformRazorpayKeySecret000",
  webhookSecret: FAKE_PROVIDER_KEYS.razorpay.webhookSecret,
};
const bankDetails = "IBAN DE89 3704 0044 0532 0130 00\nLyceum Platform Ltd, Berlin";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [stripe, razorpay] = await Promise.all([startFakeStripe(), startFakeRazorpay()]);
  dataDir = tempDataDir("billing");
  server = await startServer({
    dataDir,
    env: {
      SUPER_ADMIN_EMAILS: "owner@acme.test",
      STRIPE_API_BASE: stripe.url,
      RAZORPAY_API_BASE: razorpay.url,
      RAZORPAY_CHECKOUT_JS_URL: razorpay.checkoutJsUrl,
    },
  });
  // The platform's Stripe dashboard sends its events to the base domain.
  stripe.setEndpoint(platformKey, `http://localhost:${server.port}/api/payments/webhooks/stripe`);
  // So does its Razorpay dashboard (the fake would answer the paying page's site).
  razorpay.webhooks.setSender(async (url, init) => {
    const { pathname } = new URL(url);
    const answer = await fetch(`http://localhost:${server.port}${pathname}`, init);
    return { status: answer.status };
  });
});

// On a busy machine a click here has now and then led nowhere (no provider page, no modal; the
// order was placed): what the server and the page said goes with the failure, to say why.
const pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors.length = 0;
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(String(error)));
});
test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const said = [
    `page at ${page.url()}`,
    ...pageErrors.map((error) => `page: ${error}`),
    ...server.output().split("\n").slice(-80),
  ].join("\n");
  const log = testInfo.outputPath("server-and-page.log");
  fs.writeFileSync(log, said);
  // Attached, the test summary's tail prints it (scripts/run-tests.ts).
  await testInfo.attach("server-and-page", { path: log, contentType: "text/plain" });
  console.log(said);
});

test.afterAll(async () => {
  await server?.stop();
  await Promise.all([stripe?.close(), razorpay?.close()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asAcmeOwner(page: Page, path: string) {
  await sessions.use(page, "owner@acme.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, acme(path));
  expect(response?.status(), path).toBe(200);
}

/** The console, on the base domain (decision 037): acme's owner is the super-admin there. */
async function asSuperAdmin(page: Page, path: string) {
  await platformSessions.use(page, "owner@acme.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, platform(path));
  expect(response?.status(), path).toBe(200);
}

test("C7 M8 the super-admin switches the platform's Stripe on in the console's plans screen", async ({
  page,
}) => {
  await asSuperAdmin(page, "/dashboard/billing/products");
  const plans = page.getByTestId("platform-plans");
  await expect(plans.locator('[data-plan="professional"]')).toContainText("$99.00 / month");
  const card = page.getByTestId("payment-provider-stripe");
  await card.getByRole("switch", { name: "Accept payments with Stripe" }).check({ force: true });
  await card
    .getByLabel(/^Publishable key/)
    .first()
    .fill(FAKE_PROVIDER_KEYS.stripe.publicKey);
  await card
    .getByLabel(/^Secret key/)
    .first()
    .fill(platformKey);
  await card
    .getByLabel(/^Webhook signing secret/)
    .first()
    .fill(FAKE_PROVIDER_KEYS.stripe.webhookSecret);
  await card.getByRole("button", { name: "Save Stripe" }).click();
  await expect(page.getByText("Stripe settings saved")).toBeVisible();
  // The platform's webhook address is the base domain's, not acme's.
  await expect(card.getByTestId("payment-stripe-webhook-url")).toHaveValue(
    `http://localhost:${server.port}/api/payments/webhooks/stripe`,
  );
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-products");
});

test("C7 acme's owner sees the meters and upgrades to Professional through Stripe's page", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await asAcmeOwner(page, "/dashboard/billing");
  await expect(page.getByTestId("current-plan")).toContainText("Starter");
  await expect(page.getByTestId("usage-meters").locator('[data-meter="emails"]')).toBeVisible();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-before");

  await page.getByTestId("upgrade-professional").click();
  await page.waitForURL(new RegExp(`^${stripe.url}/pay/`));
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/dashboard\/billing\?paid=1/);
  await expect(page.getByTestId("billing-paid")).toBeVisible();
  // The webhook and the fulfilment are the platform's jobs: the plan follows within seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("current-plan")).toContainText("Professional", {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("plan-payment")).toContainText("Monthly");
  await expect(page.getByTestId("billing-invoices")).toContainText("$99.00");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-after");

  // The console sees the plan's order in the platform's shop (acme's owner is the super-admin).
  await asSuperAdmin(page, "/dashboard/billing/orders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  await expect(page.getByTestId("shop-orders")).toContainText("$99.00");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-console-orders");
});

test("C7 acme's owner moves down to Dedicated at renewal: bought now, charged nothing before that date, Professional kept until then", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await asAcmeOwner(page, "/dashboard/billing");
  await expect(page.getByTestId("downgrade-dedicated")).toContainText(
    "It starts when your current period ends",
  );
  await page.getByTestId("schedule-dedicated").click();
  await page.waitForURL(new RegExp(`^${stripe.url}/pay/`));
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/dashboard\/billing\?scheduled=1/);
  await expect(page.getByTestId("billing-scheduled-paid")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("plan-scheduled")).toContainText("Dedicated (Monthly)", {
      timeout: 1000,
    });
    // The fulfilment's job tells Professional's subscription not to renew.
    await expect(page.getByTestId("plan-payment")).toContainText("ends on", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // Until that date the site keeps Professional; one move at a time.
  await expect(page.getByTestId("current-plan")).toContainText("Professional");
  await expect(page.getByTestId("schedule-starter")).toBeDisabled();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-scheduled");
});

async function asDemoOwner(page: Page, path: string) {
  await demoSessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, demo(path));
  expect(response?.status(), path).toBe(200);
}

/** The billing screen's "Pay with" choice. */
async function payWith(page: Page, provider: string) {
  await page.getByRole("combobox", { name: "Pay with" }).click();
  await page.getByRole("option", { name: provider }).click();
}

test("C7 M8 the super-admin switches on the platform's Razorpay and bank transfer, with its bank details", async ({
  page,
}) => {
  await asSuperAdmin(page, "/dashboard/billing/products");
  const card = page.getByTestId("payment-provider-razorpay");
  await card.getByRole("switch", { name: "Accept payments with Razorpay" }).check({ force: true });
  await card
    .getByLabel(/^Key ID/)
    .first()
    .fill(platformRazorpay.publicKey);
  await card
    .getByLabel(/^Key secret/)
    .first()
    .fill(platformRazorpay.secretKey);
  await card
    .getByLabel(/^Webhook secret/)
    .first()
    .fill(platformRazorpay.webhookSecret);
  await card.getByRole("button", { name: "Save Razorpay" }).click();
  await expect(page.getByText("Razorpay settings saved")).toBeVisible();

  const bank = page.getByTestId("payment-provider-offline");
  await bank
    .getByRole("switch", { name: "Accept payments with Bank transfer" })
    .check({ force: true });
  await bank.getByLabel(/^Bank transfer instructions/).fill(bankDetails);
  await bank.getByRole("button", { name: "Save Bank transfer" }).click();
  await expect(page.getByText("Bank transfer settings saved")).toBeVisible();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-products-razorpay-bank");
});

test("C7 demo's owner chooses Dedicated and pays it in Razorpay's modal, having reached billing from the menu", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Reached by a client-side link, the screen reloads itself as a page before the modal opens
  // (only its own document's policy lets Razorpay's script in), then goes on with the choice.
  await asDemoOwner(page, "/dashboard");
  await page.getByRole("link", { name: "Billing", exact: true }).first().click();
  await page.waitForURL(/\/dashboard\/billing$/);
  await expect(page.getByTestId("current-plan")).toContainText("Professional");
  await payWith(page, "Razorpay");
  await page.getByTestId("upgrade-dedicated").click();
  const frame = page.frameLocator("[data-testid=razorpay-frame]");
  // The frame's whole text: a modal that opened on something else says what it shows.
  await expect(frame.locator("body")).toContainText("Pay 49.00 USD", { timeout: 30_000 });
  await expect(frame.getByTestId("total")).toHaveText("49.00 USD");
  await lookAt(page, shots, "billing-razorpay-modal");
  await frame.locator("#pay").click();
  await page.waitForURL(/\/dashboard\/billing\?paid=1/);
  await expect(page.getByTestId("billing-paid")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("current-plan")).toContainText("Dedicated", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("plan-payment")).toContainText("Razorpay");
  await expect(page.getByTestId("billing-invoices")).toContainText("$49.00");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-razorpay-paid");
});

test("C7 demo's owner asks to move up to Professional by bank transfer; the plan changes once the super-admin confirms the payment in the console", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await asDemoOwner(page, "/dashboard/billing");
  // Dedicated's unused time is credited, by the days left: the order asks for the rest.
  const credit = (await page.getByTestId("upgrade-credit").textContent())!.match(
    /\$(\d+)\.(\d\d)/,
  )!;
  const due = 9900 - Number(credit[1]) * 100 - Number(credit[2]);
  const dueText = `$${Math.floor(due / 100)}.${String(due % 100).padStart(2, "0")}`;
  await payWith(page, "Bank transfer");
  await page.getByTestId("upgrade-professional").click();
  // Back on billing: the order awaits the transfer, with the platform's bank details.
  const transfer = page.getByTestId("plan-transfer");
  await expect(transfer).toContainText("Awaiting your bank transfer");
  await expect(transfer.getByTestId("plan-transfer-instructions")).toHaveText(bankDetails);
  await expect(transfer.getByTestId("plan-transfer-order")).toContainText("Professional (Monthly)");
  await expect(transfer.getByTestId("plan-transfer-order")).toContainText(dueText);
  // Nothing changes before the money is confirmed, and nothing else is bought meanwhile.
  await expect(page.getByTestId("current-plan")).toContainText("Dedicated");
  await expect(page.getByTestId("upgrade-professional")).toBeDisabled();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-transfer-awaited");
  const number = (await transfer.getByTestId("plan-transfer-order").textContent())!.match(
    /#(\d+)/,
  )![1]!;

  // The super-admin sees the order in the platform's shop and confirms the payment.
  const consoleContext = await browser.newContext();
  const admin = await consoleContext.newPage();
  await asSuperAdmin(admin, "/dashboard/billing/orders");
  await admin.getByRole("button", { name: `Open order #${number}` }).click();
  const drawer = admin.getByRole("dialog", { name: `Order #${number}` });
  await expect(drawer).toContainText("Bank transfer");
  await lookAt(admin, shots, "billing-console-transfer");
  await drawer.getByRole("button", { name: "Confirm payment" }).click();
  const ask = admin.getByRole("dialog", { name: `Confirm the payment of order #${number}?` });
  await ask.getByRole("button", { name: "Confirm payment" }).click();
  await expect(drawer.getByTestId("order-history")).toContainText("Pending → Paid");
  // Axe reads a closing dialog mid-fade as one without a name: it is gone first.
  await expect(ask).toBeHidden();
  await expect(admin.locator(".mantine-Modal-content")).toHaveCount(0);
  await expectNoSeriousAxeIssues(admin);
  await lookAt(admin, shots, "billing-console-confirmed");
  await consoleContext.close();

  // The fulfilment's job applies the plan to demo.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("current-plan")).toContainText("Professional", {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("plan-transfer")).toHaveCount(0);
  await expect(page.getByTestId("plan-payment")).toContainText("Bank transfer");
  await expect(page.getByTestId("billing-invoices")).toContainText(dueText);
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-transfer-confirmed");
});

// Decision 035: a move down waiting for the period's end is taken back from the billing screen.
test.describe("C7 Keep my current plan", () => {
  test("C7 acme's owner takes back the move down to Dedicated: nothing was charged for it, and Professional renews again", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await asAcmeOwner(page, "/dashboard/billing");
    await expect(page.getByTestId("plan-scheduled")).toContainText("Dedicated (Monthly)");
    await expect(page.getByTestId("plan-payment")).toContainText("ends on");
    // Stripe takes back its cancellation: the screen says the plan renews, not a new checkout.
    await expect(page.getByTestId("plan-scheduled-change")).toContainText(
      "your current plan renews on",
    );
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, shots, "billing-keep-before");

    await page.getByTestId("keep-plan").click();
    // 30 s, not the test's 180: in one CI run in three the screen applied the answer (the plan
    // kept, the page revalidated) without going to ?kept=1, and the wait used up the test's time
    // before the retry (not understood yet; see the issue notes).
    await page.waitForURL(/\/dashboard\/billing\?kept=1/, { timeout: 30_000 });
    await expect(page.getByTestId("billing-kept")).toBeVisible();
    await expect(page.getByTestId("plan-scheduled")).toHaveCount(0);
    await expect(page.getByTestId("current-plan")).toContainText("Professional");
    await expect(page.getByTestId("plan-payment")).toContainText("renews on");
    await expect(page.getByTestId("invoice-undone")).toHaveText(
      "Taken back before it started: nothing is charged.",
    );
    // One move at a time no longer holds anything back.
    await expect(page.getByTestId("schedule-starter")).toBeEnabled();
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, shots, "billing-keep-after");
  });
});
