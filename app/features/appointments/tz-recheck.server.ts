// Issue 36 bookings checked again when the tz database changes (decision 075). A booking was
// agreed as the host's wall time in their zone ("09:00 in Vancouver"); when a newer tz database
// maps that wall time to another instant (2026 brought British Columbia's, Alberta's and
// Morocco's changes), the booking keeps its wall time and moves in real time, its invitation's
// sequence rises, and both people are told in the site's language and mailed the new time.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { accounts } from "~/features/accounts/tables.server";
import {
  announceMemberNotification,
  storeMemberNotification,
} from "~/features/notifications/notifications.server";
import type { Database } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import { isLanguageCode } from "~/platform/i18n/languages";
import { escapeHtml } from "~/platform/mail/templates.server";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { BOOKING_MAIL_JOB } from "./booking-mail.server";
import { tzVersion } from "./bookings.server";
import { appointmentTypes, bookings } from "./tables.server";

/** The daily job that checks future bookings reckoned with another tz database version. */
export const TZ_RECHECK_JOB = "appointments.tz-recheck";

/** The instant a stored wall time means in its zone by this runtime's rules. */
export function instantOfWall(wallStart: string, zone: string): number {
  return Temporal.PlainDateTime.from(wallStart).toZonedDateTime(zone, {
    disambiguation: "compatible",
  }).epochMilliseconds;
}

export type Recheck = { checked: number; moved: { bookingId: string; from: string; to: string }[] };

export async function recheckBookingTimes(
  { database, pubsub, jobs }: { database: Database; pubsub: PubSub; jobs: Pick<JobQueue, "send"> },
  { now = new Date(), version = tzVersion() }: { now?: Date; version?: string } = {},
): Promise<Recheck> {
  // Across accounts, as the other sweeps find their work (decision 061): the owner's connection.
  const due = await database.owner.execute<{ account_id: string }>(sql`
    select distinct account_id from ${bookings}
     where status = 'confirmed' and start_at > ${now.toISOString()}::timestamptz
       and tz_version <> ${version}
     limit 500`);
  const result: Recheck = { checked: 0, moved: [] };
  for (const { account_id: accountId } of due.rows) {
    const told = await database.forAccount(accountId, async (tx) => {
      const [site] = await tx
        .select({ settings: accounts.settings })
        .from(accounts)
        .where(eq(accounts.accountId, accountId));
      const asked = site?.settings.defaultLanguage;
      const lang = asked && isLanguageCode(asked) ? asked : "en";
      const rows = await tx
        .select({ booking: bookings, title: appointmentTypes.title })
        .from(bookings)
        .innerJoin(
          appointmentTypes,
          and(
            eq(appointmentTypes.accountId, bookings.accountId),
            eq(appointmentTypes.id, bookings.typeId),
          ),
        )
        .where(
          and(
            eq(bookings.accountId, accountId),
            eq(bookings.status, "confirmed"),
            gt(bookings.startAt, now),
            ne(bookings.tzVersion, version),
          ),
        );
      const notices = [];
      for (const { booking, title } of rows) {
        result.checked++;
        const start = instantOfWall(booking.wallStart, booking.hostZone);
        const where = and(eq(bookings.accountId, accountId), eq(bookings.id, booking.id));
        if (start === booking.startAt.getTime()) {
          await tx.update(bookings).set({ tzVersion: version }).where(where);
          continue;
        }
        const length = booking.endAt.getTime() - booking.startAt.getTime();
        await tx
          .update(bookings)
          .set({
            startAt: new Date(start),
            endAt: new Date(start + length),
            sequence: booking.sequence + 1,
            tzVersion: version,
            // Its reminders are due again by the new time.
            remindersSent: 0,
          })
          .where(where);
        await jobs.send(tx, BOOKING_MAIL_JOB, { accountId, bookingId: booking.id, kind: "moved" });
        result.moved.push({
          bookingId: booking.id,
          from: booking.startAt.toISOString(),
          to: new Date(start).toISOString(),
        });
        const message =
          `${textIn(lang, "appointments.notice.zoneChanged")} ` +
          `${escapeHtml(title)}: ${escapeHtml(booking.wallStart.replace("T", " "))} ` +
          `(${escapeHtml(booking.hostZone)})`;
        for (const userId of new Set([booking.bookerUserId, booking.hostUserId]))
          notices.push(
            await storeMemberNotification(tx, {
              accountId,
              input: {
                userId,
                type: "other",
                message,
                data: { url: "/dashboard/bookings" },
              },
            }),
          );
      }
      return notices;
    });
    for (const stored of told) await announceMemberNotification(pubsub, { accountId, stored });
  }
  return result;
}
