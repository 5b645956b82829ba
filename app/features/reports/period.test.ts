import { describe, expect, test } from "vitest";
import { bucketEnd, bucketsOf, periodOf, readReportQuery } from "./period";
import { buildReport, TOP_SOURCES } from "./report-model";
import { isUsableTimeZone, reportTimeZone, todayIn } from "./time-zone";

const read = (query: string) => readReportQuery(new URLSearchParams(query));

describe("M7 reports: the period of an address", () => {
  test("M7 reports presets: the last 7, 30 or 90 days end today, the period before has the same length", () => {
    expect(periodOf({ preset: "7d" }, "2026-03-10")).toEqual({
      preset: "7d",
      from: "2026-03-04",
      to: "2026-03-10",
      bucket: "day",
      previous: { from: "2026-02-25", to: "2026-03-03" },
    });
    const month = periodOf({ preset: "30d" }, "2026-03-01");
    expect(month).toMatchObject({ from: "2026-01-31", to: "2026-03-01", bucket: "day" });
    expect(month.previous).toEqual({ from: "2026-01-01", to: "2026-01-30" });
    const quarter = periodOf({ preset: "90d" }, "2026-12-31");
    expect(bucketsOf(quarter)).toHaveLength(90);
    expect(quarter.previous).toEqual({ from: "2026-07-05", to: "2026-10-02" });
  });

  test("M7 reports 12 months: this month and the 11 before, per month; the 12 months before them", () => {
    const year = periodOf({ preset: "12m" }, "2026-02-14");
    expect(year).toEqual({
      preset: "12m",
      from: "2025-03-01",
      to: "2026-02-14",
      bucket: "month",
      previous: { from: "2024-03-01", to: "2025-02-28" },
    });
    expect(bucketsOf(year)).toEqual([
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(bucketEnd("2025-02", "2026-02-14")).toBe("2025-02-28");
    expect(bucketEnd("2024-02", "2026-02-14")).toBe("2024-02-29");
    expect(bucketEnd("2026-02", "2026-02-14")).toBe("2026-02-14");
  });

  test("M7 reports custom ranges: per day up to 90 days, per month beyond, compared with as many days before", () => {
    expect(read("from=2026-01-10&to=2026-01-19")).toEqual({
      preset: "custom",
      from: "2026-01-10",
      to: "2026-01-19",
    });
    const short = periodOf(
      { preset: "custom", from: "2026-01-10", to: "2026-01-19" },
      "2026-06-01",
    );
    expect(short).toMatchObject({
      bucket: "day",
      previous: { from: "2025-12-31", to: "2026-01-09" },
    });
    const long = periodOf({ preset: "custom", from: "2025-11-15", to: "2026-02-20" }, "2026-06-01");
    expect(long.bucket).toBe("month");
    expect(bucketsOf(long)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(long.previous).toEqual({ from: "2025-08-09", to: "2025-11-14" });
  });

  test("M7 reports addresses: a preset, nothing (30 days), or null for anything else", () => {
    expect(read("")).toEqual({ preset: "30d" });
    expect(read("period=12m")).toEqual({ preset: "12m" });
    expect(read("period=custom&from=2026-01-01&to=2026-01-02")).toMatchObject({ preset: "custom" });
    for (const bad of [
      "period=1y",
      "period=custom",
      "from=2026-01-01",
      "from=2026-02-01&to=2026-01-01",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-13-01&to=2026-13-02",
      "from=2024-01-01&to=2025-01-01",
      "from=1999-12-31&to=2000-01-01",
      "period=7d&from=2026-01-01&to=2026-01-02",
      "from=2026-1-1&to=2026-01-02",
    ])
      expect(read(bad), bad).toBeNull();
    // A year with its leap day is the longest range.
    expect(read("from=2024-01-01&to=2024-12-31")).not.toBeNull();
  });

  test("M7 reports time zone: the account's IANA zone, else UTC; never an offset", () => {
    expect(reportTimeZone({ timezone: "Europe/Paris" })).toBe("Europe/Paris");
    expect(reportTimeZone({})).toBe("UTC");
    for (const zone of ["+01:00", "Mars/Olympus", "UTC'; drop table x", "", 5])
      expect(isUsableTimeZone(zone), String(zone)).toBe(false);
    expect(todayIn("Pacific/Auckland", new Date("2026-06-30T13:00:00Z"))).toBe("2026-07-01");
    expect(todayIn("America/Los_Angeles", new Date("2026-06-30T03:00:00Z"))).toBe("2026-06-29");
  });
});

describe("M7 reports: totals and points from per-day counts", () => {
  const period = periodOf({ preset: "7d" }, "2026-03-10");
  const base = {
    period,
    today: "2026-03-10",
    timeZone: "UTC",
    fellBack: false,
    currency: "EUR",
    pageViews: [],
    joins: { before: 0, days: [] },
    enrolments: [],
    revenue: [],
    funnel: [],
  };

  test("M7 reports members: a running total per bucket, at the end of each period", () => {
    const report = buildReport({
      ...base,
      joins: {
        before: 10,
        days: [
          { day: "2026-02-26", count: 2 },
          { day: "2026-03-04", count: 1 },
          { day: "2026-03-08", count: 3 },
        ],
      },
    });
    expect(report.signUps).toMatchObject({ total: 4, previous: 2 });
    expect(report.members).toMatchObject({ total: 16, previous: 12 });
    expect(report.members.points.map((point) => point.value)).toEqual([13, 13, 13, 13, 16, 16, 16]);
  });

  test("M7 reports revenue per currency, the site's first; campaign sources past the top five summed", () => {
    const report = buildReport({
      ...base,
      revenue: [
        { day: "2026-03-05", currency: "USD", revenue: 1000, orders: 1 },
        { day: "2026-03-05", currency: "EUR", revenue: 700, orders: 2 },
        { day: "2026-03-01", currency: "EUR", revenue: 300, orders: 1 },
      ],
      funnel: [
        ...["a", "b", "c", "d", "e", "f", "g"].map((source, n) => ({
          day: "2026-03-06",
          source,
          count: 10 - n,
        })),
        { day: "2026-03-02", source: "a", count: 5 },
      ],
    });
    expect(report.revenue.map((entry) => [entry.currency, entry.total, entry.previous])).toEqual([
      ["EUR", 700, 300],
      ["USD", 1000, 0],
    ]);
    expect(report.revenue[0]!.orders).toBe(2);
    expect(report.funnel.series).toHaveLength(TOP_SOURCES + 1);
    expect(report.funnel.series.at(-1)).toEqual({ source: null, total: 5 + 4 });
    expect(report.funnel.points.find((point) => point.bucket === "2026-03-06")!.values).toEqual([
      10, 9, 8, 7, 6, 9,
    ]);
    expect(report.funnel).toMatchObject({ total: 49, previous: 5 });
  });
});
