// Issue 36 a booking's mail (decision 075): made, cancelled, moved by a change of time zone
// rules, or coming up (a reminder), to the booker and the host, each with the time in their own
// zone; all but the reminder carry the calendar invitation (RFC 5545: REQUEST with the
// booking's sequence, CANCEL for a cancellation). Sent by a job once the change has committed.
import { and, eq } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { members } from "~/features/members/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail, type MailTemplate } from "~/platform/mail/templates.server";
import { icsOf } from "./ics.server";
import { appointmentTypes, bookings } from "./tables.server";

/** The job that mails one change of a booking to both people. */
export const BOOKING_MAIL_JOB = "appointments.booking-mail";

export type BookingMailKind = "confirmed" | "cancelled" | "moved" | "reminder";

const templates: Record<BookingMailKind, MailTemplate> = {
  confirmed: "bookingConfirmed",
  cancelled: "bookingCancelled",
  moved: "bookingMoved",
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
    const [row] = await tx
      .select({ booking: bookings, type: appointmentTypes })
      .from(bookings)
      .innerJoin(
        appointmentTypes,
        and(
          eq(appointmentTypes.accountId, bookings.accountId),
          eq(appointmentTypes.id, bookings.typeId),
        ),
      )
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
    if (!account || !row) return null;
    const person = async (userId: string) =>
      (
        await tx
          .select({ name: members.name, email: members.email })
          .from(members)
          .where(and(eq(members.accountId, accountId), eq(members.userId, userId)))
      )[0];
    const host = await person(row.booking.hostUserId);
    const booker = await person(row.booking.bookerUserId);
    return host && booker ? { account, ...row, host, booker } : null;
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
  const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
  const content = icsOf({
    uid: `${booking.id}@${site}`,
    sequence: booking.sequence,
    method,
    start,
    end: booking.endAt.getTime(),
    zone: booking.hostZone,
    summary: type.title,
    ...(type.description ? { description: type.description } : {}),
    ...(type.locationKind !== "meeting" && type.locationDetail
      ? { location: type.locationDetail }
      : {}),
    url: new URL(BOOKINGS_PATH, origin).toString(),
    organizer: host,
    attendees: [booker],
    now: now(),
  });
  let sent = 0;
  for (const [reader, zone] of [
    [booker, booking.bookerZone],
    [host, booking.hostZone],
  ] as const) {
    const mail = renderMail({
      template: templates[kind],
      lang,
      vars: {
        siteName: siteNameOf(account),
        url: new URL(BOOKINGS_PATH, origin).toString(),
        details: { title: type.title, when: timeFor(start, zone, lang), host: host.name },
      },
    });
    await mailer.send({
      site,
      to: reader.email,
      ...mail,
      accountId,
      template: templates[kind],
      ...(kind === "reminder" ? {} : { calendar: { method, content } }),
    });
    sent++;
  }
  return sent;
}
