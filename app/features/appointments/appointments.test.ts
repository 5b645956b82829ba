// Issue 36 availability, appointment types and bookings on the database (decision 075): hosts
// only set hours and types; slots come from the stored rules less the bookings; a slot is
// booked once under 20 requests at once; a booking keeps its host's wall time, zone and tz
// version; cancelling opens the slot again and raises the invitation's sequence.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { memberNotifications } from "~/features/notifications/tables.server";
import { createLogger } from "~/platform/logger.server";
import { createMailer, readOutbox } from "~/platform/mail/mail.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createAccount, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import ICAL from "ical.js";
import {
  BOOKING_MAIL_JOB,
  bookSlot,
  cancelBooking,
  createAppointmentType,
  loadAvailability,
  loadSlots,
  saveAvailability,
  sendBookingMail,
  sendDueReminders,
  tzVersion,
} from "./appointments.server";
import { defaultAvailability, type Availability } from "./availability";
import { bookings } from "./tables.server";
import { recheckBookingTimes } from "./tz-recheck.server";

const now = Date.parse("2027-03-01T12:00:00Z");
/** The jobs the bookings ask for, as the queue would take them. */
const queued: { name: string; data: Record<string, unknown> }[] = [];
const jobs = {
  async send(_tx: unknown, name: string, data: Record<string, unknown>) {
    queued.push({ name, data });
  },
};
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
    bookSlot(
      { database: db.database, jobs },
      {
        accountId,
        viewer,
        now: at,
        body: { typeId, start, bookerZone: "Europe/Berlin" },
      },
    );

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
        cancelBooking(
          { database: db.database, jobs },
          { accountId, viewer: other, bookingId: booking.id },
        ),
      ).rejects.toMatchObject({ code: "appointments.notFound" });
      const cancelled = await cancelBooking(
        { database: db.database, jobs },
        {
          accountId,
          viewer: student,
          bookingId: booking.id,
        },
      );
      expect(cancelled).toMatchObject({ status: "cancelled", sequence: 1 });
      expect((await slotsOn("2027-03-16"))[0]!.start).toBe("2027-03-16T13:00:00.000Z");
      expect((await book(other, "2027-03-16T13:00:00.000Z")).bookerUserId).toBe(other.user.id);
    },
  );

  logicTest(
    "I36 a booking and its cancellation are mailed to both people, each with their own time and the calendar invitation",
    async () => {
      queued.length = 0;
      const booking = await book(student, "2027-03-18T13:30:00.000Z");
      expect(queued).toEqual([
        {
          name: BOOKING_MAIL_JOB,
          data: { accountId, bookingId: booking.id, kind: "confirmed" },
        },
      ]);
      const mailer = createMailer({ from: "Lyceum <mail@lyceum.test>", database: db.database });
      const deps = {
        database: db.database,
        mailer,
        siteAddress: { baseDomain: "localhost", like: "http://localhost:3000" },
        now: () => now,
      };
      expect(
        await sendBookingMail(deps, { accountId, bookingId: booking.id, kind: "confirmed" }),
      ).toBe(2);
      const [toStudent] = await readOutbox(db.database, { to: student.user.email });
      expect(toStudent!.subject).toBe("Booked: Portfolio review with " + host.user.name);
      // New York has changed its clocks, Berlin not yet: five hours apart, 14:30 there.
      expect(toStudent!.textBody).toContain("2:30");
      expect(toStudent!.textBody).toContain("(Europe/Berlin)");
      const [toHost] = await readOutbox(db.database, { to: host.user.email });
      expect(toHost!.textBody).toContain("9:30");
      expect(toHost!.textBody).toContain("(America/New York)");
      const calendar = new ICAL.Component(ICAL.parse(toStudent!.calendar!));
      const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
      ICAL.TimezoneService.register(zone, zone.tzid);
      try {
        const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
        expect(event.startDate.toJSDate().toISOString()).toBe("2027-03-18T13:30:00.000Z");
        expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
        expect(event.uid).toBe(`${booking.id}@${toStudent!.site}`);
        // A meeting's place is its room's door on the site.
        expect(event.location).toBe(
          `http://${toStudent!.site}/dashboard/meetings/join?booking=${booking.id}`,
        );
      } finally {
        ICAL.TimezoneService.remove(zone.tzid);
      }
      // Its reminder leads to the room's door, without an invitation.
      await sendBookingMail(deps, { accountId, bookingId: booking.id, kind: "reminder" });
      const [reminder] = await readOutbox(db.database, { to: student.user.email });
      expect(reminder!.subject).toBe("Reminder: Portfolio review with " + host.user.name);
      expect(reminder!.textBody).toContain(`/dashboard/meetings/join?booking=${booking.id}`);
      expect(reminder!.textBody).toContain("Join the meeting");
      expect(reminder!.calendar).toBeNull();
      queued.length = 0;
      await cancelBooking(
        { database: db.database, jobs },
        { accountId, viewer: host, bookingId: booking.id },
      );
      expect(queued[0]!.data).toEqual({ accountId, bookingId: booking.id, kind: "cancelled" });
      await sendBookingMail(deps, { accountId, bookingId: booking.id, kind: "cancelled" });
      const [cancelled] = await readOutbox(db.database, { to: student.user.email });
      expect(cancelled!.subject).toBe("Cancelled: Portfolio review with " + host.user.name);
      expect(cancelled!.calendar).toMatch(/\r\nMETHOD:CANCEL\r\n/);
      expect(cancelled!.calendar).toMatch(/\r\nSEQUENCE:1\r\n/);
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

  logicTest(
    "I36 a group session seats its capacity under 20 at once, each person once, then closes",
    async () => {
      const group = await createAppointmentType(db.database, {
        accountId,
        viewer: host,
        body: { title: "Office hours", slug: "office-hours", durationMinutes: 60, capacity: 5 },
      });
      const people: Viewer[] = [];
      for (let n = 0; n < 20; n++)
        people.push(await memberViewer(db.database, { accountId, roleName: "student", caps: [] }));
      const join = (viewer: Viewer) =>
        bookSlot(
          { database: db.database, jobs },
          {
            accountId,
            viewer,
            now,
            body: { typeId: group.id, start: "2027-03-19T15:00:00.000Z", bookerZone: "UTC" },
          },
        );
      const first = await join(people[0]!);
      await expect(join(people[0]!)).rejects.toMatchObject({ code: "appointments.alreadyBooked" });
      // Its time is taken for the host's other types; the session itself is still open.
      const review = await loadSlots(db.database, {
        accountId,
        now,
        query: { typeId, from: "2027-03-19T00:00:00Z", to: "2027-03-19T23:59:59Z" },
      });
      expect(review.map((slot) => slot.start)).not.toContain("2027-03-19T15:30:00.000Z");
      await Promise.all(
        Array.from({ length: 10 }, () =>
          db.database.forAccount(accountId, (tx) => tx.execute(sql`select pg_sleep(0.05)`)),
        ),
      );
      const answers = await Promise.allSettled(people.slice(1).map(join));
      expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(4);
      for (const answer of answers.filter((one) => one.status === "rejected"))
        expect(answer).toMatchObject({ reason: { code: "appointments.slotTaken" } });
      const open = await loadSlots(db.database, {
        accountId,
        now,
        query: { typeId: group.id, from: "2027-03-19T00:00:00Z", to: "2027-03-19T23:59:59Z" },
      });
      expect(open.map((slot) => slot.start)).not.toContain("2027-03-19T15:00:00.000Z");
      // One leaves: a seat opens again.
      await cancelBooking(
        { database: db.database, jobs },
        { accountId, viewer: people[0]!, bookingId: first.id },
      );
      const again = await loadSlots(db.database, {
        accountId,
        now,
        query: { typeId: group.id, from: "2027-03-19T00:00:00Z", to: "2027-03-19T23:59:59Z" },
      });
      expect(again.map((slot) => slot.start)).toContain("2027-03-19T15:00:00.000Z");
    },
  );

  logicTest(
    "I36 reminders go a day and an hour before, each once, never for a cancelled session or one booked inside the day",
    async () => {
      const sweep = (at: string) =>
        sendDueReminders({ database: db.database, jobs }, { now: new Date(at) });
      const early = await book(other, "2027-03-22T13:00:00.000Z");
      const late = await book(
        other,
        "2027-03-22T14:00:00.000Z",
        Date.parse("2027-03-21T20:00:00Z"),
      );
      const dropped = await book(other, "2027-03-22T15:00:00.000Z");
      await cancelBooking(
        { database: db.database, jobs },
        { accountId, viewer: other, bookingId: dropped.id },
      );
      const reminded = () =>
        queued.filter((job) => job.data.kind === "reminder").map((job) => job.data.bookingId);
      queued.length = 0;
      // Two days ahead: nothing due.
      await sweep("2027-03-20T13:00:00Z");
      expect(reminded()).toEqual([]);
      // 23 hours ahead: the day-before reminder for the early booking only (the late one was
      // booked inside the day), and once however often the sweep runs.
      await sweep("2027-03-21T14:00:00Z");
      await sweep("2027-03-21T14:05:00Z");
      expect(reminded()).toEqual([early.id]);
      // 50 minutes ahead of the first, 110 of the second: the hour-before one for the first.
      await sweep("2027-03-22T12:10:00Z");
      expect(reminded()).toEqual([early.id, early.id]);
      await sweep("2027-03-22T13:10:00Z");
      expect(reminded()).toEqual([early.id, early.id, late.id]);
      await sweep("2027-03-22T13:20:00Z");
      expect(reminded()).toHaveLength(3);
      expect(reminded()).not.toContain(dropped.id);
    },
  );

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
      bookSlot(
        { database: db.database, jobs },
        {
          accountId: elsewhere,
          viewer: stranger,
          now,
          body: { typeId, start: "2027-03-18T13:00:00.000Z", bookerZone: "UTC" },
        },
      ),
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

describe.each(backends)(
  "Issue 36 bookings checked again when the tz data changes, on %s",
  (backend) => {
    const logicTest = logicTestOn(backend);
    let db: TestDatabase;

    beforeAll(async () => {
      db = await createTestDatabase(backend);
    }, 60_000);
    afterAll(() => db?.dispose());

    logicTest(
      "I36 a future booking reckoned with older rules keeps its wall time and moves; both people are told; current ones keep their sequence",
      async () => {
        const { accountId } = await createAccount(db.database);
        const host = await memberViewer(db.database, {
          accountId,
          roleName: "instructor",
          caps: ["create_courses"],
        });
        const sam = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
        await saveAvailability(db.database, { accountId, viewer: host, body: newYork });
        const type = await createAppointmentType(db.database, {
          accountId,
          viewer: host,
          body: { title: "Portfolio review", slug: "review", durationMinutes: 30 },
        });
        const at = Date.parse("2027-03-02T12:00:00Z");
        const book = (start: string) =>
          bookSlot(
            { database: db.database, jobs },
            {
              accountId,
              viewer: sam,
              now: at,
              body: { typeId: type.id, start, bookerZone: "Europe/Berlin" },
            },
          );
        // Booked as 09:00 New York on 16 March (13:00 UTC) and on 3 March (14:00 UTC).
        const drifted = await book("2027-03-16T13:00:00.000Z");
        const steady = await book("2027-03-03T14:00:00.000Z");
        const past = await book("2027-03-02T14:00:00.000Z");
        // As an older tz database would have had it: no DST in 2027, so 09:00 was 14:00 UTC.
        await db.database.forAccount(accountId, (tx) =>
          tx
            .update(bookings)
            .set({
              startAt: new Date("2027-03-16T14:00:00Z"),
              endAt: new Date("2027-03-16T14:30:00Z"),
              tzVersion: "2005a",
            })
            .where(eq(bookings.id, drifted.id)),
        );
        // Reckoned with the older data too, but by today's their instants are the same.
        await db.database.forAccount(accountId, (tx) =>
          tx
            .update(bookings)
            .set({ tzVersion: "2005a" })
            .where(inArray(bookings.id, [steady.id, past.id])),
        );
        queued.length = 0;
        const heard: unknown[] = [];
        const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
        pubsub.subscribe((message) => void heard.push(message));
        const result = await recheckBookingTimes(
          { database: db.database, pubsub, jobs },
          { now: new Date("2027-03-02T15:00:00Z"), version: "2027a" },
        );
        expect(result.checked).toBe(2);
        // Both people are mailed the new time with the invitation's update.
        expect(queued).toContainEqual({
          name: BOOKING_MAIL_JOB,
          data: { accountId, bookingId: drifted.id, kind: "moved" },
        });
        expect(result.moved).toEqual([
          {
            bookingId: drifted.id,
            from: "2027-03-16T14:00:00.000Z",
            to: "2027-03-16T13:00:00.000Z",
          },
        ]);
        const rows = await db.database.forAccount(accountId, (tx) =>
          tx.select().from(bookings).where(eq(bookings.accountId, accountId)),
        );
        const byId = new Map(rows.map((row) => [row.id, row]));
        expect(byId.get(drifted.id)).toMatchObject({
          startAt: new Date("2027-03-16T13:00:00Z"),
          endAt: new Date("2027-03-16T13:30:00Z"),
          wallStart: "2027-03-16T09:00",
          sequence: 1,
          tzVersion: "2027a",
        });
        expect(byId.get(steady.id)).toMatchObject({ sequence: 0, tzVersion: "2027a" });
        // A booking already past is history: left as it was reckoned.
        expect(byId.get(past.id)).toMatchObject({ tzVersion: "2005a" });
        const told = await db.database.forAccount(accountId, (tx) =>
          tx
            .select({ userId: memberNotifications.userId, message: memberNotifications.message })
            .from(memberNotifications)
            .where(eq(memberNotifications.accountId, accountId)),
        );
        expect(told.map((row) => row.userId).sort()).toEqual([host.user.id, sam.user.id].sort());
        expect(told[0]!.message).toContain("Portfolio review: 2027-03-16 09:00 (America/New_York)");
        expect(heard).toHaveLength(2);
        // Nothing left to check: a second run finds nothing.
        expect(
          await recheckBookingTimes(
            { database: db.database, pubsub, jobs },
            { now: new Date("2027-03-02T15:00:00Z"), version: "2027a" },
          ),
        ).toEqual({ checked: 0, moved: [] });
      },
    );
  },
);
