// The demo's reports are not empty for a newcomer (issue 17 scope 5): its seed gives the demo site
// weeks of visits and campaign visits, its people joining one after another, an enrolment and the
// parent's purchases; the other demo sites keep no such history.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import { findAccountForSlug } from "~/features/accounts/accounts.server";
import { loadReport } from "~/features/reports/reports.server";
import { seedDemo } from "../scripts/demo-seed";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";

describe.each(logicBackends)("M7 reports of the demo on %s", (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await seedDemo(db.database, { replace: false });
  }, 120_000);
  afterAll(() => db?.dispose());

  const reportOf = async (slug: string, period: string) => {
    const account = (await findAccountForSlug(db.database, slug)) as unknown as AccountSummary;
    const root = { id: "root", name: "Root", email: "root@platform.test", image: null };
    return loadReport(db.database, {
      account,
      viewer: { user: root, membership: null, isSuperAdmin: true },
      search: new URLSearchParams({ period }),
    });
  };

  test("M7 reports the demo's 30 days: visits, campaign visits, sign-ups, members, an enrolment and revenue, each with a period before to compare", async () => {
    const report = await reportOf("demo", "30d");
    expect(report.pageViews.total).toBeGreaterThan(200);
    expect(report.pageViews.previous).toBeGreaterThan(200);
    expect(report.funnel.total).toBeGreaterThan(30);
    expect(report.funnel.series.map((entry) => entry.source).toSorted()).toEqual([
      "google",
      "instagram",
      "newsletter",
      "partner",
    ]);
    // Sam (9 days ago) and Theo (26) joined in these 30 days, Pat (47) in the 30 before.
    expect(report.signUps).toMatchObject({ total: 2, previous: 1 });
    expect(report.members).toMatchObject({ total: 4, previous: 2 });
    expect(report.enrolments.total).toBe(1);
    expect(report.revenue).toHaveLength(1);
    expect(report.revenue[0]).toMatchObject({ currency: "USD", orders: 5, previousOrders: 1 });
    expect(report.revenue[0]!.total).toBe(2 * 4900 + 3 * 3900);
    // The 12 months show the owner's first day too.
    const year = await reportOf("demo", "12m");
    expect(year.signUps.total).toBe(4);
  });

  test("M7 reports the other demo sites have no made-up history", async () => {
    const report = await reportOf("acme", "90d");
    expect(report.pageViews.total + report.funnel.total + report.revenue.length).toBe(0);
  });
});
