import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { findAccountBySlug } from "../../app/features/accounts/queries.server";
import { openDatabase } from "../../app/platform/db/database.server";
import { contrastRatio, parseColor } from "../../app/platform/color-contrast";
import { seedDemo } from "../../scripts/demo-seed";
import { seedReportActivity } from "../factories/reports";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { projectRoot, startServer, tempDataDir, type RunningServer } from "./support/server";

// Issue 17 scope 5 in the browser, on a server of this file's own: the demo as seeded (weeks of
// visits and campaign visits, its people joining, the parent's purchases) and four months more
// of generated activity — members joining and enrolling, orders in dollars and euros, campaign
// visits from seven sources — so every chart has something to draw.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const site = (p = "/") => `http://demo.localhost:${server.port}${p}`;
const sessions = createSessions(site);
const shots = process.env.REPORTS_SHOTS_DIR;
const charts = [
  "chart-page-views",
  "chart-revenue",
  "chart-sign-ups",
  "chart-members",
  "chart-enrolments",
  "chart-funnel",
];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = tempDataDir("reports");
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate(path.join(projectRoot, "drizzle"));
    await seedDemo(database, { replace: false });
    const demo = await database.asApp((tx) => findAccountBySlug(tx, "demo"));
    await seedReportActivity(database, { accountId: demo!.accountId, now: new Date(), days: 120 });
  } finally {
    await database.close();
  }
  server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every chart's marks against its card, in the theme the page shows: 3:1 at least (WCAG 1.4.11). */
async function chartContrasts(page: Page) {
  return page.evaluate((ids) => {
    const found: { chart: string; color: string; background: string }[] = [];
    for (const id of ids) {
      const card = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
      const background = getComputedStyle(card).backgroundColor;
      const marks = [
        ...card.querySelectorAll<SVGElement>(".recharts-area-curve, .recharts-rectangle"),
      ];
      for (const mark of marks.slice(0, 40)) {
        const style = getComputedStyle(mark);
        const color = mark.classList.contains("recharts-area-curve") ? style.stroke : style.fill;
        found.push({ chart: id, color, background });
      }
    }
    return found;
  }, charts);
}

test("M7 reports the owner chooses 30 days, reads the cards and charts in light, dark and night, and downloads the CSV", async ({
  page,
}) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/reports?period=7d"));
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const week = await page.getByTestId("stat-page-views-total").textContent();

  await page.getByTestId("report-period").getByText("30 days", { exact: true }).click();
  await expect(page).toHaveURL(/\?period=30d$/);
  await expect(page.getByRole("radio", { name: "30 days" })).toBeChecked();
  const views = page.getByTestId("stat-page-views-total");
  await expect(views).not.toHaveText(week!);
  expect(Number((await views.textContent())!.replace(/\D/g, ""))).toBeGreaterThan(200);
  for (const id of ["sign-ups", "members", "enrolments", "revenue-usd", "revenue-eur", "funnel"]) {
    await expect(page.getByTestId(`stat-${id}-total`), id).not.toHaveText(/^(0|\$0\.00|€0\.00)$/);
    await expect(page.getByTestId(`stat-${id}-change`), id).toBeVisible();
  }
  await expect(page.getByTestId("report-range")).toContainText("UTC");
  for (const id of charts)
    await expect(page.getByTestId(id).locator(".recharts-surface"), id).toHaveCount(1);
  // The campaign chart's legend: the five biggest sources and the rest together.
  await expect(page.getByTestId("chart-funnel")).toContainText("Other sources");
  // The figures behind a chart, as a table.
  const revenue = page.getByTestId("chart-revenue");
  await revenue.getByText("Show the figures").click();
  await expect(revenue.getByRole("table")).toContainText("Total");
  await revenue.locator("label", { hasText: /^EUR$/ }).click();
  await expect(revenue.getByRole("columnheader", { name: "Revenue (EUR)" })).toBeVisible();

  for (const theme of ["light", "dark", "night"] as const) {
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(
      page.getByTestId("chart-funnel").locator(".recharts-rectangle").first(),
    ).toBeVisible();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await expectNoSeriousAxeIssues(page);
    const marks = await chartContrasts(page);
    expect(new Set(marks.map((mark) => mark.chart)).size, theme).toBe(charts.length);
    for (const mark of marks) {
      const ratio = contrastRatio(parseColor(mark.color)!, parseColor(mark.background)!);
      expect(ratio, `${theme} ${mark.chart} ${mark.color} on ${mark.background}`).toBeGreaterThan(
        3,
      );
    }
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await lookAt(page, shots, "reports-30d");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^reports-demo-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("date,metric,currency,utm_source,value");
  expect(lines.filter((line) => line.includes(",page_views,"))).toHaveLength(30);
  expect(lines.filter((line) => line.includes(",revenue,USD,"))).toHaveLength(30);
  const total = lines
    .filter((line) => line.includes(",page_views,"))
    .reduce((sum, line) => sum + Number(line.split(",").at(-1)), 0);
  expect(total).toBe(Number((await views.textContent())!.replace(/\D/g, "")));
  // A visitor's utm_source that looks like a formula stays text.
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
});

test("M7 reports a custom range and 12 months by month, each in the address", async ({ page }) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/reports"));
  await page.getByTestId("report-period").getByText("Custom", { exact: true }).click();
  const form = page.getByTestId("custom-period");
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel("From").fill(day(20));
  await form.getByLabel("To").fill(day(6));
  await form.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day(20)}&to=${day(6)}`));
  await expect(page.getByRole("radio", { name: "Custom" })).toBeChecked();
  await expect(page.getByTestId("chart-page-views").locator(".recharts-surface")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/dashboard/reports.csv?from=${day(20)}&to=${day(6)}`,
  );
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "reports-custom");

  await page.getByTestId("report-period").getByText("12 months", { exact: true }).click();
  await expect(page).toHaveURL(/\?period=12m$/);
  const pageViews = page.getByTestId("chart-page-views");
  await pageViews.getByText("Show the figures").click();
  await expect(pageViews.getByRole("table").getByRole("rowheader")).toHaveCount(13);
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "reports-12m");
});
