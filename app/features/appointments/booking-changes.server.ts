// Issue 36 a booking changed after it was made (decision 076): cancelled or moved to another
// slot. The host and the site's managers may do either at any time; the booker within the
// owner's rules (`changeNoticeMinutes` before the start, `maxReschedules` moves). A move is taken
// like a booking: under the host's lock, the new slot reckoned again from the stored rules and
// bookings, this booking's own time aside.
import { and, eq } from "drizzle-orm";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import { rescheduleSchema } from "./appointment-shapes";
import { storedAvailability, type Availability } from "./availability";
import { BOOKING_MAIL_JOB } from "./booking-mail.server";
import { lockHostTime, slotsIn, tzVersion, wallTime } from "./bookings.server";
import { settleOrdersLater } from "./booking-payments.server";
import { availabilities, bookings } from "./tables.server";

type Jobs = Pick<JobQueue, "send">;
type Change = {
  accountId: string;
  viewer: Viewer | null;
  bookingId: string;
  now?: number;
};
type Booking = typeof bookings.$inferSelect;

/** Whether the viewer hosts the booking or manages the site (no rules bind them). */
export const hostsBooking = (viewer: Viewer, booking: Pick<Booking, "hostUserId">) =>
  booking.hostUserId === viewer.user.id || can(viewer, "manage_options");

/** What the booker may still do with a booking at `now`, by the host's rules. */
export function bookerMay(
  booking: Pick<Booking, "startAt" | "status" | "reschedules">,
  rules: Pick<Availability, "changeNoticeMinutes" | "maxReschedules">,
  now: number,
): { cancel: boolean; reschedule: boolean } {
  // An unpaid hold is the booker's to give up at any time; it is moved once paid.
  if (booking.status === "pending") return { cancel: true, reschedule: false };
  const inTime =
    booking.status === "confirmed" &&
    booking.startAt.getTime() - rules.changeNoticeMinutes * 60_000 >= now;
  return { cancel: inTime, reschedule: inTime && booking.reschedules < rules.maxReschedules };
}

async function hostRules(tx: Tx, accountId: string, hostUserId: string) {
  const [row] = await tx
    .select({ rules: availabilities.rules })
    .from(availabilities)
    .where(and(eq(availabilities.accountId, accountId), eq(availabilities.userId, hostUserId)));
  return row ? storedAvailability(row.rules) : null;
}

/**
 * The booking as its booker, host or a manager sees it, locked for this change (a second change
 * at once waits, then reads what the first left: one cancellation mails once, one move counts);
 * anyone else: not found.
 */
async function ownBooking(tx: Tx, { accountId, viewer, bookingId }: Change) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)))
    .for("update");
  if (!booking || (booking.bookerUserId !== viewer.user.id && !hostsBooking(viewer, booking)))
    throw new AppError({ code: "appointments.notFound" });
  return { booking, viewer };
}

/**
 * Cancels a booking: its time opens again, the invitation's sequence rises and both people are
 * mailed its cancellation. A booker past the owner's notice gets `appointments.tooLate`. A paid
 * session's order is refunded, and an unpaid hold's open checkouts given up, by a job queued
 * here (decision 078): cancelled ⇔ settled, whatever crashes after.
 */
export async function cancelBooking(
  { database, jobs }: { database: Database; jobs: Jobs },
  change: Change,
) {
  const { accountId } = change;
  const now = change.now ?? Date.now();
  return database.forAccount(accountId, async (tx) => {
    const { booking, viewer } = await ownBooking(tx, change);
    if (booking.status === "cancelled" || booking.status === "expired") return booking;
    if (!hostsBooking(viewer, booking)) {
      const rules = await hostRules(tx, accountId, booking.hostUserId);
      if (rules && !bookerMay(booking, rules, now).cancel)
        throw new AppError({ code: "appointments.tooLate" });
    }
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: new Date(now), sequence: booking.sequence + 1 })
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, booking.id)))
      .returning();
    // A hold was never confirmed to anyone: nothing to take back from calendars.
    if (booking.status === "confirmed")
      await jobs.send(tx, BOOKING_MAIL_JOB, {
        accountId,
        bookingId: booking.id,
        kind: "cancelled",
      });
    if (booking.orderId || booking.status === "pending")
      await settleOrdersLater(tx, jobs, {
        accountId,
        bookingId: booking.id,
        refundOrderId: booking.orderId,
      });
    return cancelled!;
  });
}

/**
 * Moves a booking to another open slot of its type: the same row, a new time, its sequence
 * raised and its reminders due again; both people are mailed the updated invitation.
 */
export async function rescheduleBooking(
  { database, jobs }: { database: Database; jobs: Jobs },
  change: Change & { body: unknown },
) {
  const { accountId } = change;
  const now = change.now ?? Date.now();
  const { start: asked } = rescheduleSchema.parse(change.body);
  const start = Date.parse(asked);
  return database.forAccount(accountId, async (tx) => {
    const { booking, viewer } = await ownBooking(tx, change);
    if (booking.status !== "confirmed") throw new AppError({ code: "appointments.notFound" });
    await lockHostTime(tx, accountId, booking.hostUserId);
    const host = hostsBooking(viewer, booking);
    const { rules, slots } = await slotsIn(tx, {
      accountId,
      typeId: booking.typeId,
      from: start,
      to: start + 1,
      now,
      except: booking.id,
    });
    if (!host && rules) {
      const may = bookerMay(booking, rules, now);
      if (!may.cancel) throw new AppError({ code: "appointments.tooLate" });
      if (!may.reschedule) throw new AppError({ code: "appointments.noMoreChanges" });
    }
    const slot = slots.find((one) => Date.parse(one.start) === start);
    if (!rules || !slot || start === booking.startAt.getTime())
      throw new AppError({ code: "appointments.slotTaken" });
    const [moved] = await tx
      .update(bookings)
      .set({
        startAt: new Date(start),
        endAt: new Date(Date.parse(slot.end)),
        wallStart: wallTime(start, rules.zone),
        hostZone: rules.zone,
        tzVersion: tzVersion(),
        sequence: booking.sequence + 1,
        remindersSent: 0,
        // A host's move is theirs to make: it does not use up the booker's.
        reschedules: host ? booking.reschedules : booking.reschedules + 1,
      })
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, booking.id)))
      .returning();
    await jobs.send(tx, BOOKING_MAIL_JOB, {
      accountId,
      bookingId: booking.id,
      kind: "rescheduled",
    });
    return moved!;
  });
}
