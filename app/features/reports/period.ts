// The period a report covers, read from the address (so a report can be shared): a preset —
// the last 7, 30 or 90 days, or the last 12 months — or a custom range of days, and the period
// of the same length just before it, which the totals are compared with. Days are calendar days
// (YYYY-MM-DD) in the account's time zone; this file only counts them.
import { z } from "zod";

export const reportPresets = ["7d", "30d", "90d", "12m"] as const;
export type ReportPreset = (typeof reportPresets)[number];
export const DEFAULT_PRESET: ReportPreset = "30d";
/** The longest custom range, in days (a year, leap day included). */
export const MAX_REPORT_DAYS = 366;
/** Periods of up to this many days are shown day by day; longer ones month by month. */
export const MAX_DAILY_DAYS = 90;

const DAY_MS = 86_400_000;
const presetDays: Record<Exclude<ReportPreset, "12m">, number> = { "7d": 7, "30d": 30, "90d": 90 };

/** A day as a whole number (days since 1970-01-01) and back. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(dayNumber(day) + days);
/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The first day of the month `months` away from `day`'s month. */
export function monthStart(day: string, months = 0): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < "2000-01-01" || value > "2099-12-31")
    return false;
  const n = dayNumber(value);
  // 2026-13-01 is no day; 2026-02-30 is read as 2 March.
  return Number.isFinite(n) && dayOf(n) === value;
}

const daySchema = z.string().refine(isDay);

/** The address's `period`, or `from` and `to` (a custom range: both, in order, ≤ a year). */
export const reportQuerySchema = z
  .object({
    period: z.enum([...reportPresets, "custom"]).optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
  })
  .refine(({ from, to }) => (from === undefined) === (to === undefined))
  .refine(({ from, to }) => !from || !to || (from <= to && daysIn(from, to) <= MAX_REPORT_DAYS))
  .refine(({ period, from }) => (period === "custom") === (from !== undefined) || !period);

export type ReportQuery = { preset: ReportPreset } | { preset: "custom"; from: string; to: string };

/** The query of an address, or null when it names no period this screen knows. */
export function readReportQuery(search: URLSearchParams): ReportQuery | null {
  const parsed = reportQuerySchema.safeParse({
    period: search.get("period") ?? undefined,
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  });
  if (!parsed.success) return null;
  const { period, from, to } = parsed.data;
  if (from && to) return { preset: "custom", from, to };
  return { preset: period && period !== "custom" ? period : DEFAULT_PRESET };
}

export type ReportBucket = "day" | "month";

export type ReportPeriod = {
  preset: ReportPreset | "custom";
  from: string;
  to: string;
  bucket: ReportBucket;
  /** The period of the same length just before (for 12 months: the 12 months before). */
  previous: { from: string; to: string };
};

/** The days a query covers when today is `today`. */
export function periodOf(query: ReportQuery, today: string): ReportPeriod {
  if (query.preset === "12m") {
    const from = monthStart(today, -11);
    return {
      preset: "12m",
      from,
      to: today,
      bucket: "month",
      previous: { from: monthStart(from, -12), to: addDays(from, -1) },
    };
  }
  const { from, to } =
    query.preset === "custom"
      ? query
      : { from: addDays(today, 1 - presetDays[query.preset]), to: today };
  const days = daysIn(from, to);
  return {
    preset: query.preset,
    from,
    to,
    bucket: days <= MAX_DAILY_DAYS ? "day" : "month",
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
  };
}

/** The bucket a day falls in: the day itself, or its month (YYYY-MM). */
export const bucketOf = (day: string, bucket: ReportBucket) =>
  bucket === "day" ? day : day.slice(0, 7);

/** Every bucket of the period, oldest first. */
export function bucketsOf({ from, to, bucket }: Pick<ReportPeriod, "from" | "to" | "bucket">) {
  const keys: string[] = [];
  if (bucket === "day") {
    for (let n = dayNumber(from); n <= dayNumber(to); n++) keys.push(dayOf(n));
    return keys;
  }
  for (let month = monthStart(from); month <= to; month = monthStart(month, 1))
    keys.push(month.slice(0, 7));
  return keys;
}

/** The last day of a bucket (YYYY-MM-DD or YYYY-MM), no later than `to`. */
export function bucketEnd(key: string, to: string): string {
  const end = key.length === 7 ? addDays(monthStart(`${key}-01`, 1), -1) : key;
  return end < to ? end : to;
}
