import { randomUUID } from "node:crypto";
import { defaultAvailability } from "~/features/appointments/availability";
import { appointmentTypes, availabilities, bookings } from "~/features/appointments/tables.server";
import { meetingRooms, meetingSettings } from "~/features/meetings/tables.server";
import type { Database } from "~/platform/db/database.server";

/**
 * Issue 36 one of each appointments and meetings row (availabilities, appointment_types,
 * bookings, meeting_settings, meeting_rooms) for a member who hosts and books themselves, for
 * the isolation matrix and the template's seed.
 */
export async function createAppointmentRows(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
) {
  await database.forAccount(accountId, async (tx) => {
    await tx
      .insert(availabilities)
      .values({ accountId, userId, rules: defaultAvailability("Europe/London") })
      .onConflictDoNothing();
    const [type] = await tx
      .insert(appointmentTypes)
      .values({
        accountId,
        hostUserId: userId,
        slug: `session-${randomUUID().slice(0, 8)}`,
        title: "Session",
        durationMinutes: 30,
      })
      .returning();
    await tx.insert(bookings).values({
      accountId,
      typeId: type!.id,
      hostUserId: userId,
      bookerUserId: userId,
      startAt: new Date("2027-01-11T09:00:00Z"),
      endAt: new Date("2027-01-11T09:30:00Z"),
      wallStart: "2027-01-11T09:00",
      hostZone: "Europe/London",
      tzVersion: "2026a",
      bookerZone: "Europe/London",
    });
    await tx
      .insert(meetingSettings)
      .values({ accountId, provider: "jitsi", domain: "meet.example.org" })
      .onConflictDoNothing();
    await tx.insert(meetingRooms).values({
      accountId,
      name: `lyceum-${randomUUID()}`,
      title: "Session",
      kind: "session",
      sessionKey: `${type!.id}:2027-01-11T09:00:00.000Z`,
      typeId: type!.id,
      hostUserId: userId,
      startsAt: new Date("2027-01-11T09:00:00Z"),
      endsAt: new Date("2027-01-11T09:30:00Z"),
    });
  });
}
