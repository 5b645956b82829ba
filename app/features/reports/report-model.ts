// What the reports screen shows, built from the per-day counts each feature gives (page views,
// members joining, enrolments, revenue per currency, campaign visits per utm_source) over the
// period and the one before it: per-bucket points for the charts, totals for the cards.
// Amounts are integers in the currency's minor units.
import { bucketEnd, bucketOf, bucketsOf, type ReportPeriod } from "./period";

export type DayCount = { day: string; count: number };
export type Point = { bucket: string; value: number };

/** A figure over the period, the same figure over the period before, and its points. */
export type Metric = { total: number; previous: number; points: Point[] };

export type RevenueMetric = Metric & { currency: string; orders: number; previousOrders: number };

/** The most visited sources, each a series; past them, the rest together (`source: null`). */
export const TOP_SOURCES = 5;

export type FunnelMetric = {
  total: number;
  previous: number;
  series: { source: string | null; total: number }[];
  /** Per bucket, one value per series, in the series' order. */
  points: { bucket: string; values: number[] }[];
};

export type Report = {
  period: ReportPeriod;
  /** The account's day today (YYYY-MM-DD). */
  today: string;
  timeZone: string;
  /** The site's currency (an amount of nothing is written in it). */
  currency: string;
  /** The address named no period this screen knows: the default is shown instead. */
  fellBack: boolean;
  pageViews: Metric;
  signUps: Metric;
  /** Members on the last day of each bucket; totals at the end of each period. */
  members: Metric;
  enrolments: Metric;
  /** One per currency with revenue in either period, the site's currency first. */
  revenue: RevenueMetric[];
  funnel: FunnelMetric;
};

export type ReportInput = {
  period: ReportPeriod;
  today: string;
  timeZone: string;
  fellBack: boolean;
  /** The site's own currency, listed first. */
  currency: string | undefined;
  /** Every list covers the previous period's first day to the period's last. */
  pageViews: DayCount[];
  joins: { before: number; days: DayCount[] };
  enrolments: DayCount[];
  revenue: { day: string; currency: string; revenue: number; orders: number }[];
  funnel: { day: string; source: string; count: number }[];
};

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function sumsBy<T>(rows: T[], key: (row: T) => string, value: (row: T) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
}

export function buildReport(input: ReportInput): Report {
  const { period } = input;
  const buckets = bucketsOf(period);
  const inPeriod = (day: string) => day >= period.from && day <= period.to;
  const inPrevious = (day: string) => day >= period.previous.from && day <= period.previous.to;
  const pointsOf = <T extends { day: string }>(rows: T[], value: (row: T) => number) => {
    const sums = sumsBy(
      rows.filter((row) => inPeriod(row.day)),
      (row) => bucketOf(row.day, period.bucket),
      value,
    );
    return buckets.map((bucket) => ({ bucket, value: sums.get(bucket) ?? 0 }));
  };
  const metric = <T extends { day: string }>(rows: T[], value: (row: T) => number): Metric => ({
    total: sum(rows.filter((row) => inPeriod(row.day)).map(value)),
    previous: sum(rows.filter((row) => inPrevious(row.day)).map(value)),
    points: pointsOf(rows, value),
  });
  const count = (row: DayCount) => row.count;

  const membersOn = (day: string) =>
    input.joins.before + sum(input.joins.days.filter((row) => row.day <= day).map(count));
  const members: Metric = {
    total: membersOn(period.to),
    previous: membersOn(period.previous.to),
    points: buckets.map((bucket) => ({ bucket, value: membersOn(bucketEnd(bucket, period.to)) })),
  };

  const currencies = [...new Set(input.revenue.map((row) => row.currency))].sort((a, b) =>
    a === input.currency ? -1 : b === input.currency ? 1 : a.localeCompare(b),
  );
  const revenue = currencies.map((currency): RevenueMetric => {
    const rows = input.revenue.filter((row) => row.currency === currency);
    return {
      currency,
      ...metric(rows, (row) => row.revenue),
      orders: sum(rows.filter((row) => inPeriod(row.day)).map((row) => row.orders)),
      previousOrders: sum(rows.filter((row) => inPrevious(row.day)).map((row) => row.orders)),
    };
  });

  return {
    period,
    today: input.today,
    timeZone: input.timeZone,
    currency: input.currency ?? currencies[0] ?? "USD",
    fellBack: input.fellBack,
    pageViews: metric(input.pageViews, count),
    signUps: metric(input.joins.days, count),
    members,
    enrolments: metric(input.enrolments, count),
    revenue,
    funnel: funnelOf(input.funnel, { buckets, period, inPeriod, inPrevious }),
  };
}

function funnelOf(
  rows: ReportInput["funnel"],
  {
    buckets,
    period,
    inPeriod,
    inPrevious,
  }: {
    buckets: string[];
    period: ReportPeriod;
    inPeriod: (day: string) => boolean;
    inPrevious: (day: string) => boolean;
  },
): FunnelMetric {
  const current = rows.filter((row) => inPeriod(row.day));
  const bySource = [
    ...sumsBy(
      current,
      (row) => row.source,
      (row) => row.count,
    ),
  ].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const named = bySource.slice(0, TOP_SOURCES).map(([source]) => source);
  const others = bySource.length > TOP_SOURCES;
  const series = [
    ...bySource.slice(0, TOP_SOURCES).map(([source, total]) => ({ source, total })),
    ...(others
      ? [{ source: null, total: sum(bySource.slice(TOP_SOURCES).map(([, total]) => total)) }]
      : []),
  ];
  const slot = (source: string) => {
    const index = named.indexOf(source);
    return index === -1 ? named.length : index;
  };
  const values = new Map(buckets.map((bucket) => [bucket, series.map(() => 0)]));
  for (const row of current) {
    const list = values.get(bucketOf(row.day, period.bucket))!;
    const at = slot(row.source);
    list[at] = (list[at] ?? 0) + row.count;
  }
  return {
    total: sum(current.map((row) => row.count)),
    previous: sum(rows.filter((row) => inPrevious(row.day)).map((row) => row.count)),
    series,
    points: buckets.map((bucket) => ({ bucket, values: values.get(bucket)! })),
  };
}
