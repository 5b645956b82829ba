// Issue 36 a booking's mail (decision 075): made, cancelled, moved by its people or by a change
// of time zone rules, or coming up (a reminder), to the booker and the host, each with the time
// in their own zone; all but the reminder carry the calendar invitation (RFC 5545: REQUEST with
// the booking's sequence, CANCEL for a cancellation). Sent by a job once the change committed.
import { eq } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail, type MailTemplate } from "~/platform/mail/templates.server";
import { bookingRoomPath } from "./appointment-shapes";
import { bookingWithPeople } from "./booking-people.server";
import { icsOf } from "./ics.server";
import { appointmentTypes, bookings } from "./tables.server";

/** The job that mails one change of a booking to both people. */
export const BOOKING_MAIL_JOB = "appointments.booking-mail";

export type BookingMailKind = "confirmed" | "cancelled" | "moved" | "rescheduled" | "reminder";

const templates: Record<BookingMailKind, MailTemplate> = {
  confirmed: "bookingConfirmed",
  cancelled: "bookingCancelled",
  moved: "bookingMoved",
  rescheduled: "bookingRescheduled",
  reminder: "bookingReminder",
};

/** Where members see their bookings (the mail's one link). */
export const BOOKINGS_PATH = "/dashboard/bookings";

type SiteAddress = { baseDomain: string; like: string };

/** A moment as a reader in `zone` reads it, in their language, with the zone named. */
export function timeFor(epochMs: number, zone: string, lang: string): string {
  const format = new Intl.DateTimeFormat(lang, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: zone,
  });
  return `${format.format(epochMs)} (${zone.replace(/_/g, " ")})`;
}

type InviteParts = {
  booking: typeof bookings.$inferSelect;
  type: typeof appointmentTypes.$inferSelect;
  host: { name: string; email: string };
  booker: { name: string; email: string };
  /** The site's origin: the invitation's uid and link are its. */
  origin: string;
  now: number;
};

/**
 * A booking's calendar invitation as it stands: a cancelled one cancels (METHOD:CANCEL), any
 * other requests; its sequence tells calendars which version is newest (RFC 5546).
 */
export function bookingInvite({ booking, type, host, booker, origin, now }: InviteParts): string {
  return icsOf({
    uid: `${booking.id}@${new URL(origin).host}`,
    sequence: booking.sequence,
    method: booking.status === "cancelled" ? "CANCEL" : "REQUEST",
    start: booking.startAt.getTime(),
    end: booking.endAt.getTime(),
    zone: booking.hostZone,
    summary: type.title,
    ...(type.description ? { description: type.description } : {}),
    // A meeting's place is its room's door on the site (who and when are checked there).
    ...(type.locationKind === "meeting"
      ? { location: new URL(bookingRoomPath(booking.id), origin).toString() }
      : type.locationDetail
        ? { location: type.locationDetail }
        : {}),
    url: new URL(BOOKINGS_PATH, origin).toString(),
    organizer: host,
    attendees: [booker],
    now,
  });
}

/** Mails the booking's change to its booker and host; answers how many mails went. */
export async function sendBookingMail(
  {
    database,
    mailer,
    siteAddress,
    now = () => Date.now(),
  }: { database: Database; mailer: Mailer; siteAddress: SiteAddress; now?: () => number },
  { accountId, bookingId, kind }: { accountId: string; bookingId: string; kind: BookingMailKind },
): Promise<number> {
  const found = await database.forAccount(accountId, async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
    const row = await bookingWithPeople(tx, accountId, bookingId);
    return account && row ? { account, ...row } : null;
  });
  if (!found) return 0;
  const { account, booking, type, host, booker } = found;
  const origin = siteOrigin({
    slug: account.slug,
    domain: account.domain,
    baseDomain: siteAddress.baseDomain,
    like: siteAddress.like,
  });
  const site = new URL(origin).host;
  const lang = account.settings.defaultLanguage ?? "en";
  const start = booking.startAt.getTime();
  // The invitation as the booking stands when the mail goes (a later change sends its own).
  const method = booking.status === "cancelled" ? "CANCEL" : "REQUEST";
  const content = bookingInvite({ booking, type, host, booker, origin, now: now() });
  // A meeting's reminder leads to its room's door; every other mail to the bookings.
  const meetingReminder = kind === "reminder" && type.locationKind === "meeting";
  const template = meetingReminder ? "bookingReminderMeeting" : templates[kind];
  const url = new URL(
    meetingReminder ? bookingRoomPath(booking.id) : BOOKINGS_PATH,
    origin,
  ).toString();
  let sent = 0;
  for (const [reader, zone] of [
    [booker, booking.bookerZone],
    [host, booking.hostZone],
  ] as const) {
    const mail = renderMail({
      template,
      lang,
      vars: {
        siteName: siteNameOf(account),
        url,
        details: { title: type.title, when: timeFor(start, zone, lang), host: host.name },
      },
    });
    await mailer.send({
      site,
      to: reader.email,
      ...mail,
      accountId,
      template,
      ...(kind === "reminder" ? {} : { calendar: { method, content } }),
    });
    sent++;
  }
  return sent;
}
