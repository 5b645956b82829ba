import { expect, test, type Page } from "./support/test";
import { open } from "./support/page";
import { expectScreen } from "./support/screenshot";

const site = (slug: string, path = "/") =>
  `http://${slug}.localhost:${process.env.E2E_PORT}${path}`;

async function signIn(page: Page, slug: string, email: string) {
  await open(page, site(slug, "/login"));
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("Lyceum-Demo-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

test("P17 the owner gets the quick-edit bar with the spec's targets; clearing the cache renders the page again", async ({
  page,
}) => {
  await signIn(page, "demo", "owner@demo.test");
  await open(page, site("demo", "/blog"));
  const bar = page.getByRole("navigation", { name: "Site admin" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link", { name: "Edit this page" })).toHaveAttribute(
    "href",
    "/dashboard/posts/",
  );
  await expect(bar.getByRole("link", { name: "Theme colours and fonts" })).toHaveAttribute(
    "href",
    "/dashboard/manage/site/theme",
  );
  await expect(bar.getByRole("link", { name: "Header, logo and menu" })).toHaveAttribute(
    "href",
    "/dashboard/manage/site/header",
  );
  await expect(bar.getByRole("link", { name: "Footer" })).toHaveAttribute(
    "href",
    "/dashboard/manage/site/footer",
  );

  // An anonymous visitor's copy of /blog is cached; the owner's button drops it.
  const anonymous = await page.context().browser()!.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(site("demo", "/blog"));
  const cached = await visitor.goto(site("demo", "/blog"));
  expect(cached?.headers()["x-page-cache"]).toBe("hit");
  const cleared = page.waitForResponse((r) => r.url().includes("/api/site/revalidateCache"));
  await bar.getByRole("button", { name: "Clear page cache" }).click();
  expect((await cleared).status()).toBe(200);
  await expect(bar.getByRole("button", { name: "Page cache cleared" })).toBeVisible();
  const fresh = await visitor.goto(site("demo", "/blog"));
  expect(fresh?.headers()["x-page-cache"]).toBe("miss");
  // And the visitor never sees the bar.
  await expect(visitor.getByRole("navigation", { name: "Site admin" })).toHaveCount(0);
  await expectScreen(page, "admin-bar");
  await anonymous.close();

  // Edit targets follow the kind of page: a course opens the course list.
  await open(page, site("demo", "/course"));
  await expect(bar.getByRole("link", { name: "Edit this page" })).toHaveAttribute(
    "href",
    "/dashboard/course/",
  );
  // A post opens its own editor.
  await open(page, site("demo", "/blog/colour-theory"));
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  await bar.getByRole("link", { name: "Edit this page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/post\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit post");
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title!);
});

test("P17 a student gets no quick-edit bar", async ({ page }) => {
  await signIn(page, "demo", "student@demo.test");
  await open(page, site("demo", "/"));
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Site admin" })).toHaveCount(0);
});
