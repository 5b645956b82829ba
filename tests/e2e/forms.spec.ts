import fs from "node:fs";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { startMailCatcher } from "./support/mail-catcher";
import { open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test, type Page } from "./support/test";
import { drag } from "./support/drag";

// M5 forms and popups in the browser: the owner builds a form with a consent box, places it on a
// page with the page builder; a visitor subscribes there and confirms by mail (a real SMTP peer);
// the form in an exit-intent popup converts another visitor; the owner reads answers and counts. A server of this file's own, so its mail goes to the catcher.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const screen = "/dashboard/manage/marketing/forms";
const shots = process.env.FORMS_SHOTS_DIR;
const visitorEmail = "lena.reader@example.test";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mail = await startMailCatcher();
  dataDir = tempDataDir("forms");
  server = await startServer({ dataDir, env: { SMTP_URL: mail.url } });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asOwner(page: Page, path: string) {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, site(path));
  expect(response?.status(), path).toBe(200);
}

test("M5 the owner builds a form with a consent box and double opt-in; mistakes show beside their fields", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await asOwner(page, screen);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forms");
  await page.getByRole("link", { name: "New form" }).click();
  await expect(page).toHaveURL(/\?form=new$/);

  await page.getByRole("textbox", { name: "Name", exact: true }).first().fill("Weekly letter");
  await expect(page.getByRole("textbox", { name: "Address", exact: true })).toHaveValue(
    "weekly-letter",
  );
  await page.getByRole("textbox", { name: "Button text", exact: true }).fill("Subscribe");
  await page
    .getByRole("textbox", { name: "Thank-you message" })
    .fill("Thanks! One more step: check your inbox.");
  await page.getByRole("switch", { name: "Double opt-in" }).check();
  // A first name, asked before the consent box.
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("menuitem", { name: "Short text" }).click();
  const cards = page.getByTestId("form-field");
  await expect(cards).toHaveCount(3);
  await cards.nth(2).getByRole("textbox", { name: "Question", exact: true }).fill("First name");
  await cards.nth(2).getByRole("textbox", { name: "Name", exact: true }).fill("name");
  await cards.nth(2).getByRole("button", { name: /up$/ }).click();
  await cards
    .nth(2)
    .getByRole("textbox", { name: "Consent text", exact: true })
    .fill("Yes, send me the weekly letter. I can unsubscribe at any time.");
  // The preview follows what is typed.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByLabel("First name")).toBeVisible();
  await expect(preview.getByRole("button", { name: "Subscribe" })).toBeVisible();

  // A mistake first: the e-mail field's name used twice; nothing is saved and the field says why.
  await cards.nth(1).getByRole("textbox", { name: "Name", exact: true }).fill("email");
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByText("Not saved: please fix the marked entries.").first()).toBeVisible();
  await expect(cards.nth(1).getByText("This is used twice.")).toBeVisible();
  await expect(page).toHaveURL(/\?form=new$/);
  await cards.nth(1).getByRole("textbox", { name: "Name", exact: true }).fill("name");
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page).toHaveURL(/\?form=[0-9a-f-]{36}$/);
  await expect(page.getByText("Saved.")).toBeVisible();

  await page.getByRole("link", { name: "Forms" }).first().click();
  await expect(page.getByRole("link", { name: "Weekly letter", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "/form/weekly-letter" })).toBeVisible();
});

test("M5 the owner places the form on a page with the builder's form block", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await asOwner(page, "/dashboard/pages/new");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Join the letter");
  const canvas = page.locator('[data-testid^="dropzone:root"]').first();
  const formBlock = page.getByTestId("drawer-item:Form");
  await expect(formBlock).toBeVisible({ timeout: 20_000 });
  await drag(page, formBlock, canvas);
  await expect(page.locator("[data-puck-component]")).toHaveCount(1);
  await page.locator('[name="title"]:visible').first().fill("Get the weekly letter");
  await page.locator('select[title="Form"]:visible').selectOption({ label: "One of my forms" });
  await page.locator('select[title="Which form"]:visible').selectOption({ label: "Weekly letter" });
  await expect(page.locator("[data-puck-component]").getByLabel("First name")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved.");
});

test("M5 a visitor subscribes on the page, confirms with the mailed link's button and is subscribed once", async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addCookies([
    { name: "cookie_consent", value: "required", domain: "demo.localhost", path: "/" },
  ]);
  const visitor = await context.newPage();
  const response = await open(visitor, site("/join-the-letter?utm_source=newsletter-test"));
  expect(response?.status()).toBe(200);
  const form = visitor.locator('form[action="/form/weekly-letter"]');
  await expect(visitor.getByRole("heading", { name: "Get the weekly letter" })).toBeVisible();
  await form.getByLabel("First name").fill("Lena");
  await form.getByLabel("E-mail address").fill(visitorEmail);
  // A required consent box: the browser will not send the form until it is ticked.
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(visitor).toHaveURL(/\/join-the-letter/);
  await form.getByLabel(/Yes, send me the weekly letter/).check();
  // A person takes a few seconds over a form; the server refuses what is sent faster.
  await visitor.waitForTimeout(2_600);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(visitor).toHaveURL(/\/form\/weekly-letter\?sent=confirm$/);
  await expect(visitor.getByText("Check your inbox")).toBeVisible();
  // The public pages carry no dashboard or builder code.
  const scripts = await visitor.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => /dashboard|puck|builder/i.test(name)),
  );
  expect(scripts).toEqual([]);

  const link = await mail.link(visitorEmail);
  expect(link).toMatch(/\/subscribed\?s=[0-9a-f-]{36}&sig=/);
  await open(visitor, link);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await expectNoSeriousAxeIssues(visitor);
  await visitor.getByRole("button", { name: "Yes, subscribe me" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  // The link again: it shows the confirmed page, and one mail was ever sent.
  await open(visitor, link);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  expect(mail.count(visitorEmail)).toBe(1);
  await context.close();
});

test("M5 the owner puts the form in an exit-intent popup on the course pages; a visitor leaving subscribes there and it counts", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await asOwner(page, "/dashboard/manage/marketing/popups");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Popups");
  await page.getByRole("link", { name: "New popup" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Before you go");
  await page
    .getByRole("textbox", { name: "Title", exact: true })
    .fill("Before you go: the weekly letter");
  await page.getByRole("combobox", { name: "Form", exact: true }).click();
  await page.getByRole("option", { name: "Weekly letter" }).click();
  await page.getByRole("combobox", { name: "Opens", exact: true }).click();
  await page.getByRole("option", { name: "When leaving the page" }).click();
  await expect(page.getByText(/works on computers with a mouse only/)).toBeVisible();
  await page.getByText("Only these", { exact: true }).click();
  const paths = page.getByRole("combobox", { name: "Page paths" });
  await paths.fill("/course*");
  await paths.press("Enter");
  await expect(page.getByTestId("popup-preview")).toContainText("Weekly letter");
  await page.getByRole("button", { name: "Save popup" }).click();
  await expect(page).toHaveURL(/\?popup=[0-9a-f-]{36}$/);

  const context = await browser.newContext();
  await context.addCookies([
    { name: "cookie_consent", value: "required", domain: "demo.localhost", path: "/" },
  ]);
  const visitor = await context.newPage();
  await visitor.setViewportSize({ width: 1280, height: 900 });
  // Not aimed at the blog: no popup there, and none of its code.
  await open(visitor, site("/blog"));
  const popupCode = () =>
    visitor.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => /popups?[-.]/i.test(name)),
    );
  await expect(visitor.locator('[data-island="popups"]')).toHaveCount(0);
  expect(await popupCode()).toEqual([]);

  await open(visitor, site("/course"));
  await expect(visitor.locator('[data-island="popups"]')).toHaveCount(1);
  await visitor.waitForLoadState("networkidle");
  // The pointer heads for the address bar: it leaves the page at the top.
  await visitor.mouse.move(640, 300);
  await visitor.mouse.move(640, 5, { steps: 5 });
  await visitor.mouse.move(640, -5);
  await visitor.evaluate(() =>
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseleave", { clientX: 640, clientY: -5, relatedTarget: null }),
    ),
  );
  const dialog = visitor.getByRole("dialog", { name: "Before you go: the weekly letter" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("E-mail address").fill("popup.reader@example.test");
  await dialog.getByLabel("First name").fill("Pia");
  await dialog.getByLabel(/Yes, send me the weekly letter/).check();
  await visitor.waitForTimeout(2_600);
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(visitor).toHaveURL(/\/form\/weekly-letter\?sent=confirm$/);
  // Once seen, it does not open again for this visitor on the next page.
  await open(visitor, site("/course"));
  await visitor.evaluate(() =>
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseleave", { clientX: 640, clientY: -5, relatedTarget: null }),
    ),
  );
  await expect(visitor.getByRole("dialog")).toHaveCount(0);
  await context.close();

  await open(page, site("/dashboard/manage/marketing/popups"));
  const row = page.getByTestId("popups").getByRole("row", { name: /Before you go/ });
  await expect(row).toContainText("100.0");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, site("/dashboard/manage/marketing/popups"));
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, shots, `popups-list-${scheme}`);
    await page.getByRole("link", { name: "Before you go", exact: true }).click();
    await expect(page.getByTestId("popup-stats")).toContainText("Views: 1 · Conversions: 1");
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, shots, `popups-editor-${scheme}`);
  }
});

test("M5 D15 the owner reads the answer, finds the subscribed contact with the consent proof, and looks at the screens", async ({
  page,
}) => {
  await asOwner(page, screen);
  // Two answers: the page's visitor and the popup's.
  await page.getByRole("link", { name: "Answers to Weekly letter: 2" }).click();
  await expect(page).toHaveURL(/tab=answers/);
  const row = page.getByRole("row", { name: new RegExp(visitorEmail) });
  await expect(row).toContainText("Lena");
  await expect(row).toContainText("Confirmed");
  await row.getByText(visitorEmail).click();
  const detail = page.getByRole("dialog", { name: "Answer" });
  await expect(detail).toContainText("/join-the-letter");
  await detail.getByRole("button", { name: "Close" }).first().click();

  await open(
    page,
    site(`/dashboard/manage/marketing/emails?q=${encodeURIComponent(visitorEmail)}`),
  );
  const contact = page.getByTestId("contacts").getByRole("row", { name: new RegExp(visitorEmail) });
  await expect(contact).toContainText("Subscribed");
  await expect(contact).toContainText("Form");
  await contact.getByText(visitorEmail).click();
  const opened = page.getByRole("dialog");
  await expect(opened).toContainText(
    "Yes, send me the weekly letter. I can unsubscribe at any time.",
  );
  await expect(opened).toContainText("Confirmed");

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, site(screen));
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, shots, `forms-list-${scheme}`);
    await page.getByRole("link", { name: "Weekly letter", exact: true }).click();
    await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, shots, `forms-builder-${scheme}`);
  }
});

test("M5 a student gets 403 on the forms screen", async ({ page }) => {
  await sessions.use(page, "student@demo.test");
  const response = await open(page, site(screen));
  expect(response?.status()).toBe(403);
});
