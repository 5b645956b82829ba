import { expect, test } from "./support/test";
import { open } from "./support/page";
import { expectScreen, lookingAt } from "./support/screenshot";

const port = () => process.env.E2E_PORT!;
const demo = (path: string) => `http://demo.localhost:${port()}${path}`;

test("P1 /docs shows the account's documentation with a sidebar, inside the site frame", async ({
  page,
}) => {
  const response = await open(page, demo("/docs"));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Documentation · Demo Academy");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(page.locator("footer")).toContainText("Help centre");
  await expect(page.getByTestId("doc-card")).toHaveCount(3);
  const sidebar = page.getByRole("navigation", { name: "Contents" });
  await expect(sidebar.getByRole("link")).toHaveText([
    "Documentation",
    "Getting started",
    "Taking a course",
    "Payments and refunds",
  ]);
  // Not compared: site-quality.spec.ts compares /docs (1280 light, 375 dark).
  if (lookingAt)
    await page.screenshot({ path: test.info().outputPath("docs-index.png"), fullPage: true });
  await sidebar.getByRole("link", { name: "Taking a course" }).click();
  await expect(page).toHaveURL(demo("/docs/taking-a-course"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Taking a course");
  await expect(page.getByText("Your progress is saved as you go")).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Taking a course" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("link", { name: "Next: Payments and refunds" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payments and refunds");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectScreen(page, "doc-375");
});

test("P1 /thankyou shows the order reference from the address, inside the site frame", async ({
  page,
}) => {
  const response = await open(page, demo("/thankyou?order=DA-2041"));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you!");
  await expect(page.getByTestId("order-reference")).toHaveText("Order reference: DA-2041");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(page.locator("footer")).toBeVisible();
  await expectScreen(page, "thankyou-order");
  // Anything but a plain reference is not echoed back.
  await open(page, demo("/thankyou?order=%3Cscript%3Ealert(1)%3C%2Fscript%3E"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you!");
  await expect(page.getByTestId("order-reference")).toHaveCount(0);
});

test("P1 /subscribed confirms the newsletter subscription, inside the site frame", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  const response = await open(page, demo("/subscribed"));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  await expect(
    page.getByText("Thank you for subscribing to the Demo Academy newsletter."),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await page.getByRole("link", { name: "Read the blog" }).click();
  await expect(page).toHaveURL(demo("/blog"));
  await open(page, demo("/subscribed"));
  await expectScreen(page, "subscribed-dark");
});

// What a public page may download (no dashboard code, no editor): islands.spec.ts, from the build.
