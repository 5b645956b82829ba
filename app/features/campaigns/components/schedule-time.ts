import { dateFormat } from "~/platform/i18n/formats";

/*
 * When a campaign goes out: entered through `<input type="datetime-local">` ("2026-05-01T09:30")
 * in the site's own time zone, whatever the zone of the owner's browser, and sent to the server
 * as that wall clock with the zone's offset at that moment ("2026-05-01T09:30:00+02:00").
 */

/** The site's zone when Intl knows it, else UTC (an unknown zone makes Intl throw). */
export function siteZone(timeZone: string): string {
  try {
    dateFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

const partsIn = (zone: string, instant: number, options: Intl.DateTimeFormatOptions) =>
  dateFormat("en-US", { timeZone: zone, ...options }).formatToParts(new Date(instant));

/** The offset of `zone` at `instant` as ISO writes it ("+05:30"; Intl says "GMT+05:30"). */
function offsetAt(zone: string, instant: number): string {
  const name =
    partsIn(zone, instant, { timeZoneName: "longOffset" }).find(
      (part) => part.type === "timeZoneName",
    )?.value ?? "GMT";
  const match = /([+-]\d{2}):?(\d{2})/.exec(name);
  return match ? `${match[1]}:${match[2]}` : "+00:00";
}

const minutesOf = (offset: string) =>
  (offset.startsWith("-") ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));

/** A stored ISO instant as a datetime-local value in `zone` ("" for none). */
export function toZoneInput(iso: string | null, zone: string): string {
  const instant = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(instant)) return "";
  const parts = partsIn(zone, instant, {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((one) => one.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/**
 * A datetime-local value read in `zone`, as an ISO date-time with that zone's offset at that
 * moment (null when the value is not a date and time).
 */
export function fromZoneInput(value: string, zone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const wall = Date.parse(`${match[1]}:00Z`);
  if (Number.isNaN(wall)) return null;
  // The offset at the wall clock read as UTC may differ from the one at the real moment (a
  // change of summer time in between): read it again there.
  const guess = wall - minutesOf(offsetAt(zone, wall)) * 60_000;
  return `${match[1]}:00${offsetAt(zone, guess)}`;
}
