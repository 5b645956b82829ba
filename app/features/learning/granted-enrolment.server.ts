import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { courseById, enrolmentRow } from "./queries.server";
import { enrolledEvent } from "./learning-events.server";
import { enrolments } from "./tables.server";

const DAY = 86_400_000;

/** Who gave a course through commerce: a purchase, or a membership level that opens it. */
export type GrantSource = "purchase" | "membership";

const live = (row: { status: string; expiresAt: Date | null }, now: Date) =>
  (row.status === "active" || row.status === "completed") &&
  (!row.expiresAt || row.expiresAt.getTime() > now.getTime());

/** Null (for ever) is later than any date. */
const later = (a: Date | null, b: Date | null) =>
  a === null ? b !== null : b !== null && a.getTime() > b.getTime();

/**
 * Issue 16: commerce enrols a person inside the caller's transaction (an order's fulfilment, a
 * membership holder's first visit). A new or ended enrolment starts (its progress kept); a live
 * one is lengthened when this grant lasts longer, taking the grant's source. `expiresAt`
 * undefined = the course's own access days; null = for ever. Answers whether anything changed;
 * the same call again changes nothing. An unknown course is no enrolment (false).
 */
export async function enrolThroughGrant(
  tx: Tx,
  {
    accountId,
    courseId,
    userId,
    source,
    now,
    expiresAt,
  }: {
    accountId: string;
    courseId: string;
    userId: string;
    source: GrantSource;
    now: Date;
    expiresAt?: Date | null;
  },
): Promise<boolean> {
  const course = await courseById(tx, { accountId, id: courseId });
  if (!course) return false;
  const days = course.settings.accessDays;
  const ends =
    expiresAt !== undefined ? expiresAt : days ? new Date(now.getTime() + days * DAY) : null;
  const existing = await enrolmentRow(tx, { accountId, courseId, userId });
  const key = and(
    eq(enrolments.accountId, accountId),
    eq(enrolments.courseId, courseId),
    eq(enrolments.userId, userId),
  );
  if (!existing) {
    const rows = await tx
      .insert(enrolments)
      .values({ accountId, courseId, userId, source, enrolledAt: now, expiresAt: ends })
      .onConflictDoNothing()
      .returning({ userId: enrolments.userId });
    if (rows.length) await enrolledEvent(tx, { accountId, courseId, userId, source, now });
    return rows.length > 0;
  }
  if (!live(existing, now)) {
    await tx
      .update(enrolments)
      .set({
        status: existing.completedAt ? "completed" : "active",
        source,
        enrolledAt: now,
        expiresAt: ends,
      })
      .where(key);
    await enrolledEvent(tx, { accountId, courseId, userId, source, now });
    return true;
  }
  if (!later(ends, existing.expiresAt)) return false;
  await tx.update(enrolments).set({ source, expiresAt: ends }).where(key);
  return true;
}

/**
 * Issue 16: ends the enrolments commerce gave (`source`) in these courses, inside the caller's
 * transaction: a refund, a membership taken away. An enrolment of another source (free,
 * manual, CSV) is the teacher's and stays. Answers the courses whose enrolment ended.
 */
export async function endGrantedEnrolments(
  tx: Tx,
  {
    accountId,
    userId,
    courseIds,
    source,
  }: { accountId: string; userId: string; courseIds: string[]; source: GrantSource },
): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const rows = await tx
    .update(enrolments)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.userId, userId),
        eq(enrolments.source, source),
        inArray(enrolments.courseId, courseIds),
        inArray(enrolments.status, ["active", "completed"]),
      ),
    )
    .returning({ courseId: enrolments.courseId });
  return rows.map((row) => row.courseId);
}

/** Whether the person has a live enrolment in the course at `now` (the access engine's course check). */
export async function hasLiveEnrolment(
  tx: Tx,
  {
    accountId,
    courseId,
    userId,
    now,
  }: { accountId: string; courseId: string; userId: string; now: Date },
): Promise<boolean> {
  const row = await enrolmentRow(tx, { accountId, courseId, userId });
  return Boolean(row && live(row, now));
}
