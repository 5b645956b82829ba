import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { FAKE_PROVIDER_KEYS } from "../fakes/fake-keys";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe";

// Issue 17's billing (C7) through the screens: the platform's super-admin switches on the
// platform's own Stripe account in the console; acme's owner opens billing, sees the meters and
// upgrades to Professional on Stripe's (fake) page; the plan changes once the payment is
// confirmed. Serial, on a server of its own where acme's owner is also the super-admin.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
let stripe: FakeStripe;
const acme = (p = "/") => `http://acme.localhost:${server.port}${p}`;
const sessions = createSessions(acme);
const shots = process.env.BILLING_SHOTS_DIR;
/** The platform's own Stripe account: its key differs from any site's. */
const platformKey = "sk_test_platformSecretKey000000000000";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stripe = await startFakeStripe();
  dataDir = tempDataDir("billing");
  server = await startServer({
    dataDir,
    env: { SUPER_ADMIN_EMAILS: "owner@acme.test", STRIPE_API_BASE: stripe.url },
  });
  // The platform's Stripe dashboard sends its events to the base domain.
  stripe.setEndpoint(platformKey, `http://localhost:${server.port}/api/payments/webhooks/stripe`);
});

test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asAcmeOwner(page: Page, path: string) {
  await sessions.use(page, "owner@acme.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, acme(path));
  expect(response?.status(), path).toBe(200);
}

test("C7 M8 the super-admin switches the platform's Stripe on in the console's plans screen", async ({
  page,
}) => {
  await asAcmeOwner(page, "/dashboard/billing/products");
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
  test.setTimeout(120_000);
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
  await open(page, acme("/dashboard/billing/orders"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  await expect(page.getByTestId("shop-orders")).toContainText("$99.00");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "billing-console-orders");
});

test("C7 acme's owner moves down to Dedicated at renewal: bought now, charged nothing before that date, Professional kept until then", async ({
  page,
}) => {
  test.setTimeout(120_000);
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
