// Issue 36 reminders (decision 075): a day before a session and an hour before it, each mailed
// once to both people. The sweep claims a booking's reminder in the same statement that finds
// it due (the counter moves on), and queues its mail in that transaction, so two instances
// running the sweep at once never send one reminder twice.
import { and, eq, gt, lte, lt, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import { BOOKING_MAIL_JOB } from "./booking-mail.server";
import { bookings } from "./tables.server";

/** The schedule that sends the reminders that are due. */
export const REMINDERS_JOB = "appointments.reminders";

const HOUR = 60 * 60 * 1000;

/**
 * The reminders that are due: the day-before one from 24 hours ahead (for a booking made
 * earlier than that), the hour-before one from an hour ahead. Answers how many were queued.
 */
export async function sendDueReminders(
  { database, jobs }: { database: Database; jobs: Pick<JobQueue, "send"> },
  { now = new Date() }: { now?: Date } = {},
): Promise<{ queued: number }> {
  const dayAhead = new Date(now.getTime() + 24 * HOUR);
  const hourAhead = new Date(now.getTime() + HOUR);
  // Across accounts, as the other sweeps find their work (decision 061): the owner's connection.
  const due = await database.owner.execute<{ account_id: string }>(sql`
    select distinct account_id from ${bookings}
     where status = 'confirmed' and reminders_sent < 2
       and start_at > ${now.toISOString()}::timestamptz
       and start_at <= ${dayAhead.toISOString()}::timestamptz
     limit 500`);
  let queued = 0;
  for (const { account_id: accountId } of due.rows)
    queued += await database.forAccount(accountId, async (tx) => {
      const upcoming = and(
        eq(bookings.accountId, accountId),
        eq(bookings.status, "confirmed"),
        gt(bookings.startAt, now),
      );
      // The hour before first: a booking that is an hour away needs no day-before reminder.
      const hour = await tx
        .update(bookings)
        .set({ remindersSent: 2 })
        .where(and(upcoming, lt(bookings.remindersSent, 2), lte(bookings.startAt, hourAhead)))
        .returning({ id: bookings.id });
      const day = await tx
        .update(bookings)
        .set({ remindersSent: 1 })
        .where(
          and(
            upcoming,
            eq(bookings.remindersSent, 0),
            lte(bookings.startAt, dayAhead),
            // Booked inside the last day: its confirmation was its reminder.
            lt(bookings.createdAt, sql`${bookings.startAt} - interval '24 hours'`),
          ),
        )
        .returning({ id: bookings.id });
      for (const { id } of [...hour, ...day])
        await jobs.send(tx, BOOKING_MAIL_JOB, { accountId, bookingId: id, kind: "reminder" });
      return hour.length + day.length;
    });
  return { queued };
}
