// Issue 36 bookings as people read them (decision 076): a member's own, a host's, the types open
// for booking, and one booking's invitation to download.
import { and, asc, desc, eq, gt, inArray, lte, or } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { holdCheckoutPath, type BookableType, type BookingRow } from "./appointment-shapes";
import { storedAvailability } from "./availability";
import { bookerMay, hostsBooking } from "./booking-changes.server";
import { bookingInvite } from "./booking-mail.server";
import {
  bookerPeople,
  bookingWithPeople,
  hostPeople,
  withTypeAndPeople,
} from "./booking-people.server";
import { appointmentTypes, availabilities, bookings } from "./tables.server";

/** The most rows one list shows (upcoming first; the past, newest first). */
const LIST_MAX = 200;

/**
 * The viewer's bookings as a booker (`as: "booker"`) or as their host (`"host"`): those not yet
 * over (`when: "upcoming"`, soonest first) or over or cancelled (`"past"`, newest first).
 */
export async function listBookings(
  database: Database,
  {
    accountId,
    viewer,
    as,
    when,
    now = Date.now(),
  }: {
    accountId: string;
    viewer: Viewer;
    as: "booker" | "host";
    when: "upcoming" | "past";
    now?: number;
  },
): Promise<BookingRow[]> {
  const mine =
    as === "booker"
      ? eq(bookings.bookerUserId, viewer.user.id)
      : eq(bookings.hostUserId, viewer.user.id);
  const upcoming = and(
    inArray(bookings.status, ["confirmed", "pending"]),
    gt(bookings.endAt, new Date(now)),
  );
  const past = or(
    inArray(bookings.status, ["cancelled", "expired"]),
    lte(bookings.endAt, new Date(now)),
  );
  return database.forAccount(accountId, async (tx) => {
    const rows = await tx
      .select({
        booking: bookings,
        type: appointmentTypes,
        hostName: hostPeople.name,
        bookerName: bookerPeople.name,
      })
      .from(bookings)
      .innerJoin(appointmentTypes, withTypeAndPeople.type)
      .innerJoin(hostPeople, withTypeAndPeople.host)
      .innerJoin(bookerPeople, withTypeAndPeople.booker)
      .where(and(eq(bookings.accountId, accountId), mine, when === "upcoming" ? upcoming : past))
      .orderBy(when === "upcoming" ? asc(bookings.startAt) : desc(bookings.startAt))
      .limit(LIST_MAX);
    const rules = await rulesOf(
      tx,
      accountId,
      rows.map((row) => row.booking.hostUserId),
    );
    return rows.map(({ booking, type, hostName, bookerName }) => {
      const hostRules = rules.get(booking.hostUserId);
      const may =
        as === "host" || hostsBooking(viewer, booking)
          ? {
              cancel:
                (booking.status === "confirmed" || booking.status === "pending") &&
                booking.endAt.getTime() > now,
              reschedule: booking.status === "confirmed" && booking.endAt.getTime() > now,
            }
          : hostRules
            ? bookerMay(booking, hostRules, now)
            : { cancel: false, reschedule: false };
      return {
        id: booking.id,
        typeId: type.id,
        typeSlug: type.slug,
        title: type.title,
        durationMinutes: type.durationMinutes,
        locationKind: type.locationKind,
        locationDetail: type.locationDetail,
        start: booking.startAt.toISOString(),
        end: booking.endAt.toISOString(),
        status: booking.status,
        withName: as === "booker" ? hostName : bookerName,
        zone: as === "booker" ? booking.bookerZone : booking.hostZone,
        may,
        windowDays: hostRules?.windowDays ?? 0,
        answers: booking.answers,
        holdUntil: booking.status === "pending" ? (booking.holdUntil?.toISOString() ?? null) : null,
        payPath:
          booking.status === "pending" && booking.bookerUserId === viewer.user.id
            ? holdCheckoutPath(booking.id)
            : null,
        paid: booking.orderId !== null,
      };
    });
  });
}

async function rulesOf(tx: Tx, accountId: string, hostUserIds: string[]) {
  const ids = [...new Set(hostUserIds)];
  if (ids.length === 0) return new Map<string, ReturnType<typeof storedAvailability>>();
  const rows = await tx
    .select({ userId: availabilities.userId, rules: availabilities.rules })
    .from(availabilities)
    .where(and(eq(availabilities.accountId, accountId), inArray(availabilities.userId, ids)));
  return new Map(rows.map((row) => [row.userId, storedAvailability(row.rules)]));
}

/**
 * The site's types open for booking whose host has set hours (`slug`: that one only), with the
 * host's name and zone.
 */
export async function listBookableTypes(
  database: Database,
  { accountId, slug }: { accountId: string; slug?: string },
): Promise<BookableType[]> {
  return database.readAccount(accountId, async (tx) => {
    const rows = await tx
      .select({ type: appointmentTypes, hostName: members.name, rules: availabilities.rules })
      .from(appointmentTypes)
      .innerJoin(
        members,
        and(
          eq(members.accountId, appointmentTypes.accountId),
          eq(members.userId, appointmentTypes.hostUserId),
        ),
      )
      .innerJoin(
        availabilities,
        and(
          eq(availabilities.accountId, appointmentTypes.accountId),
          eq(availabilities.userId, appointmentTypes.hostUserId),
        ),
      )
      .where(
        and(
          eq(appointmentTypes.accountId, accountId),
          eq(appointmentTypes.active, true),
          slug === undefined ? undefined : eq(appointmentTypes.slug, slug),
        ),
      )
      .orderBy(asc(appointmentTypes.title))
      .limit(LIST_MAX);
    return rows.map(({ type, hostName, rules }) => {
      const stored = storedAvailability(rules);
      return {
        id: type.id,
        slug: type.slug,
        title: type.title,
        description: type.description,
        durationMinutes: type.durationMinutes,
        capacity: type.capacity,
        locationKind: type.locationKind,
        hostName,
        hostZone: stored.zone,
        windowDays: stored.windowDays,
        questions: type.questions,
        productId: type.productId,
      };
    });
  });
}

/** One booking's invitation as it stands (its booker, host or a manager; else not found). */
export async function bookingInviteFile(
  database: Database,
  {
    accountId,
    viewer,
    bookingId,
    origin,
    now = Date.now(),
  }: { accountId: string; viewer: Viewer; bookingId: string; origin: string; now?: number },
): Promise<string> {
  const found = await database.forAccount(accountId, (tx) =>
    bookingWithPeople(tx, accountId, bookingId),
  );
  if (
    !found ||
    (found.booking.bookerUserId !== viewer.user.id && !hostsBooking(viewer, found.booking))
  )
    throw new AppError({ code: "appointments.notFound" });
  return bookingInvite({ ...found, origin, now });
}
