import { randomUUID } from "node:crypto";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { expect, test, type Page } from "./support/test";

// M5 contacts in the browser, on the journeys' shared server (the demo as seeded, with its
// audience). Each test makes contacts of its own, under a tag no other test uses.
const port = () => process.env.E2E_PORT!;
const site = (path = "/") => `http://demo.localhost:${port()}${path}`;
const sessions = createSessions(site);
const screen = "/dashboard/manage/marketing/emails";

async function asOwner(page: Page, path = screen) {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site(path));
}

test("M5 the owner imports 1,000 contacts from CSV: mapping, preview, mistakes by line, then a segment counts them", async ({
  page,
}) => {
  const batch = `batch-${randomUUID().slice(0, 8)}`;
  const lines = ["E-mail,Name,Interest,Plan"];
  for (let n = 0; n < 1000; n++)
    lines.push(
      `${batch}-${n}@example.com,Person ${n},${n % 2 ? "design" : "photo"},${n < 10 ? "pro" : "free"}`,
    );
  lines.splice(5, 0, "no-address,Broken,,");
  lines.push(`${batch}-0@EXAMPLE.com,Twice,,`);
  // The demo's own people are contacts (whatever other runs imported since).
  await asOwner(page, `${screen}?q=owner%40demo.test`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mail campaigns");
  await expect(page.getByTestId("contacts")).toContainText("owner@demo.test");

  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import contacts from a CSV file" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "people.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\n")),
  });
  await expect(dialog.getByTestId("import-summary")).toHaveText(
    "Rows: 1002 · ready to import: 1000 · with mistakes: 2",
  );
  await expect(dialog.getByTestId("import-problems")).toContainText(
    "Line 6: no valid e-mail address.",
  );
  await expect(dialog.getByTestId("import-problems")).toContainText(
    "Line 1003: the same address as an earlier line.",
  );
  // Guessed from the headers: e-mail and name; the others become fields, one changed to tags.
  await expect(dialog.getByRole("combobox", { name: "Column E-mail is" })).toHaveValue("E-mail");
  await expect(dialog.getByRole("combobox", { name: "Column Plan is" })).toHaveValue("Field: plan");
  await dialog.getByRole("combobox", { name: "Column Interest is" }).click();
  await page.getByRole("option", { name: "Tags", exact: true }).click();
  await expect(dialog.getByRole("combobox", { name: "Column Interest is" })).toHaveValue("Tags");

  await dialog.getByText("Have agreed to marketing e-mail").click();
  const importButton = dialog.getByRole("button", { name: "Import (1000)" });
  await expect(importButton).toBeDisabled();
  await dialog.getByLabel("How the person agreed").fill("Sign-up sheet at the 2026 design fair");
  await dialog.getByRole("combobox", { name: "Tags for every imported contact" }).fill(batch);
  await dialog.getByRole("combobox", { name: "Tags for every imported contact" }).press("Enter");
  await importButton.click();
  await expect(dialog.getByTestId("import-result")).toContainText(
    "Imported. New contacts: 1000; contacts brought up to date: 0.",
  );
  await dialog.getByRole("button", { name: "Close" }).click();

  await open(page, site(`${screen}?tag=${batch}`));
  await expect(page.getByTestId("contacts-total")).toHaveText("Contacts found: 1,000");
  // A contact's consent log keeps the words and where they came from.
  await open(page, site(`${screen}?tag=${batch}&q=${batch}-7@`));
  await page.getByRole("button", { name: `${batch}-7@example.com` }).click();
  const contact = page.getByRole("dialog", { name: "Contact" });
  await expect(contact.getByTestId("consent-log")).toContainText(
    "Sign-up sheet at the 2026 design fair",
  );
  await expect(contact.getByTestId("consent-log")).toContainText("import:people.csv");
  await contact.getByRole("button", { name: "Cancel" }).click();

  await open(page, site(`${screen}?tab=segments`));
  await page.getByRole("button", { name: "New segment" }).click();
  const editor = page.getByRole("dialog", { name: "New segment" });
  await editor.getByLabel("Name").fill(`Pro ${batch}`);
  await editor.getByRole("combobox", { name: "Has all of these tags" }).fill(batch);
  await editor.getByRole("combobox", { name: "Has all of these tags" }).press("Enter");
  await expect(editor.getByTestId("segment-count")).toHaveText(
    "Contacts these rules select now: 1000",
  );
  await editor.getByRole("button", { name: "Add a field condition" }).click();
  await editor.getByLabel("Field", { exact: true }).fill("plan");
  await editor.getByLabel("Value").fill("pro");
  await expect(editor.getByTestId("segment-count")).toHaveText(
    "Contacts these rules select now: 10",
  );
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toBeHidden();
  const row = page.getByTestId("segments").getByRole("row", { name: new RegExp(`Pro ${batch}`) });
  await expect(row).toContainText("Contacts: 10");
  await row.getByRole("link", { name: "Contacts: 10" }).click();
  await expect(page.getByTestId("contacts-total")).toHaveText("Contacts found: 10");
});

test("M5 the owner adds a contact by hand, tags it with others, and a second with its address is refused", async ({
  page,
}) => {
  const tag = `hand-${randomUUID().slice(0, 8)}`;
  const email = `${tag}@example.com`;
  await asOwner(page);
  await page.getByRole("button", { name: "New contact" }).click();
  const form = page.getByRole("dialog", { name: "New contact" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await form.getByLabel("How the person agreed").fill("Asked in person at the meetup");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();

  await page.getByRole("textbox", { name: "Search by e-mail or name" }).fill(tag);
  await expect(page.getByTestId("contacts-total")).toHaveText("Contacts found: 1");
  await page.getByRole("checkbox", { name: `Select ${email}` }).check();
  await page.getByRole("combobox", { name: "Tags to add or remove" }).fill(tag);
  await page.getByRole("combobox", { name: "Tags to add or remove" }).press("Enter");
  await page.getByRole("button", { name: "Add tags" }).click();
  await expect(
    page.getByTestId("contacts").getByRole("row", { name: new RegExp(email) }),
  ).toContainText(tag);

  await page.getByRole("button", { name: "New contact" }).click();
  const again = page.getByRole("dialog", { name: "New contact" });
  await again.getByLabel("E-mail").fill(email.toUpperCase());
  await again.getByRole("button", { name: "Save" }).click();
  await expect(again.getByText("A contact with this e-mail address already exists.")).toBeVisible();
});

for (const scheme of ["light", "dark"] as const)
  test(`M5 the contacts and segments screens in ${scheme}: no serious accessibility problem`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
    await asOwner(page);
    await expect(page.getByTestId("contacts")).toBeVisible();
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, process.env.CONTACTS_SHOTS_DIR, `contacts-${scheme}`);
    await open(page, site(`${screen}?tab=segments`));
    await expect(page.getByTestId("segments")).toContainText("Design readers");
    await expectNoSeriousAxeIssues(page);
    await lookAt(page, process.env.CONTACTS_SHOTS_DIR, `segments-${scheme}`);
  });

test("M5 a student cannot open the contacts screen nor export contacts", async ({ page }) => {
  await sessions.use(page, "student@demo.test");
  const answer = await page.goto(site(screen));
  expect(answer?.status()).toBe(403);
  // The browser resolves *.localhost and Node does not: the export is asked from the page.
  const csv = await page.evaluate(
    async (url) => (await fetch(url)).status,
    `${screen}/contacts.csv`,
  );
  expect(csv).toBe(403);
});

test("M5 the marketing screen leads to every marketing tool and holds the notices' one editor", async ({
  page,
}) => {
  await asOwner(page, "/dashboard/manage/marketing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marketing");
  await lookAt(page, process.env.CONTACTS_SHOTS_DIR, "marketing");
  await expect(page.getByTestId("marketing-tools").getByRole("link")).toHaveText([
    "E-mail campaigns",
    "Forms",
    "Popups",
    "Funnels",
    "Automations",
    "Affiliates",
  ]);
  // The demo's header notice, in the same editor as the footer screen's, saved from here.
  const editor = page.getByTestId("header-notice-editor");
  const text = await editor.getByRole("textbox", { name: "Text" }).inputValue();
  expect(text).toContain("SPRING20");
  await editor.getByRole("button", { name: "Save header notice" }).click();
  await expect(page.getByTestId("settings-saved")).toContainText("The header notice is saved");
  await open(page, site("/dashboard/manage/site/footer"));
  await expect(
    page.getByTestId("header-notice-editor").getByRole("textbox", { name: "Text" }),
  ).toHaveValue(text);

  await open(page, site("/dashboard/manage/marketing"));
  await page.getByRole("link", { name: "E-mail campaigns" }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage\/marketing\/emails$/);
  await expect(page.getByTestId("contacts")).toBeVisible();
});
