// The time zone a site's reports count days in: the account's own (`settings.timezone`, an IANA
// name such as "Europe/Paris", chosen on /dashboard/app) when it has a usable one, else UTC.

/**
 * Region names only ("Area/Place", "UTC"): an offset such as "+01:00" reads one way in Intl and
 * the opposite way in PostgreSQL's `at time zone`, so it is never taken.
 */
const zoneName = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;

export function isUsableTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length > 64 || !zoneName.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone of an account's settings, else UTC. */
export function reportTimeZone(settings: object): string {
  const zone = (settings as { timezone?: unknown }).timezone;
  return isUsableTimeZone(zone) ? zone : "UTC";
}

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}
