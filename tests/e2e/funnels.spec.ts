import fs from "node:fs";
import { decodeQuotedPrintable, startSmtpSink } from "../support/smtp-sink";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { send } from "./support/http";
import { hydrated, open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test, type Locator, type Page } from "./support/test";

// Issue 34's acceptance journey (decision 063), through the screens: the owner builds a funnel
// opt-in → sales → checkout with an order bump → upsell → thank-you and the automation "form
// submitted → tag → wait 1 minute (test clock) → e-mail → if opened, enrol in the free course";
// a partner joins the affiliate programme. A visitor their link brought, with UTM values, goes
// through the funnel, buys with the bump and takes the upsell; once paid the partner sees the
// commission, which a refund takes back. The funnel's report shows each step's visit with its
// UTM source, and the contact's timeline each automation step.
test.describe.configure({ mode: "serial" });
test.use({ actionTimeout: 15_000 });

let server: RunningServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const shots = process.env.FUNNELS_SHOTS_DIR;
const screen = "/dashboard/manage/marketing/funnels";
const buyerEmail = "teacher@demo.test";
const partnerEmail = "student@demo.test";
let link = "";
let orderNumber = "";
let funnelAddress = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  dataDir = tempDataDir("funnels");
  // The test clock: a wait lasts a twentieth of its length (a minute is 3 s).
  server = await startServer({
    dataDir,
    env: { SMTP_URL: sink.url, AUTOMATION_WAIT_SCALE: "0.05" },
  });
});

test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !server) return;
  const log = testInfo.outputPath("server-and-page.log");
  fs.writeFileSync(
    log,
    [`page at ${page.url()}`, ...server.output().split("\n").slice(-80)].join("\n"),
  );
  await testInfo.attach("server-and-page", { path: log, contentType: "text/plain" });
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asOwner(page: Page, path: string) {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, site(path));
  expect(response?.status(), path).toBe(200);
}

/**
 * Picks `option` in the combobox labelled `label` inside `scope`; again if the list closed under
 * the click (the screen re-reads its data after each save).
 */
async function choose(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  /** Where the choice shows once made (a picker that adds a line shows it in that line). */
  shown = scope.getByRole("combobox", { name: label, exact: true }),
) {
  const box = scope.getByRole("combobox", { name: label, exact: true });
  await expect(async () => {
    if ((await box.getAttribute("aria-expanded")) !== "true") await box.click();
    await page.getByRole("option", { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(shown).toHaveValue(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** The step card of `slug`, its settings opened. */
async function stepSettings(page: Page, slug: string) {
  await page.getByTestId(`step-settings-${slug}`).click();
  return page.getByTestId(`step-form-${slug}`);
}

async function saveStep(page: Page, slug: string) {
  await page.getByTestId(`save-step-${slug}`).click();
  await expect(page.getByTestId(`step-form-${slug}`).getByRole("status")).toHaveText("Saved");
}

test("Issue 34 acceptance 1/4: the owner builds the funnel, the automation and the affiliate programme; a partner joins", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await asOwner(page, screen);
  await hydrated(page);
  // A workbook to offer after the purchase (one payment: it rides on the same transfer).
  const made = await page.evaluate(async () => {
    // Its file, uploaded to the library first.
    const upload = new FormData();
    upload.append("folder", "");
    upload.append(
      "file",
      new Blob(["Week one: layouts.\n"], { type: "text/plain" }),
      "workbook.txt",
    );
    const stored = (await (
      await fetch("/api/media/upload", { method: "POST", body: upload })
    ).json()) as { uploaded: { id: string }[] };
    const response = await fetch("/api/products", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        title: "Masterclass workbook",
        slug: "masterclass-workbook",
        description: "",
        image: null,
        kind: "download",
        status: "published",
        visibility: "hidden",
        prices: [
          {
            currency: "USD",
            amount: 1900,
            saleAmount: null,
            saleStartsAt: null,
            saleEndsAt: null,
            billing: "one_time",
            interval: null,
            trialDays: 0,
            iterations: 0,
          },
        ],
        grants: [{ target: "download", targetId: stored.uploaded[0]!.id }],
      }),
    });
    return response.status === 201 ? 201 : `${response.status} ${await response.text()}`;
  });
  expect(made).toBe(201);
  await open(page, site(screen));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Funnels");
  // The demo's own funnel, with a few weeks of visits.
  await expect(page.getByRole("row", { name: /Design Foundations launch/ })).toContainText("240");
  await lookAt(page, shots, "funnel-list");
  await page.getByRole("button", { name: "New funnel" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Name" }).fill("Web masterclass");
  await page.getByRole("button", { name: "Create funnel" }).click();
  await expect(page).toHaveURL(/\?funnel=[0-9a-f-]{36}$/);
  funnelAddress = "/f/web-masterclass";

  // It starts with an opt-in and a thank-you; sales, checkout and upsell go between them.
  for (const kind of ["Sales page", "Checkout", "Upsell"]) {
    await choose(page, page.locator("body"), "New step", kind);
    await page.getByTestId("add-step").click();
    await expect(
      page.getByTestId(`step-${kind === "Sales page" ? "sales" : kind.toLowerCase()}`),
    ).toBeVisible();
  }
  // Each move waits for the list to show it: a click while the last move is still on its way
  // would replace that request (one fetcher), and a move would be lost.
  for (let n = 0; n < 3; n++) {
    await page.getByRole("button", { name: "Move Thank you down" }).click();
    await expect(
      page.getByTestId("step-thankyou").locator(".mantine-Badge-root").first(),
    ).toHaveText(String(n + 3));
  }
  const optin = await stepSettings(page, "optin");
  await choose(page, optin, "Form", "Newsletter");
  await saveStep(page, "optin");
  const checkout = await stepSettings(page, "checkout");
  await choose(
    page,
    checkout,
    "Add a product",
    "The Web from Scratch",
    checkout.getByRole("combobox", { name: "Product 1", exact: true }),
  );
  await choose(page, checkout, "Order bump", "Design Foundations");
  await checkout
    .getByRole("textbox", { name: "Bump headline" })
    .fill("Yes, add Design Foundations");
  await saveStep(page, "checkout");
  const upsell = await stepSettings(page, "upsell");
  await choose(page, upsell, "Offer", "Masterclass workbook");
  await saveStep(page, "upsell");
  await page.getByTestId("funnel-live").check();
  await expect(page.getByText("Live", { exact: true }).first()).toBeVisible();
  const order = await page.locator('a[href^="/f/web-masterclass/"]').allTextContents();
  expect(order).toEqual([
    "/f/web-masterclass/optin",
    "/f/web-masterclass/sales",
    "/f/web-masterclass/checkout",
    "/f/web-masterclass/upsell",
    "/f/web-masterclass/thankyou",
  ]);
  await lookAt(page, shots, "funnel-steps");
  await expectNoSeriousAxeIssues(page);

  // The automation, as its own screen builds it.
  await open(page, site("/dashboard/manage/marketing/automations"));
  await page.getByRole("link", { name: "New automation" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Masterclass welcome");
  const trigger = page.getByTestId("trigger");
  await choose(page, trigger, "Starts when", "A form is filled in");
  await choose(page, trigger, "Form", "Newsletter");
  const addAutomationStep = async (scope: Locator, kind: string) => {
    await scope.getByTestId("add-step").last().click();
    await page.getByRole("menuitem", { name: kind, exact: true }).click();
  };
  await addAutomationStep(page.locator("body"), "Add a tag");
  await page.getByTestId("step-tag").getByRole("textbox", { name: "Tag" }).fill("masterclass");
  await addAutomationStep(page.locator("body"), "Wait");
  const wait = page.getByTestId("step-wait");
  await wait.getByRole("textbox", { name: "How long" }).fill("1");
  await choose(page, wait, "Unit", "minutes");
  await addAutomationStep(page.locator("body"), "Send an e-mail");
  await page
    .getByTestId("step-email")
    .getByRole("textbox", { name: "Subject" })
    .fill("Your free photography course");
  await addAutomationStep(page.locator("body"), "If / else");
  const branch = page.getByTestId("step-if");
  await choose(page, branch, "Condition", "Opened the e-mail");
  await branch.getByRole("textbox", { name: "Wait up to" }).fill("1");
  await addAutomationStep(branch.getByTestId("branch-yes"), "Enrol in a course");
  await choose(page, page.getByTestId("step-enrol"), "Course", "Photography with Any Camera");
  await page.getByTestId("save-automation").click();
  await expect(page).toHaveURL(/\?automation=[0-9a-f-]{36}$/);
  await page.getByTestId("publish-automation").click();
  await expect(page.getByText("Version 1 is live.")).toBeVisible();

  // The affiliate programme, and a member who joins it.
  await open(page, site("/dashboard/manage/marketing/affiliates"));
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("switch", { name: "Affiliate programme on" }).check();
  await page.getByRole("radio", { name: "Approve automatically" }).check();
  await page.getByRole("button", { name: "Save programme" }).click();
  await expect(page.getByText("Saved.").first()).toBeVisible();
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await sessions.use(partner, partnerEmail);
  await open(partner, site("/dashboard/affiliate"));
  await partner.getByRole("button", { name: "Become an affiliate" }).click();
  const linkBox = partner.getByRole("textbox", { name: "Referral link" });
  await expect(linkBox).toHaveValue(/\/\?ref=[a-z0-9-]+$/);
  const code = new URL(await linkBox.inputValue()).searchParams.get("ref");
  // The partner shares the funnel's address with their code and a campaign's UTM values.
  link = site(`${funnelAddress}?ref=${code}&utm_source=youtube&utm_medium=video`);
  await partnerContext.close();
});

test("Issue 34 acceptance 2/4: the visitor opts in, reads the sales page, buys with the bump and takes the upsell", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page
    .context()
    .addCookies([
      { name: "cookie_consent", value: "required", domain: "demo.localhost", path: "/" },
    ]);
  await sessions.use(page, buyerEmail);
  await page.goto(link);
  // The code leaves the address; the UTM values stay for the funnel's first step.
  await expect(page).toHaveURL(site(`${funnelAddress}/optin?utm_source=youtube&utm_medium=video`));
  const form = page.locator('form[action="/form/newsletter"]');
  await form.getByLabel("E-mail address").fill(buyerEmail);
  await form.getByLabel("First name").fill("Terry");
  await form.getByRole("checkbox").check();
  await lookAt(page, shots, "step-optin");
  await page.waitForTimeout(2_600);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(site(`${funnelAddress}/sales`));
  await page.getByTestId("funnel-next").click();
  await expect(page).toHaveURL(site(`${funnelAddress}/checkout`));
  const offer = page.getByTestId("funnel-offer");
  await expect(offer).toContainText("The Web from Scratch");
  await page.getByTestId("funnel-bump").getByRole("checkbox").check();
  await lookAt(page, shots, "step-checkout");
  await expectNoSeriousAxeIssues(page);
  await page.getByTestId("funnel-buy").click();
  await expect(page).toHaveURL(/\/checkout\?funnel=[0-9a-f-]{36}$/);
  await hydrated(page);
  await expect(page.getByText("Design Foundations").first()).toBeVisible();
  await page.getByRole("radio", { name: /^Bank transfer/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(new RegExp(`${funnelAddress}/upsell\\?order=`));
  await expect(page.getByText("Masterclass workbook")).toBeVisible();
  await lookAt(page, shots, "step-upsell");
  await page.getByTestId("funnel-accept").click();
  await expect(page).toHaveURL(new RegExp(`${funnelAddress}/thankyou\\?order=`));
  const heading = page.getByRole("heading", { name: /^Order #/ });
  await expect(heading).toBeVisible();
  orderNumber = (await heading.textContent())!.replace(/\D/g, "");
  // One transfer pays all three: the course, the bump and the upsell.
  await expect(page.getByTestId("offline-instructions")).toBeVisible();
  await expect(page.getByText("$147.00").first()).toBeVisible();
  await lookAt(page, shots, "step-thankyou");
});

test("Issue 34 acceptance 3/4: paid, the partner sees the commission; the report shows each step with its UTM source; the timeline each automation step", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await asOwner(page, "/dashboard/orders");
  await page.getByRole("button", { name: `Open order #${orderNumber}` }).click();
  const drawer = page.getByRole("dialog", { name: `Order #${orderNumber}` });
  await drawer.getByRole("button", { name: "Confirm payment" }).click();
  await page
    .getByRole("dialog", { name: `Confirm the payment of order #${orderNumber}?` })
    .getByRole("button", { name: "Confirm payment" })
    .click();
  await expect(drawer.getByTestId("order-history")).toContainText("Pending → Paid");

  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await sessions.use(partner, partnerEmail);
  await expect(async () => {
    await open(partner, site("/dashboard/affiliate"));
    await expect(
      partner.getByRole("row", { name: new RegExp(`#${orderNumber}.*Due`) }),
    ).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await partnerContext.close();

  // The report: a visit at each step, from youtube.
  await open(page, site(screen));
  await page.getByRole("link", { name: "Web masterclass" }).click();
  await page.getByRole("tab", { name: "Report" }).click();
  const steps = page.getByTestId("funnel-report-steps");
  for (const [step, visitors] of [
    ["Opt-in", "1"],
    ["Sales page", "1"],
    ["Checkout", "1"],
    ["Upsell", "1"],
    ["Thank you", "1"],
  ] as const)
    await expect(
      steps
        .getByRole("row", { name: new RegExp(`^${step}`) })
        .getByRole("cell")
        .nth(1),
    ).toHaveText(visitors);
  await expect(steps.getByRole("row", { name: /^Checkout/ })).toContainText("$128.00");
  await expect(steps.getByRole("row", { name: /^Upsell/ })).toContainText("$19.00");
  await expect(page.getByRole("row", { name: /^youtube/ })).toContainText("$147.00");
  await lookAt(page, shots, "funnel-report");
  await expectNoSeriousAxeIssues(page);

  // The automation's e-mail a minute (of the test clock) later; opened, the course is theirs.
  await expect
    .poll(() => sink.accepted.filter((one) => one.to === buyerEmail).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const sent = sink.accepted.find(
    (one) => one.to === buyerEmail && /free photography/i.test(one.raw),
  )!;
  const pixel = /(https?:\/\/[^"\s]+\/api\/email\/open\/[^"\s]+)/.exec(
    decodeQuotedPrintable(sent.raw),
  )?.[1];
  expect(pixel).toBeDefined();
  await page.waitForTimeout(5_500);
  const address = new URL(pixel!.replace(/&amp;/g, "&"));
  const opened = await send({
    port: server.port,
    host: address.host,
    path: address.pathname + address.search,
    headers: {
      "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/18.0 Mail/3826",
    },
  });
  expect(opened.status).toBe(200);
  const timelineAt = `/dashboard/manage/marketing/automations?contact=${encodeURIComponent(buyerEmail)}`;
  await expect(async () => {
    await open(page, site(timelineAt));
    await expect(page.getByTestId("timeline")).toContainText("Finished the automation", {
      timeout: 500,
    });
  }).toPass({ intervals: [500, 1000], timeout: 60_000 });
  for (const line of [
    "Trigger",
    "Add a tag",
    "Wait",
    "Send an e-mail",
    "If / else",
    "Enrol in a course",
  ])
    await expect(page.getByTestId("timeline")).toContainText(`Masterclass welcome · ${line}`);
});

test("Issue 34 acceptance 4/4: the owner refunds the order; the partner's commission is reversed", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await asOwner(page, "/dashboard/orders");
  await page.getByRole("button", { name: `Open order #${orderNumber}` }).click();
  const drawer = page.getByRole("dialog", { name: `Order #${orderNumber}` });
  await drawer.getByRole("button", { name: "Refund" }).click();
  await page
    .getByRole("dialog", { name: new RegExp(`Refund order #${orderNumber}`) })
    .getByRole("button", { name: "Refund" })
    .click();
  await expect(drawer.getByTestId("order-history")).toContainText("Refunded");
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await sessions.use(partner, partnerEmail);
  await expect(async () => {
    await open(partner, site("/dashboard/affiliate"));
    await expect(
      partner.getByRole("row", { name: new RegExp(`#${orderNumber}.*Reversed`) }),
    ).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await partnerContext.close();
  // A refunded order brings the funnel nothing.
  await open(page, site(screen));
  await page.getByRole("link", { name: "Web masterclass" }).click();
  await page.getByRole("tab", { name: "Report" }).click();
  await expect(page.getByRole("row", { name: /^youtube/ })).not.toContainText("$147.00");
});
