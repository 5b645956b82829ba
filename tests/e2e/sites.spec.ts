import { DEMO_COUPON } from "../../scripts/demo-content";
import { open } from "./support/page";
import { expectScreen, lookingAt } from "./support/screenshot";
import { expect, test, type Page } from "./support/test";

const port = () => process.env.E2E_PORT!;
const site = (slug: string | null, path = "/") =>
  `http://${slug ? `${slug}.` : ""}localhost:${port()}${path}`;

/** Fails the test on any script error or hydration warning the page logs. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return problems;
}

test("P1 the demo account's home shows its title, menu and latest posts from the database", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const response = await open(page, site("demo"));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Demo Academy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo Academy");
  const nav = page.getByRole("navigation", { name: "Main menu" });
  await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(nav.getByText("Courses")).toBeVisible();
  await expect(page.getByTestId("post-card")).toHaveCount(4);
  await expect(page.getByTestId("post-card").first()).toContainText(
    "Five habits of people who finish online courses",
  );
  await expect(
    page.getByText(
      `Spring enrolment is open: every course 20% off this week with code ${DEMO_COUPON}.`,
    ),
  ).toBeVisible();
  await expect(page.locator("footer")).toContainText("Teach with us");
  // Not compared: site-chrome.spec.ts compares a first visit (cookie notice) on each site.
  if (lookingAt)
    await page.screenshot({
      path: test.info().outputPath("demo-desktop-light.png"),
      fullPage: true,
    });
  expect(problems).toEqual([]);
});

test("P1 the acme account shows its own content and theme, nothing of demo's", async ({ page }) => {
  await open(page, site("acme"));
  await expect(page).toHaveTitle("Acme Robotics Institute");
  await expect(page.getByTestId("post-card")).toHaveCount(2);
  await expect(page.getByTestId("post-card").first()).toContainText(
    "New soldering lab opens in Lyon",
  );
  await expect(page.locator("body")).not.toContainText("Demo Academy");
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByText("Programs"),
  ).toBeVisible();
  // Acme's theme: boxed body and a serif font.
  await expect(page.locator("[data-body-style]")).toHaveAttribute("data-body-style", "boxed");
  const font = await page.locator("h1").evaluate((el) => getComputedStyle(el).fontFamily);
  expect(font).toContain("Georgia");
  // Not compared: site-chrome.spec.ts compares a first visit (cookie notice) on each site.
  if (lookingAt)
    await page.screenshot({ path: test.info().outputPath("acme-desktop.png"), fullPage: true });
});

test("P5 nested menu items and the megamenu open from the header", async ({ page }) => {
  await open(page, site("demo"));
  await page.getByTestId("menu-courses").hover();
  await expect(page.getByText("Colour, type and layout from first principles.")).toBeVisible();
  await page.mouse.move(0, 500);
  await page.getByTestId("menu-about").hover();
  await expect(page.getByRole("menuitem", { name: "Our story" })).toHaveAttribute("href", "/about");
  await expect(page.getByRole("menuitem", { name: "Community forum" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await page.getByRole("menuitem", { name: "Teachers" }).hover();
  await expect(page.getByRole("menuitem", { name: "Teach with us" })).toBeVisible();
});

test("P6 under 768 px the drawer shows the separate mobile menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, site("demo"));
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  await page.getByRole("button", { name: "Open the menu" }).click();
  const drawer = page.getByRole("navigation", { name: "Mobile menu" });
  await expect(drawer.getByRole("link", { name: "Our story" })).toBeVisible();
  await expect(drawer.getByText("Community forum")).toHaveCount(0);
  // Not compared: site-chrome.spec.ts compares the drawer at 375 px (P6).
  if (lookingAt) await page.screenshot({ path: test.info().outputPath("demo-375-drawer.png") });
});

test("P9 dark theme is remembered under the local key theme", async ({ page }) => {
  await open(page, site("demo"));
  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  // Not compared: site-quality.spec.ts compares the home page in dark at 375 px.
  if (lookingAt) await page.screenshot({ path: test.info().outputPath("demo-desktop-dark.png") });
});

test("P20 the platform's home on the base domain names the product and its plans", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await open(page, site(null));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lyceum");
  await expect(page.getByTestId("plan-card")).toHaveCount(4);
  await expect(page.getByTestId("plan-card").first()).toContainText("Starter");
  await expect(page.getByTestId("plan-card").first()).toContainText("$29");
  // Not compared here: platform.spec.ts compares this page (home-1280-light, home-375-dark).
  if (lookingAt)
    await page.screenshot({ path: test.info().outputPath("platform.png"), fullPage: true });
  expect(problems).toEqual([]);
});

test("P2 an unknown host gets the styled 'no such site' page with status 404", async ({ page }) => {
  const response = await page.goto(site("nowhere"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such site" })).toBeVisible();
  await expectScreen(page, "no-such-site");
});

test("P1 an unknown path is a styled 404 inside the account's frame", async ({ page }) => {
  const response = await open(page, site("demo", "/no-such-page"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
});

test("V4 an Arabic account renders right-to-left in Arabic", async ({ page }) => {
  await open(page, site("souk"));
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).not.toHaveText(
    "Latest posts",
  );
  await expectScreen(page, "souk-home-rtl");
});

test("P1 the blog lists the account's posts and a post renders with its tags", async ({ page }) => {
  await open(page, site("demo", "/blog"));
  await expect(page).toHaveTitle("Blog · Demo Academy");
  await expect(page.getByTestId("post-card")).toHaveCount(4);
  await page.getByText("Colour theory in ten minutes").click();
  await expect(page).toHaveURL(/\/blog\/colour-theory$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Colour theory in ten minutes");
  await expect(page.getByTestId("post-body")).toContainText("Start with value");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    site("demo", "/blog/colour-theory"),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Colour theory in ten minutes",
  );
  const missing = await page.goto(site("demo", "/blog/no-such-post"));
  expect(missing?.status()).toBe(404);
});

test("P1 the course catalogue and a course page with price and curriculum", async ({ page }) => {
  await open(page, site("demo", "/course"));
  await expect(page.getByTestId("course-card")).toHaveCount(3);
  await expect(
    page.getByTestId("course-card").filter({ hasText: "Photography with Any Camera" }),
  ).toContainText("Free");
  await page.getByText("Design Foundations").click();
  await expect(page).toHaveURL(/\/course\/design-foundations$/);
  await expect(page.getByTestId("offer-amount")).toHaveText("$49.00");
  // Three sections: six lessons and the demo's quiz.
  await expect(page.getByTestId("curriculum-section")).toHaveCount(3);
  await expect(page.getByTestId("curriculum-lesson")).toHaveCount(7);
  // Not compared here: site-quality.spec.ts compares this course page (1280 light, 375 dark).
  if (lookingAt)
    await page.screenshot({ path: test.info().outputPath("course.png"), fullPage: true });
  // Acme's courses are priced in its own currency and never show on demo.
  await open(page, site("acme", "/course/robotics-101"));
  await expect(page.getByTestId("offer-amount")).toContainText("299");
  expect((await page.goto(site("demo", "/course/robotics-101")))?.status()).toBe(404);
});

test("P1 a page built from blocks answers at /{pageSlug}; the platform has no such pages", async ({
  page,
}) => {
  await open(page, site("demo", "/about"));
  // The leading Heading block is the page's one <h1>.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our story");
  await expect(page.getByText("We started Demo Academy in a kitchen")).toBeVisible();
  expect((await page.goto(site(null, "/about")))?.status()).toBe(404);
});

test("P1 at 375 px the course catalogue shows every price in full", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, site("demo", "/course"));
  const prices = page.getByTestId("course-card-price");
  await expect(prices).toHaveCount(3);
  await expect(prices).toHaveText(["Free", "$79.00", "$49.00"]);
  // Text cut short by an ellipsis is wider than the box that shows it.
  const clipped = await prices.evaluateAll(
    (badges) =>
      badges.filter((badge) => {
        const label = badge.querySelector(".mantine-Badge-label") ?? badge;
        return label.scrollWidth > label.clientWidth;
      }).length,
  );
  expect(clipped).toBe(0);
});
