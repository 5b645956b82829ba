// How many enrolments began on each day: the account's reports.
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { dayIn, withinDays, type DayRange } from "~/platform/db/day-range.server";
import { enrolments } from "./tables.server";

/**
 * Enrolments in any course of the account per day of `range` (by when they began, whatever
 * they became since), in the range's time zone; days without any are absent. A read for the
 * account's reports: the caller has checked who may see them.
 */
export async function dailyEnrolments(
  database: Database,
  accountId: string,
  range: DayRange,
): Promise<{ day: string; count: number }[]> {
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .select({ day: dayIn(enrolments.enrolledAt, range.timeZone), count: count() })
      .from(enrolments)
      .where(and(eq(enrolments.accountId, accountId), withinDays(enrolments.enrolledAt, range)))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
  );
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}
