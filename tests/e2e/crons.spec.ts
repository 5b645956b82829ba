import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/platform/db/database.server";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { expect, test, type Page } from "./support/test";

// Issue 17 scope 8 in the browser: /dashboard/maintenance/crons on a server of this file's own,
// where acme's owner is a super-admin, signed in on the base domain (the console's host). In file
// order: the second test makes the first test's run fail (server stopped, its database changed)
// and retries it.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const path = "/dashboard/maintenance/crons";
/** The base domain: the console's host (decision 037). */
const platform = (p: string) => `http://localhost:${server.port}${p}`;
const sessions = createSessions(platform);
const shots = process.env.CRONS_SHOTS_DIR;
const superAdminEnv = { SUPER_ADMIN_EMAILS: "owner@acme.test" };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("crons");
  server = await startServer({ dataDir, env: superAdminEnv });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asSuperAdmin(page: Page) {
  await sessions.use(page, "owner@acme.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, platform(path));
  expect(response?.status()).toBe(200);
}

const row = (page: Page, name: string) =>
  page.locator(`[data-testid="cron-row"][data-name="${name}"]`);

/** Axe in the light scheme and in the dark one. */
async function expectAxeClean(page: Page) {
  await expectNoSeriousAxeIssues(page);
  await page.evaluate(() =>
    document.documentElement.setAttribute("data-mantine-color-scheme", "dark"),
  );
  await expectNoSeriousAxeIssues(page);
  await page.evaluate(() =>
    document.documentElement.setAttribute("data-mantine-color-scheme", "light"),
  );
}

test("M8 a super-admin sees the schedules, runs the session cleanup now and sees its last run", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await asSuperAdmin(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scheduled jobs");
  for (const name of [
    "auth.expired-sessions",
    "content.publish-due",
    "mail.outbox-cleanup",
    "orders.subscription-sweep",
  ])
    await expect(row(page, name)).toBeVisible();
  // Each cron in words beside the expression, and when it next runs.
  const cleanup = row(page, "auth.expired-sessions");
  await expect(cleanup.getByRole("rowheader")).toContainText("Expired sessions");
  await expect(cleanup.getByTestId("cron-reading")).toHaveText("Hourly, at :23");
  await expect(row(page, "orders.subscription-sweep").getByTestId("cron-reading")).toHaveText(
    "Hourly, at :07",
  );
  await expect(row(page, "content.publish-due").getByTestId("cron-reading")).toHaveText(
    "Every 5 min",
  );
  await expect(row(page, "mail.outbox-cleanup").getByTestId("cron-reading")).toHaveText(
    "Daily at 03:41 AM",
  );
  await expect(cleanup.getByTestId("cron-next-run")).toContainText("UTC");

  await cleanup.getByRole("button", { name: "Run now: Expired sessions" }).click();
  await expect(page.getByTestId("crons-answer")).toHaveText(
    "The run was sent; it starts in a moment.",
  );
  // The screen looks again while the run waits or runs.
  const lastRun = cleanup.getByTestId("cron-last-run");
  await expect(lastRun.getByTestId("run-state")).toHaveAttribute("data-state", "completed", {
    timeout: 20_000,
  });
  await expect(lastRun.getByTestId("run-state")).toHaveText("Completed");
  await expect(lastRun).toContainText("Run by hand");
  await expect(lastRun.getByTestId("run-result")).toContainText(/Sessions removed: \d+/);

  await cleanup.getByRole("button", { name: /Recent runs/ }).click();
  await expect(page.getByTestId("recent-runs")).toBeVisible();
  expect(await page.getByTestId("recent-run").count()).toBeGreaterThanOrEqual(1);
  await expectAxeClean(page);
  await lookAt(page, shots, "crons");
});

test("M8 issue 17 acceptance: the crons screen shows the renewal job's last run, and the usage meters' job", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await asSuperAdmin(page);
  await expect(row(page, "usage.rollup").getByTestId("cron-reading")).toHaveText("Hourly, at :17");
  const planChanges = row(page, "billing.plan-changes");
  await expect(planChanges.getByRole("rowheader")).toContainText("Plan changes");
  await expect(planChanges.getByTestId("cron-reading")).toHaveText("Every 15 min");
  const renewals = row(page, "orders.subscription-sweep");
  await expect(renewals.getByRole("rowheader")).toContainText("Subscription renewals");
  await renewals.getByRole("button", { name: "Run now: Subscription renewals" }).click();
  const lastRun = renewals.getByTestId("cron-last-run");
  await expect(lastRun.getByTestId("run-state")).toHaveAttribute("data-state", "completed", {
    timeout: 20_000,
  });
  await expect(lastRun).toContainText("Run by hand");
  await expect(lastRun.getByTestId("run-result")).toContainText(/Marked past due: \d+/);
});

test("M8 a failed run shows its error; Retry runs it again", async ({ page }) => {
  test.setTimeout(120_000);
  // The first test's run, as if its handler had thrown: written while the server is down (the
  // embedded database belongs to one process at a time).
  expect(await server.stop()).toBe(0);
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.owner.execute(
      sql`update pgboss.job set state = 'failed', completed_on = now(),
            output = ${JSON.stringify({
              message: 'relation "sessions" is locked by another transaction',
              stack:
                'Error: relation "sessions" is locked by another transaction\n    at deleteExpiredSessions (session-cleanup.server.ts:18:7)',
            })}::jsonb
          where id = (select id from pgboss.job where name = 'auth.expired-sessions'
                       order by created_on desc limit 1)`,
    );
  } finally {
    await database.close();
  }
  server = await startServer({ dataDir, env: superAdminEnv });

  await page.setViewportSize({ width: 1280, height: 900 });
  await asSuperAdmin(page);
  const cleanup = row(page, "auth.expired-sessions");
  const lastRun = cleanup.getByTestId("cron-last-run");
  await expect(lastRun.getByTestId("run-state")).toHaveAttribute("data-state", "failed");
  await expect(lastRun.getByTestId("run-error")).toContainText(
    'relation "sessions" is locked by another transaction',
  );
  await lastRun.getByRole("button", { name: "Show details" }).click();
  await expect(lastRun.getByText("at deleteExpiredSessions")).toBeVisible();
  await expectAxeClean(page);
  await lookAt(page, shots, "crons-failed");

  await cleanup.getByRole("button", { name: "Retry: Expired sessions" }).click();
  await expect(page.getByTestId("crons-answer")).toHaveText("The failed run will be tried again.");
  await expect(lastRun.getByTestId("run-state")).toHaveAttribute("data-state", "completed", {
    timeout: 20_000,
  });
  await expect(lastRun).toContainText("Attempts: 2");
  await expect(cleanup.getByRole("button", { name: "Retry: Expired sessions" })).toHaveCount(0);
});
