// Issue 36 a booking with its type and both people's names and addresses, as its mail and its
// invitation need it.
import { aliasedTable, and, eq } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { appointmentTypes, bookings } from "./tables.server";

export const hostPeople = aliasedTable(members, "host_people");
export const bookerPeople = aliasedTable(members, "booker_people");

/** Joins a bookings query to its type, host and booker (by the account's keys). */
export const withTypeAndPeople = {
  type: and(
    eq(appointmentTypes.accountId, bookings.accountId),
    eq(appointmentTypes.id, bookings.typeId),
  ),
  host: and(
    eq(hostPeople.accountId, bookings.accountId),
    eq(hostPeople.userId, bookings.hostUserId),
  ),
  booker: and(
    eq(bookerPeople.accountId, bookings.accountId),
    eq(bookerPeople.userId, bookings.bookerUserId),
  ),
};

/** One booking with its type and people, or undefined. */
export async function bookingWithPeople(tx: Tx, accountId: string, bookingId: string) {
  const [row] = await tx
    .select({
      booking: bookings,
      type: appointmentTypes,
      host: { name: hostPeople.name, email: hostPeople.email },
      booker: { name: bookerPeople.name, email: bookerPeople.email },
    })
    .from(bookings)
    .innerJoin(appointmentTypes, withTypeAndPeople.type)
    .innerJoin(hostPeople, withTypeAndPeople.host)
    .innerJoin(bookerPeople, withTypeAndPeople.booker)
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
  return row;
}
