/**
 * The duration helper (spec §9, checklist V5): a number of seconds in its largest whole unit, and
 * that amount written in the reader's language. Client-safe, no dependency.
 */

export type DurationUnit = "month" | "week" | "day" | "hour" | "minute" | "second";

/** Seconds in each unit, largest first. A month is 30 days (2,592,000 s), as the spec counts it. */
export const SECONDS_IN: Readonly<Record<DurationUnit, number>> = {
  month: 2_592_000,
  week: 604_800,
  day: 86_400,
  hour: 3_600,
  minute: 60,
  second: 1,
};

const largestFirst = Object.keys(SECONDS_IN) as DurationUnit[];

/**
 * The largest unit of which `seconds` holds at least one whole, and how many wholes: 59 s is
 * 59 seconds, 60 s one minute, 3599 s 59 minutes, 2592000 s one month. A negative duration keeps
 * its sign (-90 s is -1 minute); a fraction of a second counts as 0 seconds.
 */
export function largestDurationUnit(seconds: number): { value: number; unit: DurationUnit } {
  if (!Number.isFinite(seconds)) throw new RangeError(`Not a duration: ${seconds}`);
  const size = Math.abs(seconds);
  const unit = largestFirst.find((candidate) => size >= SECONDS_IN[candidate]) ?? "second";
  const value = Math.trunc(seconds / SECONDS_IN[unit]);
  return { value: value === 0 ? 0 : value, unit };
}

/** "3 days", "1 hour", "59 seconds" in the reader's language (`unitDisplay` "long" by default). */
export function formatDuration(
  seconds: number,
  lang: string,
  { unitDisplay = "long" }: { unitDisplay?: "long" | "short" | "narrow" } = {},
): string {
  const { value, unit } = largestDurationUnit(seconds);
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay }).format(value);
}

/**
 * A moment `seconds` away from now, in the reader's language: "in 3 days" for a positive number,
 * "2 hours ago" for a negative one ("yesterday", "now" where the language says so).
 */
export function formatRelativeDuration(seconds: number, lang: string): string {
  const { value, unit } = largestDurationUnit(seconds);
  return new Intl.RelativeTimeFormat(lang, { numeric: "auto" }).format(value, unit);
}
