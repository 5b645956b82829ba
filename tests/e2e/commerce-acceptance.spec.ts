import fs from "node:fs";
import type { BrowserContext } from "@playwright/test";
import { expect, test, type Page } from "./support/test";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { hydrated, open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { FAKE_PROVIDER_KEYS } from "../fakes/fake-keys";
import { startFakePaypal, type FakePaypal } from "../fakes/fake-paypal";
import { startFakeRazorpay, type FakeRazorpay } from "../fakes/fake-razorpay";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe";

// Issue 16's acceptance, the buyer's half, as one story on demo.localhost through the screens:
// the owner switches Stripe and Razorpay on with their keys and makes a 20 % coupon for one use
// per person; a visitor puts a course in the cart, applies the coupon, creates an account at the
// checkout, pays on Stripe's (fake) page, lands on /thankyou with the course unlocked and opens
// it; the same coupon again is refused; a Razorpay payment in rupees and a bank transfer the
// owner confirms unlock theirs; a refund takes the course away. (The owner's products and
// memberships: ecommerce-products.spec.ts.) Serial, on a server of its own with the providers'
// fakes in this process.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
let stripe: FakeStripe;
let razorpay: FakeRazorpay;
let paypal: FakePaypal;
const site = (p = "/") => `http://demo.localhost:${server.port}${p}`;
const sessions = createSessions(site);
/** The base domain: the console's host, where the super-admin reads the outbox (decision 037). */
const platform = (p = "/") => `http://localhost:${server.port}${p}`;
const platformSessions = createSessions(platform);
const shots = process.env.COMMERCE_SHOTS_DIR;
const buyer = {
  name: "Bea Buyer",
  email: `bea-${Date.now().toString(36)}@example.test`,
  password: "Copper-Lantern-Meadow-42",
};
let rupeeOrder = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [stripe, razorpay, paypal] = await Promise.all([
    startFakeStripe(),
    startFakeRazorpay(),
    startFakePaypal(),
  ]);
  dataDir = tempDataDir("commerce-acceptance");
  server = await startServer({
    dataDir,
    env: {
      SEED_DEMO: "true",
      // No SMTP relay here: mail waits in the outbox, which the owner reads as a super-admin.
      SUPER_ADMIN_EMAILS: "owner@demo.test",
      STRIPE_API_BASE: stripe.url,
      RAZORPAY_API_BASE: razorpay.url,
      PAYPAL_API_BASE: paypal.url,
      RAZORPAY_CHECKOUT_JS_URL: razorpay.checkoutJsUrl,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await Promise.all([stripe?.close(), razorpay?.close(), paypal?.close()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asOwner(page: Page) {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
}

let buyerCookies: Awaited<ReturnType<BrowserContext["cookies"]>> | undefined;

/**
 * The buyer signs in through the form once; later steps reuse that session, as a person's
 * browser would (sign-ins are limited to 3 per 10 s per address, and the owner's count too).
 */
async function signInAsBuyer(page: Page) {
  if (buyerCookies) {
    await page.context().addCookies(buyerCookies);
    await open(page, site("/"));
    return;
  }
  await open(page, site("/login"));
  await page.getByLabel("E-mail").fill(buyer.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(buyer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  buyerCookies = await page.context().cookies();
}

/** Adds a course (or, with a path, a product) to the cart from its page and opens the cart. */
async function courseIntoCart(page: Page, slug: string, priceLabel?: RegExp) {
  await open(page, site(slug.startsWith("/") ? slug : `/course/${slug}`));
  if (priceLabel) {
    // The price choice is an island (decision 048): a first click wakes it and is answered once
    // it is live, a moment later, rather than at once.
    const price = page.getByRole("radio", { name: priceLabel });
    await price.click();
    await expect(price).toBeChecked();
  }
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: "View cart" }).click();
  return page.getByRole("dialog", { name: "Your cart" });
}

/**
 * A link of the newest message to `to` whose text matches, read in the console's outbox by the
 * demo owner, the super-admin here, signed in on the base domain.
 */
async function linkInOutbox(page: Page, to: string, link: RegExp): Promise<string> {
  const context = await page.context().browser()!.newContext();
  const owner = await context.newPage();
  await platformSessions.use(owner, "owner@demo.test");
  await open(owner, platform("/dashboard/maintenance/outbox"));
  const mail = owner
    .getByTestId("outbox-mail")
    .filter({ hasText: to })
    .filter({ hasText: link })
    .first();
  await expect(mail).toBeVisible({ timeout: 30_000 });
  const found = link.exec((await mail.textContent()) ?? "")![0];
  await context.close();
  return found.replace(/[.,)]+$/, "");
}

async function applyCoupon(scope: ReturnType<Page["getByRole"]>, code: string) {
  await scope.getByRole("button", { name: "Have a coupon code?" }).click();
  await scope.getByLabel("Coupon code").fill(code);
  await scope.getByRole("button", { name: "Apply" }).click();
}

// The cookie notice answered once per browser, so it never covers the checkout's button.
test.beforeEach(async ({ context }) => {
  await context.addCookies([
    { name: "cookie_consent", value: "required", domain: "demo.localhost", path: "/" },
  ]);
});

test("C5 acceptance 1/5: the owner switches Stripe, PayPal and Razorpay on and makes a 20 % coupon for one use per person", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await asOwner(page);
  await open(page, site("/dashboard/manage/ecommerce?tab=payments"));
  const names = { stripe: "Stripe", razorpay: "Razorpay", paypal: "PayPal" } as const;
  const fieldLabels = {
    stripe: ["Publishable key", "Secret key", "Webhook signing secret"],
    razorpay: ["Key ID", "Key secret", "Webhook secret"],
    paypal: ["Client ID", "Client secret", "Webhook ID"],
  } as const;
  for (const provider of ["stripe", "razorpay", "paypal"] as const) {
    const name = names[provider];
    const card = page.getByTestId(`payment-provider-${provider}`);
    const keys = FAKE_PROVIDER_KEYS[provider];
    await card.getByRole("switch", { name: `Accept payments with ${name}` }).check({ force: true });
    const labels = fieldLabels[provider];
    await card
      .getByLabel(new RegExp(`^${labels[0]!}`))
      .first()
      .fill(keys.publicKey);
    await card
      .getByLabel(new RegExp(`^${labels[1]!}`))
      .first()
      .fill(keys.secretKey);
    await card
      .getByLabel(new RegExp(`^${labels[2]!}`))
      .first()
      .fill(keys.webhookSecret);
    await card.getByRole("button", { name: `Save ${name}` }).click();
    await expect(page.getByText(`${name} settings saved`)).toBeVisible();
  }
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "payments-tab");

  await open(page, site("/dashboard/manage/ecommerce?tab=coupons"));
  const panel = page.getByTestId("coupons-panel");
  await panel.getByRole("button", { name: "New coupon" }).click();
  const editor = page.getByRole("dialog", { name: "New coupon" });
  await editor.getByLabel("Code").fill("ACCEPT20");
  await editor.getByLabel("Percent off").fill("20");
  await editor.getByLabel("Uses per person").fill("1");
  await editor.getByRole("button", { name: "Save coupon" }).click();
  await expect(editor).toBeHidden();
  await expect(panel.getByTestId("coupon-row").filter({ hasText: "ACCEPT20" })).toContainText("20");
});

test("C5 acceptance 2/5: a visitor applies the coupon, signs up at the checkout, pays with Stripe, gets the receipt and opens the course", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const cart = await courseIntoCart(page, "web-from-scratch");
  await applyCoupon(cart, "ACCEPT20");
  await expect(cart.getByTestId("coupon-box")).toHaveAttribute("data-state", "valid");
  await expect(cart.getByTestId("coupon-applied")).toContainText("ACCEPT20");
  await cart.getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(site("/checkout"));
  await expect(page.locator("header nav")).toHaveCount(0);
  await hydrated(page);

  await page.getByRole("textbox", { name: "Full name" }).fill(buyer.name);
  await page.getByLabel("E-mail").fill(buyer.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(buyer.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  // The address is confirmed from the link in the message: it signs the buyer in and leads
  // back to the checkout, where the cart waited in the browser.
  await page.goto(await linkInOutbox(page, buyer.email, /\S+verify-email\S+/));
  await expect(page).toHaveURL(site("/checkout"));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("checkout-signed-in")).toContainText(buyer.email);
  await expect(page.getByTestId("coupon-applied")).toContainText("ACCEPT20");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "checkout");

  await page.getByRole("radio", { name: /^Card/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/`));
  await page.locator("#pay").click();
  await expect(page).toHaveURL(/\/thankyou\?order=/);
  const thanks = page.getByTestId("order-thanks");
  await expect(thanks).toHaveAttribute("data-status", "fulfilled", { timeout: 30_000 });
  await expect(page.getByTestId("order-status")).toHaveText("Complete");
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "thankyou");
  await page
    .getByTestId("order-unlocked")
    .getByRole("link", { name: "The Web from Scratch" })
    .click();
  await expect(page).toHaveURL(/\/course\/web-from-scratch\/learn/, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

  // The receipt, as the site's outbox kept it, links back to the order.
  expect(await linkInOutbox(page, buyer.email, /\S+\/thankyou\?order=\S+/)).toContain(
    "/thankyou?order=",
  );
});

test("C3 acceptance 3/5: the same coupon for the same person is refused with cart.couponLimit", async ({
  page,
}) => {
  await signInAsBuyer(page);
  const cart = await courseIntoCart(page, "design-foundations");
  await applyCoupon(cart, "ACCEPT20");
  await expect(cart.getByTestId("coupon-box")).toHaveAttribute("data-state", "invalid");
  await expect(page.getByTestId("coupon-toast")).toContainText("limit");
});

test("C5 acceptance 3b/5: a member pays with PayPal: approved on PayPal's page, captured on the way back", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await sessions.use(page, "student@demo.test");
  const cart = await courseIntoCart(page, "web-from-scratch");
  await cart.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.waitForURL(site("/checkout"));
  await hydrated(page);
  await page.getByRole("radio", { name: /^PayPal/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(new RegExp(`^${paypal.url}/checkoutnow`));
  await page.locator("#approve").click();
  await expect(page).toHaveURL(/\/thankyou\?order=/);
  await expect(page.getByTestId("order-thanks")).toHaveAttribute("data-status", "fulfilled", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("order-unlocked")).toContainText("The Web from Scratch");
});

test("C5 acceptance 4/5: a Razorpay payment in rupees and a bank transfer the owner confirms unlock their courses", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAsBuyer(page);
  await page.evaluate(() => localStorage.removeItem("cartItems"));
  let cart = await courseIntoCart(page, "/product/design-foundations", /₹/);
  await cart.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.waitForURL(site("/checkout"));
  await hydrated(page);
  await page.getByRole("radio", { name: /^Razorpay/ }).check();
  await page.getByTestId("place-order").click();
  const frame = page.frameLocator("[data-testid=razorpay-frame]");
  await frame.locator("#pay").click();
  await expect(page).toHaveURL(/\/thankyou\?order=/);
  await expect(page.getByTestId("order-thanks")).toHaveAttribute("data-status", "fulfilled", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("order-total")).toContainText("₹");
  await expect(page.getByTestId("order-unlocked")).toContainText("Design Foundations");
  rupeeOrder = new URL(page.url()).searchParams.get("order")!;

  // A bank transfer for the Gold membership: pending with the site's instructions until the
  // owner confirms it.
  cart = await courseIntoCart(page, "/product/gold");
  await cart.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.waitForURL(site("/checkout"));
  await hydrated(page);
  await page.getByRole("radio", { name: /^Bank transfer/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/thankyou\?order=/);
  await expect(page.getByTestId("offline-instructions")).toContainText("IBAN");
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  const number = (await page.getByRole("heading", { name: /^Order #/ }).textContent())!.replace(
    /\D/g,
    "",
  );

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await asOwner(owner);
  await open(owner, site("/dashboard/orders"));
  await owner.getByRole("button", { name: `Open order #${number}` }).click();
  const drawer = owner.getByRole("dialog", { name: `Order #${number}` });
  await drawer.getByRole("button", { name: "Confirm payment" }).click();
  await owner
    .getByRole("dialog", { name: `Confirm the payment of order #${number}?` })
    .getByRole("button", { name: "Confirm payment" })
    .click();
  await expect(drawer.getByTestId("order-history")).toContainText("Pending → Paid");
  await ownerContext.close();

  // The buyer comes back to the order's page later.
  await page.reload();
  await expect(page.getByTestId("order-thanks")).toHaveAttribute("data-status", "fulfilled", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("order-unlocked")).toContainText("Membership: Gold");
});

test("C5 acceptance 5/5: the owner refunds the rupee order and its course is closed again", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await asOwner(owner);
  await open(owner, site("/dashboard/orders"));
  const number = await owner.evaluate(
    async (id) => ((await (await fetch(`/api/orders/${id}`)).json()) as { number: number }).number,
    rupeeOrder,
  );
  await owner.getByRole("button", { name: `Open order #${number}` }).click();
  const drawer = owner.getByRole("dialog", { name: `Order #${number}` });
  await drawer.getByRole("button", { name: "Refund" }).click();
  await owner
    .getByRole("dialog", { name: new RegExp(`Refund order #${number}`) })
    .getByRole("button", { name: "Refund" })
    .click();
  await expect(drawer.getByTestId("order-history")).toContainText("Refunded");
  await ownerContext.close();

  await signInAsBuyer(page);
  await open(page, site("/course/design-foundations"));
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();

  // The buyer's own page of the order says it was refunded, and how much went back.
  await open(page, site(`/thankyou?order=${rupeeOrder}`));
  await expect(page.getByTestId("order-status")).toHaveText("Refunded");
  await expect(page.getByTestId("order-refunded")).toContainText("₹");
  await expect(page.getByTestId("order-partly-refunded")).toHaveCount(0);
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "thankyou-refunded");
});

test("C6 a member pays Gold monthly by card, then changes the card on Stripe's page from their orders", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Not Bea: she holds Gold since 4/5, and a level held is not sold again (decision 041).
  await sessions.use(page, "student@demo.test");
  await open(page, site("/"));
  await page.evaluate(() => localStorage.removeItem("cartItems"));
  const cart = await courseIntoCart(page, "/product/gold");
  // The server's quote names the trial; the site also takes bank transfers, which charge at
  // once, so the cart says that what is due today depends on the way to pay.
  await expect(cart.getByTestId("cart-item-price")).toHaveText(
    "7-day free trial, then $19 / month",
  );
  await expect(cart.getByTestId("cart-trial-note")).toBeVisible();
  await cart.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.waitForURL(site("/checkout"));
  await hydrated(page);
  await page.getByRole("radio", { name: /^Card/ }).check();
  // C5: the summary is what the order will record at the chosen provider (decision 032).
  await expect(page.getByTestId("cart-due-today")).toHaveText(/^Due today\s*\$0$/);
  await expect(page.getByTestId("cart-due-later")).toHaveText(
    /^Due when the free trial ends\s*\$19$/,
  );
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "checkout-trial");
  await page.getByRole("radio", { name: /^Bank transfer/ }).check();
  await expect(page.getByTestId("cart-total")).toHaveText("$19");
  await expect(page.getByTestId("cart-due-today")).toHaveCount(0);
  await expect(page.getByTestId("cart-item-price")).toHaveText("$19 / month");
  await lookAt(page, shots, "checkout-trial-offline");
  await page.getByRole("radio", { name: /^Card/ }).check();
  await expect(page.getByTestId("cart-due-today")).toHaveText(/\$0$/);
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/`));
  await page.locator("#pay").click();
  await expect(page.getByTestId("order-thanks")).toHaveAttribute("data-status", "fulfilled", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("order-due-later")).toHaveText("$19.00");
  await lookAt(page, shots, "thankyou-trial");
  const trialNumber = (await page
    .getByRole("heading", { name: /^Order #/ })
    .textContent())!.replace(/\D/g, "");

  await open(page, site("/dashboard/orders"));
  const row = page.getByTestId("subscription-row").filter({ hasText: /Trial ends/ });
  await expect(row).toHaveCount(1);
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "member-subscriptions");
  await row.getByRole("button", { name: "Change card" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/portal/`));
  await page.locator("#update-card").click();
  await expect(page).toHaveURL(site("/dashboard/orders"));
  await expect(page.getByTestId("subscription-row").filter({ hasText: /Trial ends/ })).toHaveCount(
    1,
  );

  // The manager's drawer of the trial's order: charged nothing, its first charge still due.
  const ownerContext = await page.context().browser()!.newContext();
  const owner = await ownerContext.newPage();
  await asOwner(owner);
  await open(owner, site("/dashboard/orders"));
  await owner.getByRole("button", { name: `Open order #${trialNumber}` }).click();
  const drawer = owner.getByRole("dialog", { name: `Order #${trialNumber}` });
  await expect(drawer).toContainText("Due when the free trial ends");
  await expect(drawer).toHaveCSS("opacity", "1");
  await lookAt(owner, shots, "drawer-trial");
  await ownerContext.close();
});
