import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { soukSite } from "../../scripts/demo-content";
import { open } from "./support/page";
import { projectRoot } from "./support/server";
import { createSessions } from "./support/session";
import { lookingAt } from "./support/screenshot";

const port = () => process.env.E2E_PORT!;
const site = (slug: string | null, route = "/") =>
  `http://${slug ? `${slug}.` : ""}localhost:${port()}${route}`;

type Catalogue = { [key: string]: Catalogue | string };
const catalogue = (lang: string): Catalogue =>
  JSON.parse(fs.readFileSync(path.join(projectRoot, "app/locales", `${lang}.json`), "utf8"));

/** A text of a language's catalogue, by its dotted key: what the page must say. */
function textOf(messages: Catalogue, key: string): string {
  let node: Catalogue | string | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no text at ${key}`);
  return node;
}
const english = catalogue("en");
const en = (key: string) => textOf(english, key);
const arabic = catalogue("ar");
const ar = (key: string) => textOf(arabic, key);

/** Script errors and React's hydration warnings: text that differs between server and browser. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return problems;
}

/** Text on the page that is an i18n key rather than its translation ("dashboard.menu.billing"). */
async function rawKeys(page: Page): Promise<string[]> {
  const groups = Object.keys(english).join("|");
  const text = await page.locator("body").innerText();
  const labels = await page
    .locator("[aria-label]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label") ?? ""));
  const pattern = new RegExp(`\\b(?:${groups})\\.[A-Za-z]+(?:\\.[A-Za-z]+)*`, "g");
  return [...`${text}\n${labels.join("\n")}`.matchAll(pattern)].map((match) => match[0]);
}

const sessions = createSessions((route) => site("demo", route));

test("I12 public pages in English and Arabic hydrate without a mismatch and show no raw key", async ({
  page,
}) => {
  const problems = watchConsole(page);
  for (const url of [
    site("demo"),
    site("demo", "/blog"),
    site("demo", "/docs"),
    site("demo", "/login"),
    site("souk"),
    site("souk", "/login"),
    site(null),
    site(null, "/pricing"),
    site(null, "/signup"),
  ]) {
    await open(page, url);
    expect(await rawKeys(page), url).toEqual([]);
  }
  expect(problems).toEqual([]);
});

test("I12 the platform's footer shows its tagline, columns and rights, and its drawer's close button is named", async ({
  page,
}) => {
  await open(page, site(null));
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(en("platform.footer.tagline"));
  await expect(
    footer.getByRole("navigation", { name: en("platform.footer.product") }),
  ).toBeVisible();
  await expect(footer.getByRole("navigation", { name: en("platform.footer.start") })).toBeVisible();
  const year = String(new Date().getFullYear());
  await expect(footer).toContainText(en("platform.footer.rights").replace("{{year}}", year));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: en("platform.nav.openMenu") }).click();
  await page.getByRole("button", { name: en("platform.nav.closeMenu") }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("I12 on the Arabic site a screen reader hears Arabic: the menus, the drawer and the password's button", async ({
  page,
}) => {
  await open(page, site("souk"));
  await expect(page.getByRole("navigation", { name: ar("chrome.mainMenu") })).toBeVisible();
  await open(page, site("souk", "/login"));
  const toggle = page.getByRole("button", {
    name: ar("auth.fields.showPassword"),
    includeHidden: true,
  });
  await expect(toggle).toHaveCount(1);
  await expect(page.locator('[aria-label="Toggle password visibility"]')).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, site("souk"));
  await page.getByRole("button", { name: ar("site.openMenu") }).click();
  await expect(page.getByRole("navigation", { name: ar("chrome.mobileMenu") })).toBeVisible();
  await expect(page.getByRole("button", { name: ar("chrome.closeMenu") })).toBeVisible();
});

test("I31-9 souk's course page reads in Arabic: its section and its quiz lesson are not English", async ({
  page,
}) => {
  await open(page, site("souk", "/course/ecommerce-basics"));
  const main = page.getByRole("main");
  await expect(
    main.getByText(soukSite.outline!.lessonsSection, { exact: true }).first(),
  ).toBeVisible();
  await expect(main.getByText(soukSite.outline!.quizLesson).first()).toBeVisible();
  await expect(main.getByText("Lessons", { exact: true })).toHaveCount(0);
  await expect(main.getByText(/Quiz:/)).toHaveCount(0);
});

test("I31-9 at 375 px a visitor reaches both Log in and Sign up: Sign up is in the menu drawer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, site("demo"));
  await expect(
    page.getByRole("banner").getByRole("link", { name: en("auth.userMenu.signIn") }),
  ).toBeVisible();
  if (lookingAt) await page.screenshot({ path: test.info().outputPath("header-375.png") });
  await page.getByRole("button", { name: en("site.openMenu") }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: en("auth.userMenu.signIn") })).toBeVisible();
  if (lookingAt) await page.screenshot({ path: test.info().outputPath("drawer-375.png") });
  await drawer.getByRole("link", { name: en("auth.userMenu.signUp") }).click();
  await expect(page).toHaveURL(site("demo", "/signup"));
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("I12 from the site to the dashboard and back by links, each screen's strings are there as it shows", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await sessions.use(page, "owner@demo.test");
  // The tour would open over the dashboard: this test is not about it.
  await page.addInitScript(() => {
    if (localStorage.getItem("tour_step") === null) localStorage.setItem("tour_step", "done");
  });
  // The blog is an island document (decision 048): the dashboard is a document load of its own,
  // and so is the way back to a site that has owner scripts (they need the public page's policy).
  await open(page, site("demo", "/blog"));
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: en("auth.userMenu.dashboard") }).click();
  await expect(page).toHaveURL(site("demo", "/dashboard"));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const sidebar = page.getByRole("navigation", { name: en("dashboard.menus.owner") });
  await expect(sidebar.getByRole("link").first()).toHaveText(en("dashboard.menu.dashboard"));
  await expect(page.getByRole("link", { name: en("dashboard.viewSite") })).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
  await page.getByRole("link", { name: en("dashboard.documentation") }).click();
  await expect(page).toHaveURL(site("demo", "/docs"));
  await expect(page.getByRole("navigation", { name: en("sitePages.docs.contents") })).toBeVisible();
  await expect(page.getByRole("navigation", { name: en("chrome.mainMenu") })).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
  expect(problems).toEqual([]);
});
