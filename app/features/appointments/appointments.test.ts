// Issue 36 availability, appointment types and bookings on the database (decision 075): hosts
// only set hours and types; slots come from the stored rules less the bookings; a slot is
// booked once under 20 requests at once; a booking keeps its host's wall time, zone and tz
// version; cancelling opens the slot again and raises the invitation's sequence.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  bookSlot,
  cancelBooking,
  createAppointmentType,
  loadAvailability,
  loadSlots,
  saveAvailability,
  tzVersion,
} from "./appointments.server";
import { defaultAvailability, type Availability } from "./availability";

const now = Date.parse("2027-03-01T12:00:00Z");
const newYork: Availability = {
  ...defaultAvailability("America/New_York"),
  noticeMinutes: 60,
  windowDays: 90,
};

describe.each(backends)("Issue 36 appointments on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId = "";
  let host: Viewer;
  let student: Viewer;
  let other: Viewer;
  let typeId = "";

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    host = await memberViewer(db.database, {
      accountId,
      roleName: "instructor",
      caps: ["create_courses"],
    });
    student = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    other = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    await saveAvailability(db.database, { accountId, viewer: host, body: newYork });
    typeId = (
      await createAppointmentType(db.database, {
        accountId,
        viewer: host,
        body: { title: "Portfolio review", slug: "portfolio-review", durationMinutes: 30 },
      })
    ).id;
  }, 60_000);
  afterAll(() => db?.dispose());

  const slotsOn = (date: string) =>
    loadSlots(db.database, {
      accountId,
      now,
      query: { typeId, from: `${date}T00:00:00Z`, to: `${date}T23:59:59Z` },
    });
  const book = (viewer: Viewer, start: string, at = now) =>
    bookSlot(db.database, {
      accountId,
      viewer,
      now: at,
      body: { typeId, start, bookerZone: "Europe/Berlin" },
    });

  logicTest("I36 only hosts set hours and types; hours are checked whole", async () => {
    await expect(
      saveAvailability(db.database, { accountId, viewer: student, body: newYork }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(
      createAppointmentType(db.database, {
        accountId,
        viewer: student,
        body: { title: "x", slug: "x", durationMinutes: 30 },
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(
      saveAvailability(db.database, {
        accountId,
        viewer: host,
        body: { ...newYork, zone: "Mars/Olympus" },
      }),
    ).rejects.toThrow();
    expect(await loadAvailability(db.database, { accountId, userId: host.user.id })).toEqual(
      newYork,
    );
    await expect(
      createAppointmentType(db.database, {
        accountId,
        viewer: host,
        body: { title: "Again", slug: "portfolio-review", durationMinutes: 30 },
      }),
    ).rejects.toMatchObject({ code: "appointments.slugTaken" });
  });

  logicTest(
    "I36 a booking takes its slot once, keeps the host's wall time, zone and tz version, and a cancellation gives it back",
    async () => {
      // Tuesday 16 March 2027, after the US change: 09:00 in New York is 13:00 UTC.
      const before = await slotsOn("2027-03-16");
      expect(before[0]).toEqual({
        start: "2027-03-16T13:00:00.000Z",
        end: "2027-03-16T13:30:00.000Z",
      });
      const booking = await book(student, "2027-03-16T13:00:00.000Z");
      expect(booking).toMatchObject({
        wallStart: "2027-03-16T09:00",
        hostZone: "America/New_York",
        bookerZone: "Europe/Berlin",
        tzVersion: tzVersion(),
        status: "confirmed",
        sequence: 0,
      });
      expect(booking.tzVersion).toMatch(/^\d{4}[a-z]$/);
      const after = await slotsOn("2027-03-16");
      expect(after.map((slot) => slot.start)).not.toContain("2027-03-16T13:00:00.000Z");
      expect(after).toHaveLength(before.length - 1);
      await expect(book(other, "2027-03-16T13:00:00.000Z")).rejects.toMatchObject({
        code: "appointments.slotTaken",
      });
      // Not a slot: off the half-hour grid, at night, a Saturday, too soon, past the window.
      for (const [start, at] of [
        ["2027-03-16T13:10:00.000Z", now],
        ["2027-03-16T03:00:00.000Z", now],
        ["2027-03-20T14:00:00.000Z", now],
        ["2027-03-16T14:00:00.000Z", Date.parse("2027-03-16T13:30:00Z")],
        ["2027-07-06T13:00:00.000Z", now],
      ] as const)
        await expect(book(other, start, at), start).rejects.toMatchObject({
          code: "appointments.slotTaken",
        });
      // Someone else's booking is not theirs to cancel.
      await expect(
        cancelBooking(db.database, { accountId, viewer: other, bookingId: booking.id }),
      ).rejects.toMatchObject({ code: "appointments.notFound" });
      const cancelled = await cancelBooking(db.database, {
        accountId,
        viewer: student,
        bookingId: booking.id,
      });
      expect(cancelled).toMatchObject({ status: "cancelled", sequence: 1 });
      expect((await slotsOn("2027-03-16"))[0]!.start).toBe("2027-03-16T13:00:00.000Z");
      expect((await book(other, "2027-03-16T13:00:00.000Z")).bookerUserId).toBe(other.user.id);
    },
  );

  logicTest("I36 20 members asking for one slot at once: one gets it", async () => {
    const people: Viewer[] = [];
    for (let n = 0; n < 20; n++)
      people.push(await memberViewer(db.database, { accountId, roleName: "student", caps: [] }));
    // Every connection of the pool open first: the requests meet in the database, not in its
    // connection queue.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.database.forAccount(accountId, (tx) => tx.execute(sql`select pg_sleep(0.05)`)),
      ),
    );
    const answers = await Promise.allSettled(
      people.map((person) => book(person, "2027-03-17T14:00:00.000Z")),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === "rejected");
    expect(refused).toHaveLength(19);
    for (const answer of refused)
      expect(answer).toMatchObject({ reason: { code: "appointments.slotTaken" } });
  });

  logicTest("I36 slots and bookings of one site are nobody's on another", async () => {
    const elsewhere = (await createAccount(db.database)).accountId;
    await expect(
      loadSlots(db.database, {
        accountId: elsewhere,
        now,
        query: { typeId, from: "2027-03-16T00:00:00Z", to: "2027-03-17T00:00:00Z" },
      }),
    ).rejects.toMatchObject({ code: "appointments.notFound" });
    const stranger = await memberViewer(db.database, {
      accountId: elsewhere,
      roleName: "student",
      caps: [],
    });
    await expect(
      bookSlot(db.database, {
        accountId: elsewhere,
        viewer: stranger,
        now,
        body: { typeId, start: "2027-03-18T13:00:00.000Z", bookerZone: "UTC" },
      }),
    ).rejects.toMatchObject({ code: "appointments.notFound" });
  });

  logicTest("I36 the slots' span is checked at the boundary", async () => {
    for (const query of [
      { typeId, from: "2027-03-16T00:00:00Z", to: "2027-06-16T00:00:00Z" },
      { typeId, from: "2027-03-16T00:00:00Z", to: "2027-03-15T00:00:00Z" },
      { typeId: "nope", from: "2027-03-16T00:00:00Z", to: "2027-03-17T00:00:00Z" },
      { typeId, from: "yesterday", to: "2027-03-17T00:00:00Z" },
    ])
      await expect(loadSlots(db.database, { accountId, now, query })).rejects.toThrow();
  });
});
