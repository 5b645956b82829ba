// Whole days in a time zone, for reads that count rows per day (reports): the day a moment
// falls on, and whether it falls within a range of days. The day's bounds are computed by
// PostgreSQL from the zone's rules, so a day of 23 or 25 hours (a clock change) is counted whole.
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** Days `from` to `to` (YYYY-MM-DD, both included) as lived in `timeZone` (an IANA name). */
export type DayRange = { from: string; to: string; timeZone: string };

/**
 * The day (YYYY-MM-DD) a timestamptz column falls on in `timeZone`. The zone is a parameter:
 * group by the select list's position (`groupBy(sql\`1\`)`), since the same expression written
 * twice gets two parameters, which PostgreSQL does not take for the same expression.
 */
export function dayIn(column: AnyColumn, timeZone: string): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/** The first moment of `day` in `timeZone`. */
export function startOfDay(day: string, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

/** The column's moment lies within the range's days: from its first midnight to its last's end. */
export function withinDays(column: AnyColumn, { from, to, timeZone }: DayRange): SQL {
  return sql`(${column} >= ${startOfDay(from, timeZone)} and ${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone}))`;
}

/** The column's moment lies before the range's first day. */
export function beforeDays(column: AnyColumn, { from, timeZone }: DayRange): SQL {
  return sql`${column} < ${startOfDay(from, timeZone)}`;
}
