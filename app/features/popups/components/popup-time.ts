import { dateFormat } from "~/platform/i18n/formats";

/*
 * A popup's start and end: stored as ISO instants, shown and entered through
 * `<input type="datetime-local">` ("2026-05-01T09:30") in the site's own time zone, whatever
 * the zone of the browser the owner uses.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The site's zone when Intl knows it, else UTC (an unknown zone makes Intl throw). */
export function usableZone(timeZone: string): string {
  try {
    dateFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** The wall clock of `zone` at `instant`, read as if it were UTC (ms, to the second). */
function wallClock(instant: number, zone: string): number {
  const parts = dateFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((one) => one.type === type)?.value ?? 0);
  return Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour") % 24,
    part("minute"),
    part("second"),
  );
}

/** How far `zone` is ahead of UTC at `instant` (ms). */
const offsetAt = (instant: number, zone: string) =>
  wallClock(instant, zone) - (instant - (((instant % 1000) + 1000) % 1000));

/** A stored ISO instant as a datetime-local value in `zone` ("" for none or a bad value). */
export function toZoneInput(iso: string, zone: string): string {
  if (!iso) return "";
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return "";
  const wall = new Date(wallClock(instant, zone));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * A datetime-local value read in `zone` as an ISO instant in UTC ("" for none). A value that is
 * not a date comes back as it was, for the server to refuse beside its field.
 */
export function fromZoneInput(value: string, zone: string): string {
  const text = value.trim();
  if (!text) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return text;
  const [year, month, day, hour, minute, second] = match.slice(1).map((one) => Number(one ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(wall);
  // Out-of-range parts (month 13, 31 April) roll over: leave them for the server to refuse.
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day!) return text;
  // Twice: the offset at the first guess may differ from the one at the answer (a DST change).
  const first = wall - offsetAt(wall, zone);
  const instant = wall - offsetAt(first, zone);
  return new Date(instant).toISOString();
}
