import { expect, test, type Locator, type Page, type Request } from "./support/test";
import { open } from "./support/page";
import { expectScreen, lookingAt } from "./support/screenshot";
import { analyzeAxe } from "./support/axe";

const port = () => process.env.E2E_PORT!;
const site = (slug: string, path = "/") => `http://${slug}.localhost:${port()}${path}`;

/** Every search request the page makes, in order. */
function watchSearches(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/search") seen.push(request);
  });
  return seen;
}

/** Scope chips are radios whose input is hidden; a person clicks the chip's label. */
async function chooseScope(dialog: Locator, name: string) {
  await dialog
    .locator("label")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  await expect(dialog.getByRole("radio", { name })).toBeChecked();
}

async function openSearch(page: Page, slug = "demo") {
  await open(page, site(slug));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await expect(dialog).toBeVisible();
  return { dialog, box: dialog.getByRole("combobox", { name: "Search the site" }) };
}

test("P10 search waits 500 ms after the last key, sends spaces as +, and finds a seeded course", async ({
  page,
}) => {
  const searches = watchSearches(page);
  const { dialog, box } = await openSearch(page);
  await expect(box).toBeFocused();
  await box.pressSequentially("design foundations", { delay: 40 });
  // Typing went on for ~0.7 s with gaps far below 500 ms: nothing has been asked yet.
  expect(searches).toHaveLength(0);
  const results = dialog.getByRole("listbox", { name: "Search results" });
  await expect(results.getByRole("option", { name: /Design Foundations/ })).toBeVisible();
  expect(searches).toHaveLength(1);
  expect(new URL(searches[0]!.url()).search).toBe("?q=design+foundations&type=all");
  await expect(results.getByRole("group", { name: "Courses" })).toBeVisible();
});

test("I37 a word only in a post's text finds it, shown in context and marked, light and dark", async ({
  page,
}) => {
  for (const [slug, term, title, width, scheme] of [
    ["demo", "saturation", "Colour theory in ten minutes", 1280, "light"],
    ["acme", "reflow", "New soldering lab opens in Lyon", 375, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
    const { dialog, box } = await openSearch(page, slug);
    await box.fill(term);
    const hit = dialog.getByRole("option").filter({ hasText: title });
    await expect(hit.getByTestId("search-snippet").locator("mark")).toHaveText(term);
    // The marked word keeps its contrast in either theme.
    const results = await analyzeAxe(page, "[role=dialog]");
    expect(
      results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    ).toEqual([]);
    if (lookingAt)
      await page.screenshot({ path: test.info().outputPath(`${slug}-search-body-${scheme}.png`) });
  }
});

test("P10 each scope chip searches only its own type", async ({ page }) => {
  const searches = watchSearches(page);
  const { dialog, box } = await openSearch(page);
  await box.fill("photo");
  const results = dialog.getByRole("listbox", { name: "Search results" });
  await expect(results.getByRole("group", { name: "Courses" })).toBeVisible();
  await expect(results.getByRole("group", { name: "Blog" })).toBeVisible();
  await chooseScope(dialog, "Blog");
  await expect(results.getByRole("group", { name: "Courses" })).toHaveCount(0);
  await expect(
    results.getByRole("option", { name: /Meet our new photography teacher/ }),
  ).toBeVisible();
  expect(new URL(searches.at(-1)!.url()).searchParams.get("type")).toBe("blog");
  await chooseScope(dialog, "Pages");
  await expect(dialog.getByText("Nothing found")).toBeVisible();
});

test("P10 the keyboard opens search, moves through results and opens one", async ({ page }) => {
  await open(page, site("demo"));
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Search" });
  const box = dialog.getByRole("combobox", { name: "Search the site" });
  await expect(box).toBeFocused();
  await page.keyboard.type("photo");
  const options = dialog.getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute(
    "aria-activedescendant",
    (await options.nth(1).getAttribute("id"))!,
  );
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(site("demo", "/blog/new-photography-teacher"));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Meet our new photography teacher",
  );
});

test("P10 'Nothing found' shows only for terms longer than 3 characters", async ({ page }) => {
  const { dialog, box } = await openSearch(page);
  const answered = () => page.waitForResponse((r) => r.url().includes("/api/search"));
  let answer = answered();
  await box.fill("zqx");
  await answer;
  await expect(dialog.getByText("Results: 0")).toBeAttached();
  await expect(dialog.getByText("Nothing found")).toHaveCount(0);
  answer = answered();
  await box.fill("zqxw");
  await answer;
  await expect(dialog.getByText("Nothing found")).toBeVisible();
});

test("P10 an empty term never reaches the server", async ({ page }) => {
  const searches = watchSearches(page);
  const { dialog, box } = await openSearch(page);
  await box.fill("   ");
  await page.waitForTimeout(900);
  expect(searches).toHaveLength(0);
  await expect(dialog.getByText("Type to search.", { exact: false })).toBeVisible();
});

test("P10 members: visitors are asked to sign in; a signed-in member finds people by name", async ({
  page,
}) => {
  const { dialog, box } = await openSearch(page);
  await chooseScope(dialog, "Members");
  await box.fill("theo");
  await expect(dialog.getByText("Members of this site can find each other by name.")).toBeVisible();
  await expect(dialog.getByRole("option")).toHaveCount(0);

  await open(page, site("demo", "/login"));
  await page.getByLabel("E-mail").fill("student@demo.test");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("Lyceum-Demo-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  // Signing in lands in the dashboard; the search lives on the public site.
  await open(page, site("demo"));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await chooseScope(dialog, "Members");
  await dialog.getByRole("combobox", { name: "Search the site" }).fill("theo");
  await expect(dialog.getByRole("option", { name: /Theo Teacher/ })).toBeVisible();
  await expect(dialog.getByText("Members of this site can find each other by name.")).toHaveCount(
    0,
  );
});

for (const scheme of ["light", "dark"] as const) {
  for (const width of [1280, 375]) {
    test(`P10 the search modal at ${width} px, ${scheme}: no serious accessibility problem`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
      const { dialog, box } = await openSearch(page);
      await box.fill("o");
      await expect(dialog.getByRole("option").first()).toBeVisible();
      const results = await analyzeAxe(page, "[role=dialog]");
      const serious = results.violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      );
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
      // Nothing sticks out sideways on a phone.
      const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shot = `search-${width}-${scheme}`;
      if ((width === 1280) === (scheme === "light")) await expectScreen(page, shot);
      // Not compared: 1280 light and 375 dark are compared; these two keep baselines small.
      else if (lookingAt) await page.screenshot({ path: test.info().outputPath(`${shot}.png`) });
    });
  }
}
