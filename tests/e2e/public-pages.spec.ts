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

test("I12 a public page never downloads the dashboard's code", async ({ page }) => {
  const scripts = new Set<string>();
  let recording = true;
  page.on("response", (response) => {
    if (!recording) return;
    const url = new URL(response.url());
    if (url.pathname.endsWith(".js")) scripts.add(url.pathname);
  });
  for (const path of ["/", "/blog/colour-theory", "/course/design-foundations"]) {
    const response = await open(page, demo(path));
    expect(response?.status()).toBe(200);
  }
  // These are island documents (decision 048): their code loads when reached for. Add to cart
  // wakes its island and the header's cart.
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  recording = false;
  // An island document carries no React Router manifest; the sign-in page, an app, does.
  await open(page, demo("/login"));
  // What each route needs, as React Router's client asks the server for it (lazy route discovery).
  const routesFor = (paths: string[]) =>
    page.evaluate(async (wanted) => {
      const { version } = (window as unknown as { __reactRouterManifest: { version: string } })
        .__reactRouterManifest;
      const query = new URLSearchParams({ paths: wanted.sort().join(","), version });
      const found = (await (await fetch(`/__manifest?${query}`)).json()) as Record<
        string,
        { module: string; imports?: string[] }
      >;
      return Object.values(found).map((route) => [route.module, ...(route.imports ?? [])]);
    }, paths);
  const publicPaths = [
    "/",
    "/blog/colour-theory",
    "/course/design-foundations",
    "/blog",
    "/course",
  ];
  const dashboardPaths = [
    "/dashboard",
    "/dashboard/profile",
    "/dashboard/notifications",
    "/dashboard/manage/site/theme",
    "/dashboard/manage/site/header",
    "/dashboard/manage/site/footer",
  ];
  const publicFiles = new Set((await routesFor(publicPaths)).flat());
  const dashboardOnly = new Set(
    (await routesFor(dashboardPaths)).flat().filter((file) => !publicFiles.has(file)),
  );
  // Not vacuous: the dashboard has code of its own, and the pages loaded scripts.
  expect(dashboardOnly.size).toBeGreaterThan(5);
  expect(scripts.size).toBeGreaterThan(5);
  expect([...scripts].filter((file) => dashboardOnly.has(file))).toEqual([]);
  // Nor does a chunk shared with the dashboard bring an editor along (a barrel re-exporting the
  // post editor once put Tiptap in a chunk every page loaded).
  const editorMarks = /ProseMirror|tiptap|@puckeditor|measured\/puck/;
  const withEditors = await page.evaluate(
    async ({ files, marks }) => {
      const found: string[] = [];
      for (const file of files)
        if (new RegExp(marks).test(await (await fetch(file)).text())) found.push(file);
      return found;
    },
    { files: [...scripts], marks: editorMarks.source },
  );
  expect(withEditors).toEqual([]);
});
