import fs from "node:fs";
import { startSmtpSink, decodeQuotedPrintable } from "../support/smtp-sink";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { send } from "./support/http";
import { open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test, type Page } from "./support/test";

// M5 automations (issue 34), the acceptance journey's automation half: the owner builds
// "form submitted → tag → wait 1 minute (test clock) → send e-mail → if opened, enrol in the free
// course" in the builder; a member fills in the newsletter form, gets the e-mail from a real SMTP
// peer, opens it, and is enrolled; the owner's timeline for them shows each step.
test.describe.configure({ mode: "serial" });
test.use({ actionTimeout: 15_000 });

let server: RunningServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const screen = "/dashboard/manage/marketing/automations";
const shots = process.env.AUTOMATIONS_SHOTS_DIR;
const visitorEmail = "parent@demo.test";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  dataDir = tempDataDir("automations");
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
    [
      `page at ${page.url()}`,
      `sink: ${sink.accepted.length} messages`,
      ...server.output().split("\n").slice(-80),
    ].join("\n"),
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

/** Picks `option` in the combobox labelled `label` inside `scope`. */
async function choose(
  page: Page,
  scope: ReturnType<Page["locator"]>,
  label: string,
  option: string,
) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Adds a step of `kind` at the end of the list inside `scope`. */
async function addStep(page: Page, scope: ReturnType<Page["locator"]>, kind: string) {
  await scope.getByTestId("add-step").last().click();
  await page.getByRole("menuitem", { name: kind, exact: true }).click();
}

test("M5 acceptance (automations): form submitted → tag → wait 1 minute → e-mail → if opened, enrol; the contact's timeline shows each step", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await asOwner(page, screen);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automations");
  await page.getByRole("link", { name: "New automation" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Newsletter welcome");
  const trigger = page.getByTestId("trigger");
  await choose(page, trigger, "Starts when", "A form is filled in");
  await choose(page, trigger, "Form", "Newsletter");

  // Steps, top to bottom: tag, wait a minute, the e-mail, then the if with its yes branch.
  await addStep(page, page.locator("body"), "Add a tag");
  await page.getByTestId("step-tag").getByRole("textbox", { name: "Tag" }).fill("welcomed");
  await addStep(page, page.locator("body"), "Wait");
  const wait = page.getByTestId("step-wait");
  await wait.getByRole("textbox", { name: "How long" }).fill("1");
  await choose(page, wait, "Unit", "minutes");
  await addStep(page, page.locator("body"), "Send an e-mail");
  const mail = page.getByTestId("step-email");
  await mail.getByRole("textbox", { name: "Subject" }).fill("Your free photography course");
  await addStep(page, page.locator("body"), "If / else");
  const branch = page.getByTestId("step-if");
  await choose(page, branch, "Condition", "Opened the e-mail");
  await branch.getByRole("textbox", { name: "Wait up to" }).fill("1");
  await addStep(page, branch.getByTestId("branch-yes"), "Enrol in a course");
  await choose(page, page.getByTestId("step-enrol"), "Course", "Photography with Any Camera");
  await lookAt(page, shots, "automation-builder");

  await page.getByTestId("save-automation").click();
  await expect(page).toHaveURL(/\?automation=[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.getByTestId("publish-automation").click();
  await expect(page.getByText("Version 1 is live.")).toBeVisible();
  await expect(page.getByText("On", { exact: true })).toBeVisible();
  await expectNoSeriousAxeIssues(page);

  // A member fills in the newsletter form on the site.
  const context = await browser.newContext();
  await context.addCookies([
    { name: "cookie_consent", value: "required", domain: "demo.localhost", path: "/" },
  ]);
  const visitor = await context.newPage();
  await open(visitor, site("/form/newsletter"));
  const form = visitor.locator('form[action="/form/newsletter"]');
  await form.getByLabel("E-mail address").fill(visitorEmail);
  await form.getByLabel("First name").fill("Pat");
  await form.getByRole("checkbox").check();
  await visitor.waitForTimeout(2_600);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(visitor.getByText(/next letter is on its way/)).toBeVisible();

  // A minute on the test clock later, the e-mail reaches the SMTP peer.
  await expect
    .poll(() => sink.accepted.filter((one) => one.to === visitorEmail).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const sent = sink.accepted.find((one) => one.to === visitorEmail)!;
  expect(sent.raw).toMatch(/^subject: Your free photography course/im);
  const pixel = /(https?:\/\/[^"\s]+\/api\/email\/open\/[^"\s]+)/.exec(
    decodeQuotedPrintable(sent.raw),
  )?.[1];
  expect(pixel).toBeDefined();
  // The reader opens it (a person's mail program, not the first seconds' machine fetches).
  await visitor.waitForTimeout(5_500);
  const address = new URL(pixel!.replace(/&amp;/g, "&"));
  const opened = await send({
    port: server.port,
    host: address.host,
    path: address.pathname + address.search,
    headers: {
      "user-agent":
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/18.0 Mail/3826",
    },
  });
  expect(opened.status).toBe(200);

  // The owner's timeline for them: each step, and the course is theirs.
  await expect(async () => {
    await open(page, site(`${screen}?contact=${encodeURIComponent(visitorEmail)}`));
    await expect(page.getByTestId("timeline")).toContainText("Finished the automation", {
      timeout: 500,
    });
  }).toPass({ intervals: [500, 1000], timeout: 60_000 });
  const timeline = page.getByTestId("timeline");
  for (const line of [
    "Newsletter welcome · Trigger",
    "Newsletter welcome · Add a tag",
    "Newsletter welcome · Wait",
    "Newsletter welcome · Send an e-mail",
    "Newsletter welcome · If / else",
    "Newsletter welcome · Enrol in a course",
  ])
    await expect(timeline).toContainText(line);
  await expect(timeline).toContainText("Condition met: yes branch");
  await lookAt(page, shots, "automation-timeline");
  await expectNoSeriousAxeIssues(page);
  await context.close();
  // The member finds the course among their own.
  const member = await browser.newPage();
  await sessions.use(member, visitorEmail);
  await open(member, site("/dashboard/courses"));
  await expect(member.getByText("Photography with Any Camera").first()).toBeVisible();
  await member.close();
});
