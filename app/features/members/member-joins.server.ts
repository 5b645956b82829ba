// When people joined an account: its reports' sign-ups and members over time.
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { beforeDays, dayIn, withinDays, type DayRange } from "~/platform/db/day-range.server";
import { members } from "./tables.server";

/**
 * Memberships that began on each day of `range` (a sign-up, an enrolment by e-mail, a seat
 * given by a manager), in the range's time zone, and how many began before it — so the members
 * on any day are `before` plus the joins up to that day. People who left are not counted: a
 * membership that ends is deleted. A read for the account's reports: the caller has checked
 * who may see them.
 */
export async function dailyMemberJoins(
  database: Database,
  accountId: string,
  range: DayRange,
): Promise<{ before: number; days: { day: string; count: number }[] }> {
  return database.forAccount(accountId, async (tx) => {
    const [earlier] = await tx
      .select({ count: count() })
      .from(members)
      .where(and(eq(members.accountId, accountId), beforeDays(members.createdAt, range)));
    const days = await tx
      .select({ day: dayIn(members.createdAt, range.timeZone), count: count() })
      .from(members)
      .where(and(eq(members.accountId, accountId), withinDays(members.createdAt, range)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return {
      before: Number(earlier?.count ?? 0),
      days: days.map((row) => ({ day: row.day, count: Number(row.count) })),
    };
  });
}
