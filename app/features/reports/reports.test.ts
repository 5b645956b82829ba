import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import { joinAccount, type Viewer } from "~/features/members/members.server";
import { members, roles } from "~/features/members/tables.server";
import { isAppError } from "~/platform/errors";
import { createAccount, createUser } from "../../../tests/factories";
import { seedReportActivity, type ReportActivity } from "../../../tests/factories/reports";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { exportReportCsv, loadReport } from "./reports.server";
import {
  addDays,
  bucketEnd,
  bucketOf,
  bucketsOf,
  dayNumber,
  dayOf,
  type ReportPeriod,
} from "./period";
import type { Metric } from "./report-model";
import { todayIn } from "./time-zone";

// A spring day: New York's clocks went forward on 8 March, inside every period below.
const now = new Date("2026-04-15T15:00:00Z");
const search = (query = "") => new URLSearchParams(query);

/** What a list of moments comes to per local day, counted here (not by the database). */
function perDay(moments: Date[], timeZone: string, weight: (index: number) => number = () => 1) {
  const days = new Map<string, number>();
  moments.forEach((at, index) => {
    const day = todayIn(timeZone, at);
    days.set(day, (days.get(day) ?? 0) + weight(index));
  });
  return days;
}

function expectedMetric(days: Map<string, number>, period: ReportPeriod): Metric {
  const within = (from: string, to: string) =>
    [...days].filter(([day]) => day >= from && day <= to).reduce((sum, [, n]) => sum + n, 0);
  return {
    total: within(period.from, period.to),
    previous: within(period.previous.from, period.previous.to),
    points: bucketsOf(period).map((bucket) => ({
      bucket,
      value: [...days]
        .filter(
          ([day]) =>
            bucketOf(day, period.bucket) === bucket && day >= period.from && day <= period.to,
        )
        .reduce((sum, [, n]) => sum + n, 0),
    })),
  };
}

describe.each(logicBackends)("M7 reports on %s", (backend) => {
  let db: TestDatabase;
  const sites = {} as Record<
    "ny" | "utc" | "empty",
    { account: AccountSummary; activity: ReportActivity | null; owner: Viewer }
  >;
  const viewers = {} as Record<"student" | "manager" | "superAdmin", Viewer>;

  async function person(account: AccountSummary, roleName: string): Promise<Viewer> {
    const user = await createUser(db.database, { name: roleName });
    const membership = await joinAccount(db.database, {
      accountId: account.accountId,
      user,
      roleName,
    });
    return { user: { ...user, image: null }, membership, isSuperAdmin: false };
  }

  /** Every membership's start, the generated ones and the people of the test alike. */
  async function joinsOf(account: AccountSummary) {
    const rows = await db.database.forAccount(account.accountId, (tx) =>
      tx
        .select({ at: members.createdAt })
        .from(members)
        .where(eq(members.accountId, account.accountId)),
    );
    return rows.map((row) => row.at);
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const make = async (
      key: keyof typeof sites,
      settings: Record<string, unknown>,
      days: number,
    ) => {
      const account = (await createAccount(db.database, {
        settings,
      })) as unknown as AccountSummary;
      const activity = days
        ? await seedReportActivity(db.database, { accountId: account.accountId, now, days })
        : null;
      sites[key] = { account, activity, owner: await person(account, "site_owner") };
    };
    await make("ny", { currency: "USD", timezone: "America/New_York" }, 200);
    await make("utc", { currency: "EUR" }, 45);
    await make("empty", {}, 0);
    const ny = sites.ny.account;
    viewers.student = await person(ny, "student");
    // A manager with every capability of the owner, but not the owner.
    await db.database.forAccount(ny.accountId, async (tx) => {
      const [owner] = await tx
        .select({ caps: roles.caps })
        .from(roles)
        .where(and(eq(roles.accountId, ny.accountId), eq(roles.name, "site_owner")));
      await tx
        .insert(roles)
        .values({ accountId: ny.accountId, name: "manager", caps: owner!.caps });
    });
    viewers.manager = await person(ny, "manager");
    const root = await createUser(db.database, { name: "Root" });
    viewers.superAdmin = { user: { ...root, image: null }, membership: null, isSuperAdmin: true };
  }, 240_000);
  afterAll(() => db?.dispose());

  async function expectExactReport(key: keyof typeof sites, query: string, timeZone: string) {
    const { account, activity, owner } = sites[key];
    const report = await loadReport(db.database, {
      account,
      viewer: owner,
      search: search(query),
      now,
    });
    const { period } = report;
    expect(report.timeZone).toBe(timeZone);
    const generated = activity ?? { pageViews: [], funnel: [], enrolments: [], orders: [] };
    expect(report.pageViews).toEqual(expectedMetric(perDay(generated.pageViews, timeZone), period));
    const joins = perDay(await joinsOf(account), timeZone);
    expect(report.signUps).toEqual(expectedMetric(joins, period));
    expect(report.enrolments).toEqual(
      expectedMetric(perDay(generated.enrolments, timeZone), period),
    );
    // Members: everyone who joined up to the end of each bucket (and of each period).
    const upTo = (day: string) =>
      [...joins].filter(([joined]) => joined <= day).reduce((sum, [, n]) => sum + n, 0);
    expect(report.members).toEqual({
      total: upTo(period.to),
      previous: upTo(period.previous.to),
      points: bucketsOf(period).map((bucket) => ({
        bucket,
        value: upTo(bucketEnd(bucket, period.to)),
      })),
    });
    // Revenue: paid and fulfilled orders, less refunds, by the day they were paid, per currency.
    const kept = generated.orders.filter((order) => order.kept > 0);
    const currencies = [...new Set(kept.map((order) => order.currency))];
    for (const currency of currencies) {
      const orders = kept.filter((order) => order.currency === currency);
      const amounts = expectedMetric(
        perDay(
          orders.map((order) => order.paidAt!),
          timeZone,
          (index) => orders[index]!.kept,
        ),
        period,
      );
      const counted = expectedMetric(
        perDay(
          orders.map((order) => order.paidAt!),
          timeZone,
        ),
        period,
      );
      const shown = report.revenue.find((entry) => entry.currency === currency);
      if (amounts.total === 0 && amounts.previous === 0) {
        expect(shown).toBeUndefined();
        continue;
      }
      expect(shown).toEqual({
        currency,
        ...amounts,
        orders: counted.total,
        previousOrders: counted.previous,
      });
    }
    expect(report.revenue.every((entry) => currencies.includes(entry.currency))).toBe(true);
    // Campaign visits: the total and per day exact, each named source's own count exact.
    const visits = expectedMetric(
      perDay(
        generated.funnel.map((visit) => visit.at),
        timeZone,
      ),
      period,
    );
    expect(report.funnel.total).toBe(visits.total);
    expect(report.funnel.previous).toBe(visits.previous);
    expect(
      report.funnel.points.map((point) => ({
        bucket: point.bucket,
        value: point.values.reduce((sum, n) => sum + n, 0),
      })),
    ).toEqual(visits.points);
    for (const series of report.funnel.series.filter((entry) => entry.source !== null)) {
      const own = generated.funnel.filter((visit) => visit.source === series.source);
      expect(series.total).toBe(
        expectedMetric(
          perDay(
            own.map((visit) => visit.at),
            timeZone,
          ),
          period,
        ).total,
      );
    }
    return report;
  }

  test("M7 reports 30 days: every figure per day matches the generated rows, in the account's time zone (across a clock change), against the 30 days before", async () => {
    const report = await expectExactReport("ny", "period=30d", "America/New_York");
    expect(report.period).toMatchObject({ from: "2026-03-17", to: "2026-04-15", bucket: "day" });
    expect(report.pageViews.points).toHaveLength(30);
    // The generated data is busy enough for the comparison to mean something.
    expect(report.pageViews.total).toBeGreaterThan(50);
    expect(report.pageViews.previous).toBeGreaterThan(50);
    expect(report.revenue.map((entry) => entry.currency)).toEqual(["USD", "EUR"]);
    expect(report.funnel.series).toHaveLength(6);
    expect(report.funnel.series.at(-1)!.source).toBeNull();
  });

  test("M7 reports 7 days, 90 days (across 8 March) and 12 months by month compare exactly with the period before", async () => {
    await expectExactReport("ny", "period=7d", "America/New_York");
    const quarter = await expectExactReport("ny", "period=90d", "America/New_York");
    expect(quarter.period.previous).toEqual({ from: "2025-10-18", to: "2026-01-15" });
    const year = await expectExactReport("ny", "period=12m", "America/New_York");
    expect(year.period).toMatchObject({ from: "2025-05-01", bucket: "month" });
    expect(year.pageViews.points.map((point) => point.bucket)).toHaveLength(12);
    await expectExactReport("ny", "from=2026-03-01&to=2026-03-14", "America/New_York");
  });

  test("M7 reports another account's rows never appear: each site counts its own, an empty site counts nothing", async () => {
    await expectExactReport("utc", "period=90d", "UTC");
    const empty = await expectExactReport("empty", "period=12m", "UTC");
    expect(empty.pageViews.total + empty.pageViews.previous).toBe(0);
    expect(empty.revenue).toEqual([]);
    expect(empty.funnel).toMatchObject({ total: 0, previous: 0, series: [] });
    // The UTC site has days of its own in the same weeks: a leak would change the exact counts
    // checked above, and here a day both sites had rows on shows only its own.
    const utc = sites.utc.activity!;
    const day = todayIn("UTC", utc.pageViews[0]!);
    const report = await loadReport(db.database, {
      account: sites.utc.account,
      viewer: sites.utc.owner,
      search: search(`from=${day}&to=${day}`),
      now,
    });
    expect(report.pageViews.total).toBe(perDay(utc.pageViews, "UTC").get(day));
  });

  test("M7 reports an address it cannot read shows the last 30 days and says so", async () => {
    const report = await loadReport(db.database, {
      account: sites.ny.account,
      viewer: sites.ny.owner,
      search: search("from=2026-04-10&to=2026-01-01"),
      now,
    });
    expect(report.fellBack).toBe(true);
    expect(report.period).toMatchObject({ preset: "30d", to: "2026-04-15" });
  });

  test("M7 reports a member without owner rights is refused (403), however many capabilities; a super-admin is let in", async () => {
    const { account } = sites.ny;
    for (const viewer of [viewers.student, viewers.manager]) {
      for (const run of [
        () => loadReport(db.database, { account, viewer, search: search(), now }),
        () => exportReportCsv(db.database, { account, viewer, search: search(), now }),
      ]) {
        const error = await run().then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(isAppError(error) && error.code, viewer.membership?.role).toBe("auth.forbidden");
        expect(isAppError(error) && error.status).toBe(403);
      }
    }
    // The owner of another site is no owner here.
    const stranger = await loadReport(db.database, {
      account,
      viewer: sites.utc.owner,
      search: search(),
      now,
    }).catch((caught: unknown) => caught);
    expect(isAppError(stranger) && stranger.status).toBe(403);
    const report = await loadReport(db.database, {
      account,
      viewer: viewers.superAdmin,
      search: search(),
      now,
    });
    expect(report.pageViews.total).toBeGreaterThan(0);
  });

  test("M7 reports CSV: one row per day and figure, amounts in major units, a utm_source never a formula", async () => {
    const { account, owner, activity } = sites.ny;
    const timeZone = "America/New_York";
    const from = "2026-04-01";
    const to = "2026-04-14";
    const { csv, filename } = await exportReportCsv(db.database, {
      account,
      viewer: owner,
      search: search(`from=${from}&to=${to}`),
      now,
    });
    expect(filename).toBe(`reports-${account.slug}-${from}-${to}.csv`);
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,metric,currency,utm_source,value");
    const rows = lines.slice(1);
    const days = Array.from({ length: dayNumber(to) - dayNumber(from) + 1 }, (_, n) =>
      dayOf(dayNumber(from) + n),
    );
    const views = perDay(activity!.pageViews, timeZone);
    const joins = perDay(await joinsOf(account), timeZone);
    const enrolled = perDay(activity!.enrolments, timeZone);
    const kept = activity!.orders.filter((order) => order.kept > 0);
    const revenueOf = (currency: string) => {
      const orders = kept.filter((order) => order.currency === currency);
      return perDay(
        orders.map((order) => order.paidAt!),
        timeZone,
        (index) => orders[index]!.kept,
      );
    };
    const currencies = ["EUR", "USD"].filter((currency) =>
      days.some((day) => revenueOf(currency).has(day)),
    );
    expect(currencies).toEqual(["EUR", "USD"]);
    const expected: string[] = [];
    let running = [...joins].filter(([day]) => day < from).reduce((sum, [, n]) => sum + n, 0);
    for (const day of days) {
      running += joins.get(day) ?? 0;
      expected.push(`${day},page_views,,,${views.get(day) ?? 0}`);
      expected.push(`${day},sign_ups,,,${joins.get(day) ?? 0}`);
      expected.push(`${day},members,,,${running}`);
      expected.push(`${day},enrolments,,,${enrolled.get(day) ?? 0}`);
      for (const currency of currencies)
        expected.push(
          `${day},revenue,${currency},,${((revenueOf(currency).get(day) ?? 0) / 100).toFixed(2)}`,
        );
      const sources = new Map<string, number>();
      for (const visit of activity!.funnel)
        if (todayIn(timeZone, visit.at) === day)
          sources.set(visit.source, (sources.get(visit.source) ?? 0) + 1);
      for (const [source, count] of [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        expected.push(
          `${day},funnel_sessions,,${
            source.startsWith("=") ? `"'${source.replaceAll('"', '""')}"` : source
          },${count}`,
        );
    }
    expect(rows).toEqual(expected);
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil.test"",""x"")",`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
  });

  test("M7 reports CSV refuses a period it cannot read (400)", async () => {
    const { account, owner } = sites.ny;
    for (const query of ["from=2026-04-01", "from=2024-01-01&to=2026-01-01", "period=forever"]) {
      const error = await exportReportCsv(db.database, {
        account,
        viewer: owner,
        search: search(query),
        now,
      }).catch((caught: unknown) => caught);
      expect(isAppError(error) && error.status, query).toBe(400);
    }
    expect(addDays("2026-04-15", -29)).toBe("2026-03-17");
  });
});
