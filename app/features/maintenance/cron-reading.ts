// A cron expression as people read it, for the crons screen: the common shapes of five fields
// (every N minutes, hourly at a minute, daily or weekly at a time); anything else is shown as
// the expression alone. Times are written in the reader's language by Intl.

export type CronReading =
  | { kind: "minute" }
  | { kind: "minutes"; every: number }
  | { kind: "hourly"; minute: number }
  | { kind: "daily"; hour: number; minute: number }
  | { kind: "weekly"; weekday: number; hour: number; minute: number };

const number = (field: string, max: number) =>
  /^\d{1,2}$/.test(field) && Number(field) <= max ? Number(field) : null;

/** The reading of `expression`, or null when it is not one of the common shapes. */
export function readCron(expression: string): CronReading | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  if (day !== "*" || month !== "*") return null;
  if (hour === "*" && weekday === "*") {
    if (minute === "*") return { kind: "minute" };
    const step = /^\*\/(\d{1,2})$/.exec(minute);
    if (step && Number(step[1]) >= 1 && Number(step[1]) <= 59) {
      return Number(step[1]) === 1
        ? { kind: "minute" }
        : { kind: "minutes", every: Number(step[1]) };
    }
    const at = number(minute, 59);
    return at === null ? null : { kind: "hourly", minute: at };
  }
  const m = number(minute, 59);
  const h = number(hour, 23);
  if (m === null || h === null) return null;
  if (weekday === "*") return { kind: "daily", hour: h, minute: m };
  const w = number(weekday, 7);
  return w === null ? null : { kind: "weekly", weekday: w % 7, hour: h, minute: m };
}

/** The i18n key and values of a reading (`crons.every.*`), times written for `lang`. */
export function cronText(
  reading: CronReading,
  lang: string,
): { key: string; values: Record<string, string | number> } {
  // A fixed UTC day (a Sunday) carries the hour and weekday; the zone is named beside it.
  const at = (hour: number, minute: number, weekday = 0) =>
    new Date(Date.UTC(2023, 0, 1 + weekday, hour, minute));
  const time = (hour: number, minute: number) =>
    new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(
      at(hour, minute),
    );
  switch (reading.kind) {
    case "minute":
      return { key: "crons.every.minute", values: {} };
    case "minutes":
      return { key: "crons.every.minutes", values: { every: reading.every } };
    case "hourly":
      return {
        key: "crons.every.hourly",
        values: { minute: String(reading.minute).padStart(2, "0") },
      };
    case "daily":
      return { key: "crons.every.daily", values: { time: time(reading.hour, reading.minute) } };
    case "weekly":
      return {
        key: "crons.every.weekly",
        values: {
          day: new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" }).format(
            at(0, 0, reading.weekday),
          ),
          time: time(reading.hour, reading.minute),
        },
      };
  }
}
