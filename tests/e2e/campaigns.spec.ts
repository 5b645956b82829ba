import fs from "node:fs";
import { simpleParser } from "mailparser";
import { sendgridRelay } from "../support/mail-relays";
import { startSmtpSink, type SunkMail } from "../support/smtp-sink";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { send } from "./support/http";
import { hydrated, open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test, type Page } from "./support/test";

// M5 the acceptance journey's campaign half (issue 33): the owner imports 1,000 contacts from a
// CSV file, makes a segment, writes a campaign, test-sends and schedules it; it reaches a real
// SMTP peer once per contact of the segment; a reader unsubscribes with one click (RFC 8058) and
// gets no later campaign; the reports' figures are what the peer received. A server of this
// file's own, so that its mail goes to the sink.
test.describe.configure({ mode: "serial" });
// The owner's browser is far from the site's zone: a schedule is entered in the site's zone.
test.use({ timezoneId: "Pacific/Auckland", actionTimeout: 15_000 });

let server: RunningServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const screen = "/dashboard/manage/marketing/emails";
const shots = process.env.CAMPAIGNS_SHOTS_DIR;

// The file: 1,000 people; every fourth one came early (the segment, 250), some without a name.
const firstNames = ["Ada", "Bruno", "Chiara", "Dmitri", "Esther", "Farid", "Greta", "Hiro"];
const lastNames = ["Lovelace", "Costa", "Rossi", "Ivanov", "Levi", "Haddad", "Berg", "Tanaka"];
const people = Array.from({ length: 1000 }, (_, n) => ({
  email: `reader-${n}@example.com`,
  name: n % 10 === 8 ? "" : `${firstNames[n % 8]} ${lastNames[Math.floor(n / 8) % 8]}`,
  early: n % 4 === 0,
}));
const segment = people.filter((person) => person.early);
const segmentName = "Early birds";
const testAddress = "owner@demo.test";
/** The reader who unsubscribes from the first campaign. */
const leaving = segment[3]!;

/** The first campaign (its id from the editor's address), for the second test. */
const ids: { first?: string } = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  dataDir = tempDataDir("campaigns");
  server = await startServer({ dataDir, env: { SMTP_URL: sink.url } });
});

// A failed journey says what the server logged (its errors are not in the page).
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
  // Attached, the test summary's tail prints it (scripts/run-tests.ts).
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

/** The messages of one campaign the sink took (`<c.{campaign}.{contact}@site>`). */
const ofCampaign = (id: string): SunkMail[] =>
  sink.accepted.filter((mail) => mail.messageId.startsWith(`<c.${id}.`));

/** A header of a raw message, unfolded ("" when absent). */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n(?=[ \t])/g, "");
  const line = head
    .split(/\r?\n/)
    .find((one) => one.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : "";
}

/** The number a figure of the report shows ("Audience" and "250" → 250). */
async function figure(page: Page, key: string): Promise<number> {
  const text = (await page.getByTestId(`report-${key}`).textContent()) ?? "";
  return Number(/(\d[\d,]*)/.exec(text)?.[1]?.replace(/,/g, "") ?? Number.NaN);
}

/** The wall clock of the next whole minute (at least a few seconds away) in `zone`, as typed. */
function nextMinuteIn(zone: string): { value: string; at: number } {
  const at = Math.ceil((Date.now() + 5_000) / 60_000) * 60_000;
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((one) => one.type === type)!.value;
  return {
    value: `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`,
    at,
  };
}

/** Opens a campaign and waits until it has sent (its status read again, as its owner would). */
async function waitUntilSent(page: Page, id: string) {
  await expect(async () => {
    await open(page, site(`${screen}?tab=campaigns&campaign=${id}`));
    await expect(page.getByTestId("campaign-status")).toHaveText("Sent", { timeout: 500 });
  }).toPass({ intervals: [500, 1000], timeout: 60_000 });
}

test("M5 acceptance: the owner imports 1,000 contacts from CSV, segments them, writes a campaign, test-sends and schedules it; each contact of the segment gets it once and the report's counts match the sink", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });

  // 1. The CSV file, its columns mapped and its rows previewed, imported as subscribed.
  const csv = [
    "Email,Name,Tags,City,Signed up",
    ...people.map(
      (person, n) =>
        `${person.email},${person.name},"${person.early ? "early-birds, design" : n % 4 === 1 ? "design" : ""}",${["Lyon", "Oslo", "Kochi"][n % 3]},2026-0${(n % 9) + 1}-15`,
    ),
  ].join("\r\n");
  await asOwner(page, screen);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mail campaigns");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const wizard = page.getByRole("dialog", { name: "Import contacts from a CSV file" });
  await wizard.locator('input[type="file"]').setInputFiles({
    name: "spring-fair.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(wizard.getByTestId("import-summary")).toHaveText(
    "Rows: 1000 · ready to import: 1000 · with mistakes: 0",
  );
  await expect(wizard.getByRole("combobox", { name: "Column Email is" })).toHaveValue("E-mail");
  await expect(wizard.getByRole("combobox", { name: "Column Name is" })).toHaveValue("Name");
  await expect(wizard.getByRole("combobox", { name: "Column Tags is" })).toHaveValue("Tags");
  await expect(wizard.getByRole("combobox", { name: "Column City is" })).toHaveValue("Field: city");
  await wizard.getByRole("combobox", { name: "Column Signed up is" }).click();
  await page.getByRole("option", { name: "Do not import", exact: true }).click();
  await expect(wizard.getByRole("combobox", { name: "Column Signed up is" })).toHaveValue(
    "Do not import",
  );
  // The preview shows the file's first rows under their columns.
  await expect(wizard.getByRole("cell", { name: "reader-0@example.com" })).toBeVisible();
  await expect(wizard.getByRole("cell", { name: "early-birds, design" }).first()).toBeVisible();
  await wizard.getByText("Have agreed to marketing e-mail").click();
  await wizard.getByLabel("How the person agreed").fill("Sign-up sheet at the 2026 spring fair");
  await wizard.getByRole("button", { name: "Import (1000)" }).click();
  await expect(wizard.getByTestId("import-result")).toContainText(
    "Imported. New contacts: 1000; contacts brought up to date: 0.",
  );
  await wizard.getByRole("button", { name: "Close" }).click();

  // A segment by tag, counted live as its rules are written.
  await open(page, site(`${screen}?tab=segments`));
  await page.getByRole("button", { name: "New segment" }).click();
  const editor = page.getByRole("dialog", { name: "New segment" });
  await editor.getByLabel("Name").fill(segmentName);
  const tags = editor.getByRole("combobox", { name: "Has all of these tags" });
  await tags.fill("early-birds");
  await tags.press("Enter");
  await expect(editor.getByTestId("segment-count")).toHaveText(
    `Contacts these rules select now: ${segment.length}`,
  );
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toBeHidden();
  await expect(
    page.getByTestId("segments").getByRole("row", { name: new RegExp(segmentName) }),
  ).toContainText(`Contacts: ${segment.length}`);

  // 2. The campaign: name, a subject with a merge tag, heading, text and button, the segment.
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByRole("link", { name: "New campaign" }).click();
  await expect(page).toHaveURL(/campaign=new/);
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill("Spring courses");
  await page
    .getByRole("textbox", { name: "Subject", exact: true })
    .fill("{{first_name | Friend}}, our spring courses are open");
  const blocks = page.getByTestId("campaign-block");
  await expect(blocks).toHaveCount(2);
  await blocks
    .nth(0)
    .getByRole("textbox", { name: "Heading" })
    .fill("Hello {{first_name | there}}, spring is here");
  await blocks
    .nth(1)
    .getByRole("textbox", { name: "Text" })
    .fill("Six new courses start in April.\n\nEarly birds like you get the first seats.");
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("menuitem", { name: "Button" }).click();
  await expect(blocks).toHaveCount(3);
  await blocks.nth(2).getByRole("textbox", { name: "Button label" }).fill("See the courses");
  await blocks
    .nth(2)
    .getByRole("textbox", { name: "Link", exact: true })
    .fill("https://demo.example/course");
  await page.getByRole("combobox", { name: "Audience" }).click();
  await page.getByRole("option", { name: segmentName }).click();
  await page.keyboard.press("Escape");
  // The preview follows: the sample reader's first name in the heading, the button.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Hello Alex, spring is here");
  await expect(preview).toContainText("See the courses");
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/campaign=[0-9a-f-]{36}/);
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
  const firstId = /campaign=([0-9a-f-]{36})/.exec(page.url())![1]!;
  ids.first = firstId;

  // A test to one address: exactly one message, to it, its subject filled in (the fallback).
  const to = page.getByRole("combobox", { name: "Send a test to" });
  await to.fill(testAddress);
  await to.press("Enter");
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByTestId("campaign-notice")).toHaveText(`Test sent to ${testAddress}.`);
  await expect.poll(() => sink.accepted.length, { intervals: [100] }).toBe(1);
  const testMail = sink.accepted[0]!;
  expect(testMail.to).toBe(testAddress);
  const tested = await simpleParser(testMail.raw);
  // A test's merge tags show their fallbacks, in the subject as in the body.
  expect(tested.subject).toBe("[Test] Friend, our spring courses are open");
  expect(tested.html || "").toContain("Hello there, spring is here");
  expect(tested.html || "").toContain("See the courses");

  // 3. Scheduled for the next minute, typed in the site's zone (the field says which).
  const when = page.getByLabel("Send at");
  const zone = /time zone \(([^)]+)\)/.exec(
    (await page.getByText(/^In the site's time zone/).textContent()) ?? "",
  )![1]!;
  const next = nextMinuteIn(zone);
  await when.fill(next.value);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByTestId("campaign-notice")).toHaveText("Scheduled.");
  await expect(page.getByTestId("campaign-status")).toHaveText("Scheduled");
  await expect(page.getByText(/^Goes out on /)).toBeVisible();

  // While it waits: the editor is looked at, in light and dark.
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, site(`${screen}?tab=campaigns&campaign=${firstId}`));
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
    await expect(page.getByLabel("Send at")).toHaveValue(next.value);
    await expectNoSeriousAxeIssues(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await lookAt(page, shots, "campaign-editor");

  // Nothing goes before its time.
  if (Date.now() < next.at - 500) expect(ofCampaign(firstId).length).toBe(0);
  // Sent once it is due: one message per contact of the segment, no address twice.
  await expect
    .poll(() => ofCampaign(firstId).length, {
      intervals: [250],
      timeout: Math.max(0, next.at - Date.now()) + 60_000,
    })
    .toBeGreaterThanOrEqual(segment.length);
  await waitUntilSent(page, firstId);
  const first = ofCampaign(firstId);
  expect(first).toHaveLength(segment.length);
  expect(new Set(first.map((mail) => mail.to))).toEqual(
    new Set(segment.map((person) => person.email)),
  );
  // Each reader's own: their first name (or the fallback) in the subject and the heading.
  for (const person of [segment[0]!, segment.find((one) => !one.name)!]) {
    const mail = await simpleParser(first.find((one) => one.to === person.email)!.raw);
    const name = person.name.split(" ")[0] || "Friend";
    expect(mail.subject).toBe(`${name}, our spring courses are open`);
    expect(mail.html || "").toContain(
      `Hello ${person.name.split(" ")[0] || "there"}, spring is here`,
    );
  }
  // The report counts what the sink received.
  expect(await figure(page, "audience")).toBe(first.length);
  expect(await figure(page, "sent")).toBe(first.length);
  expect(await figure(page, "failed")).toBe(0);
  expect(await figure(page, "skipped")).toBe(0);
});

test("M5 acceptance: a reader unsubscribes with one click (RFC 8058) and gets no later campaign; the report counts the unsubscribe", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const firstId = ids.first;
  if (!firstId) throw new Error("the first test's campaign is missing");

  // 4. The reader's mail client reads the headers and posts the one-click unsubscribe.
  const mail = ofCampaign(firstId).find((one) => one.to === leaving.email)!;
  const listUnsubscribe = header(mail.raw, "List-Unsubscribe");
  expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const address = new URL(/<(https?:[^>]+)>/.exec(listUnsubscribe)![1]!);
  // The site's address as configured: here no port, as the server takes any free one (PORT=0).
  expect(address.hostname).toBe("demo.localhost");
  expect(address.pathname).toMatch(/^\/api\/email\/unsubscribe\//);
  // Node does not resolve *.localhost: to the server's own address, with the site's Host.
  const answer = await request.post(`http://127.0.0.1:${server.port}${address.pathname}`, {
    headers: { host: `demo.localhost:${server.port}` },
    form: { "List-Unsubscribe": "One-Click" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(200);
  // The footer's links are the reader's own pages (to confirm there, or to subscribe again).
  const html = (await simpleParser(mail.raw)).html || "";
  expect(html).toMatch(/href="https?:\/\/demo\.localhost[^"]*\/email\/unsubscribe\//);
  expect(html).toMatch(/href="https?:\/\/demo\.localhost[^"]*\/email\/preferences\//);

  await asOwner(page, `${screen}?q=${encodeURIComponent(leaving.email)}`);
  await expect(page.getByTestId("contacts-total")).toHaveText("Contacts found: 1");
  await expect(
    page.getByTestId("contacts").getByRole("row", { name: new RegExp(leaving.email) }),
  ).toContainText("Unsubscribed");

  // A second campaign to the same segment, sent now: everyone but the reader who left.
  await open(page, site(`${screen}?tab=campaigns`));
  await page.getByRole("link", { name: "New campaign" }).click();
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill("Spring courses: last call");
  await page
    .getByRole("textbox", { name: "Subject", exact: true })
    .fill("Last seats, {{first_name | friend}}");
  await page
    .getByTestId("campaign-block")
    .nth(1)
    .getByRole("textbox", { name: "Text" })
    .fill("A few seats are left in April's courses.");
  await page.getByRole("combobox", { name: "Audience" }).click();
  await page.getByRole("option", { name: segmentName }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/campaign=[0-9a-f-]{36}/);
  const secondId = /campaign=([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.getByRole("button", { name: "Send now" }).click();
  const confirm = page.getByRole("dialog", { name: "Send this campaign now?" });
  await expect(confirm).toContainText(`the subscribed contacts in: ${segmentName}`);
  await confirm.getByRole("button", { name: "Send now" }).click();
  const audience = segment.length - 1;
  await expect(page.getByTestId("campaign-notice")).toHaveText(
    `Sending started. Audience: ${audience}.`,
  );
  await expect
    .poll(() => ofCampaign(secondId).length, { intervals: [250], timeout: 60_000 })
    .toBeGreaterThanOrEqual(audience);
  await waitUntilSent(page, secondId);
  const second = ofCampaign(secondId);
  expect(second).toHaveLength(audience);
  expect(new Set(second.map((one) => one.to))).toEqual(
    new Set(segment.filter((one) => one !== leaving).map((person) => person.email)),
  );
  expect(second.some((one) => one.to === leaving.email)).toBe(false);
  expect(await figure(page, "audience")).toBe(audience);
  expect(await figure(page, "sent")).toBe(audience);
  // Nothing else reached the sink: the test, then the two campaigns.
  expect(sink.accepted).toHaveLength(1 + segment.length + audience);

  // 5. The first campaign's report: the one unsubscribe, and its figures unchanged.
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, site(`${screen}?tab=campaigns&campaign=${firstId}`));
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
    await expect(page.getByTestId("campaign-status")).toHaveText("Sent");
    expect(await figure(page, "unsubscribed")).toBe(1);
    expect(await figure(page, "sent")).toBe(segment.length);
    // M5 a sent campaign's fields are read-only, not disabled (greyed out): read whole, in
    // full contrast (axe below checks their text; it skips disabled fields).
    const fields = page.getByTestId("campaign-fields");
    const subject = fields.getByRole("textbox", { name: "Subject", exact: true });
    await expect(subject).toHaveValue("{{first_name | Friend}}, our spring courses are open");
    await expect(subject).toBeEnabled();
    await expect(subject).not.toBeEditable();
    await expect(fields.getByRole("textbox", { name: "Heading" })).toHaveValue(
      "Hello {{first_name | there}}, spring is here",
    );
    await expect(fields.getByRole("combobox", { name: "Audience" })).not.toBeEditable();
    await expect(fields.getByText(segmentName, { exact: true })).toBeVisible();
    await expect(fields.locator(":disabled, fieldset[disabled]")).toHaveCount(0);
    expect(
      await subject.evaluate((input) => {
        // Mantine fades a disabled field with opacity on its wrapper: none here.
        let opacity = 1;
        for (let node: Element | null = input; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity);
        return opacity;
      }),
    ).toBe(1);
    await expect(page.getByTestId("add-block")).toHaveCount(0);
    await expectNoSeriousAxeIssues(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await lookAt(page, shots, "campaign-report");

  // 6. An A/B campaign's preview shows both subjects; its test sends both, each labelled.
  await open(page, site(`${screen}?tab=campaigns&campaign=new`));
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill("Summer courses");
  await page
    .getByRole("textbox", { name: "Subject", exact: true })
    .fill("{{first_name | Friend}}, summer is coming");
  await page.getByRole("switch", { name: "Test two subjects" }).check();
  await page
    .getByRole("textbox", { name: /^Subject B/ })
    .fill("Summer seats for {{first_name | you}}");
  const abPreview = page.getByRole("region", { name: "Preview" });
  await expect(abPreview.getByTestId("preview-subject-a")).toContainText(
    "Subject AAlex, summer is coming",
  );
  await expect(abPreview.getByTestId("preview-subject-b")).toContainText(
    "Subject BSummer seats for Alex",
  );
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/campaign=[0-9a-f-]{36}/);
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
  const tested = sink.accepted.length;
  const abTo = page.getByRole("combobox", { name: "Send a test to" });
  await abTo.fill(testAddress);
  await abTo.press("Enter");
  await page.getByRole("button", { name: "Send test" }).click();
  const notice = page.getByTestId("campaign-notice");
  await expect(notice).toContainText(`Test sent to ${testAddress}.`);
  await expect(notice.getByTestId("tested-a")).toHaveText("Subject AFriend, summer is coming");
  await expect(notice.getByTestId("tested-b")).toHaveText("Subject BSummer seats for you");
  await expect.poll(() => sink.accepted.length, { intervals: [100] }).toBe(tested + 2);
  const abSubjects = await Promise.all(
    sink.accepted.slice(tested).map(async (one) => {
      expect(one.to).toBe(testAddress);
      return (await simpleParser(one.raw)).subject;
    }),
  );
  expect(abSubjects).toEqual([
    "[Test A] Friend, summer is coming",
    "[Test B] Summer seats for you",
  ]);
  await expectNoSeriousAxeIssues(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, shots, "campaign-ab-test");

  await open(page, site(`${screen}?tab=campaigns`));
  const rows = page.getByTestId("campaigns");
  await expect(rows.getByRole("row", { name: /Spring courses: last call/ })).toContainText("Sent");
  // M5 on a phone each campaign is a card whose status badge shows whole; at 1280 the table.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(rows).toBeHidden();
  const cards = page.getByTestId("campaign-card");
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    const badge = card.getByTestId("campaign-card-status");
    await badge.scrollIntoViewIfNeeded();
    const [inner, outer] = [await badge.boundingBox(), await card.boundingBox()];
    expect(inner && outer, "badge and card are laid out").toBeTruthy();
    expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
    expect(outer!.x).toBeGreaterThanOrEqual(0);
    expect(outer!.x + outer!.width).toBeLessThanOrEqual(375);
    // Its words are not cut: the label fits the badge.
    expect(
      await badge.evaluate((node) => {
        const label = node.querySelector("span") ?? node;
        return label.scrollWidth <= label.clientWidth + 1;
      }),
    ).toBe(true);
  }
  await expect(cards.filter({ hasText: "Summer courses" })).toContainText("Draft");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousAxeIssues(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(rows).toBeVisible();
  await expect(cards.first()).toBeHidden();
  await lookAt(page, shots, "campaign-list");
});

test("M5 M2 the owner edits a campaign's subject twice, compares the first and last revisions in its history and restores the first; a sent campaign's history restores nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const firstId = ids.first;
  if (!firstId) throw new Error("the first test's campaign is missing");

  // 7. A draft saved three times: each save is a revision in its history, newest first.
  await asOwner(page, `${screen}?tab=campaigns&campaign=new`);
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill("Autumn courses");
  const subject = page.getByRole("textbox", { name: "Subject", exact: true });
  await subject.fill("Autumn courses are open");
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/campaign=[0-9a-f-]{36}/);
  const history = page.getByTestId("campaign-history");
  const boxes = history.getByRole("checkbox");
  await expect(boxes).toHaveCount(1);
  for (const [index, line] of [
    "Autumn courses are almost full",
    "Autumn courses: last seats",
  ].entries()) {
    await subject.fill(line);
    await page.getByRole("button", { name: "Save campaign" }).click();
    await expect(boxes).toHaveCount(index + 2);
  }
  await expect(history.getByText(/ · current$/)).toHaveCount(1);

  // The first and the last compared: the subject's words struck through and underlined, the
  // fields that did not change saying so.
  await boxes.nth(2).check();
  await boxes.nth(0).check();
  await history.getByRole("button", { name: "Compare selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Compare revisions" });
  const compared = dialog.getByTestId("compare-subject");
  await expect(compared.locator("del")).toHaveText(["[deleted: are open]"]);
  await expect(compared.locator("ins")).toHaveText(["[inserted: : last seats]"]);
  await expect(dialog.getByRole("region", { name: "Campaign name" })).toContainText("No change");
  await expect(dialog.getByRole("region", { name: "Content" })).toContainText(
    "Heading: Hello {{first_name | there}}",
  );
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousAxeIssues(page, "[role=dialog]");
  }
  await page.emulateMedia({ colorScheme: "light" });
  await lookAt(page, shots, "campaign-history-compare");

  // The first restored: saved again as the newest revision, the editor back on its subject.
  await dialog.getByRole("button", { name: /^Restore the revision of/ }).click();
  await expect(page.getByTestId("campaign-history-notice")).toHaveText(
    "Revision restored and saved.",
  );
  await expect(boxes).toHaveCount(4);
  await expect(subject).toHaveValue("Autumn courses are open");
  await page.reload();
  await hydrated(page);
  await expect(subject).toHaveValue("Autumn courses are open");
  await expect(boxes).toHaveCount(4);
  // The panel may render once more as the screen settles after the reload: scroll to the one
  // that stays.
  await expect(async () => history.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousAxeIssues(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await lookAt(page, shots, "campaign-history");

  // The campaign that went out: its history is there to read, with nothing to restore.
  await open(page, site(`${screen}?tab=campaigns&campaign=${firstId}`));
  await expect(page.getByTestId("campaign-status")).toHaveText("Sent");
  await expect(history.getByRole("checkbox")).toHaveCount(1);
  await expect(history).toContainText(
    "Sending has begun: its revisions can be compared, not restored.",
  );
  await expect(history.getByRole("button", { name: /Restore/ })).toHaveCount(0);
});

test("M5 the owner points their own SendGrid's webhook at the site: the sending settings keep its verification key and show the address, which then takes SendGrid's signed events and refuses any other", async ({
  page,
}) => {
  const sendgrid = sendgridRelay();
  await asOwner(page, `${screen}?tab=campaigns&sending=settings`);
  await hydrated(page);
  const section = page.getByRole("region", { name: "Bounces and complaints by webhook" });
  await section.getByRole("radio", { name: "SendGrid" }).check();
  const address = `${site("/api/email/feedback/sendgrid")}`;
  await expect(section.getByTestId("webhook-address")).toContainText(address);
  const key = section.getByTestId("webhook-key");
  await key.fill("not a verification key");
  await page.getByTestId("save-sender").click();
  await expect(section).toContainText("This is not a key of the form this service gives.");
  await key.fill(sendgrid.verificationKey);
  await page.getByTestId("save-sender").click();
  await expect(page.getByTestId("sender-notice")).toHaveText("Sending settings saved.");
  await expect(key).toHaveValue("");
  await page.reload();
  await hydrated(page);
  await expect(section.getByText("A key is saved. Leave this empty to keep it.")).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousAxeIssues(page, '[data-testid="sender-settings"]');
  }
  await page.emulateMedia({ colorScheme: "light" });
  await section.scrollIntoViewIfNeeded();
  await lookAt(page, shots, "sending-webhook");
  if (shots) {
    // The section alone at a phone's width (the page's sticky bar covers it in a full shot).
    await page.setViewportSize({ width: 375, height: 900 });
    await section.screenshot({ path: `${shots}/sending-webhook-section-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // SendGrid posts to the address shown, signed with the key the owner saved: taken (202; the
  // message is of no campaign here, so nothing changes). Signed otherwise, refused; on the
  // platform's own address the site's key is no key (this server has no platform key: 404).
  const events = [
    sendgrid.bounce(`<c.${crypto.randomUUID()}.${crypto.randomUUID()}@demo.localhost>`),
  ];
  // The bytes SendGrid signs are the body as sent (`send` writes JSON.stringify of `json`).
  const body = JSON.stringify(events);
  const post = (host: string, headers: Record<string, string>) =>
    send({
      port: server.port,
      host,
      path: "/api/email/feedback/sendgrid",
      method: "POST",
      json: events,
      headers,
    });
  const taken = await post("demo.localhost", sendgrid.headersFor(body));
  expect(taken.status).toBe(202);
  expect(JSON.parse(taken.body)).toMatchObject({ bounced: 0, complained: 0 });
  const forged = await post("demo.localhost", sendgrid.headersFor(body, { forged: true }));
  expect(forged.status).toBe(401);
  expect((await post("localhost", sendgrid.headersFor(body))).status).toBe(404);
});
