import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { analyzeAxe } from "./support/axe";
import { lookingAt } from "./support/screenshot";

// I17 the platform's own blog (decision 029): the seeded "Welcome to Lyceum" post, read at the
// base domain's /blog and /blog/{slug} in the marketing site's frame. Screenshots go to
// PLATFORM_BLOG_SHOTS_DIR when set, else to the test's output folder.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let dataDir: string;
const platform = (route: string) => `http://localhost:${server.port}${route}`;
const shot = (name: string) =>
  process.env.PLATFORM_BLOG_SHOTS_DIR
    ? path.join(process.env.PLATFORM_BLOG_SHOTS_DIR, name)
    : test.info().outputPath(name);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("platform-blog");
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("I17 a visitor finds the platform's post on the base domain's /blog and reads it there", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await open(page, platform("/blog")))?.status()).toBe(200);
  await expect(page).toHaveTitle("Blog · Lyceum");
  // The marketing site's frame: its navigation and footer.
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(
    page.getByText("Courses, community and commerce on a site of your own."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Welcome to Lyceum" }).first().click();
  await expect(page).toHaveURL(platform("/blog/welcome-to-lyceum"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Lyceum");
  await expect(page).toHaveTitle("Welcome to Lyceum · Lyceum");
  await expect(page.getByRole("heading", { name: "Where to start" })).toBeVisible();
  // No comment thread on the platform's posts.
  await expect(page.getByText("Sign in to comment")).toHaveCount(0);
});

for (const scheme of ["light", "dark"] as const) {
  test(`I17 the platform's blog in ${scheme} at 1280 and 375: no serious accessibility problem`, async ({
    page,
  }) => {
    test.slow();
    await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    const screens = [
      { name: "platform-blog", route: "/blog" },
      { name: "platform-post", route: "/blog/welcome-to-lyceum" },
    ];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 760 : 900 });
      for (const screen of screens) {
        expect((await open(page, platform(screen.route)))?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
        await page.evaluate(() => document.fonts.ready);
        const results = await analyzeAxe(page);
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")}`,
          );
        expect(serious, `${screen.name} ${width} ${scheme}`).toEqual([]);
        // Only to look at, never compared (decision 047).
        if (lookingAt || process.env.PLATFORM_BLOG_SHOTS_DIR)
          await page.screenshot({
            path: shot(`${screen.name}-${width}-${scheme}.png`),
            animations: "disabled",
            fullPage: true,
          });
      }
    }
    expect(problems).toEqual([]);
  });
}
