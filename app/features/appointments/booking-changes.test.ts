// Issue 36 bookings changed after they are made (decision 076): the booker cancels or moves a
// booking within the host's rules (notice, number of moves), the host at any time; a move takes
// its new slot under the host's lock (20 moves at once into one slot: one), keeps the row and
// raises its sequence; the lists and the invitation file show each person what is theirs.
import { sql } from "drizzle-orm";
import ICAL from "ical.js";
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
  BOOKING_MAIL_JOB,
  bookingInviteFile,
  bookSlot,
  cancelBooking,
  createAppointmentType,
  listBookableTypes,
  listBookings,
  rescheduleBooking,
  saveAvailability,
} from "./appointments.server";
import { defaultAvailability } from "./availability";

const now = Date.parse("2027-03-01T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const queued: { name: string; data: Record<string, unknown> }[] = [];
const jobs = {
  async send(_tx: unknown, name: string, data: Record<string, unknown>) {
    queued.push({ name, data });
  },
};
// 09:00–17:00 New York, Monday to Friday; changes until 24 hours before, one move.
const rules = {
  ...defaultAvailability("America/New_York"),
  noticeMinutes: 60,
  windowDays: 90,
  changeNoticeMinutes: 24 * 60,
  maxReschedules: 1,
};

describe.each(backends)("Issue 36 booking changes on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId = "";
  let host: Viewer;
  let student: Viewer;
  let other: Viewer;
  let typeId = "";
  const deps = () => ({ database: db.database, jobs });

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
    await saveAvailability(db.database, { accountId, viewer: host, body: rules });
    typeId = (
      await createAppointmentType(db.database, {
        accountId,
        viewer: host,
        body: { title: "Mentoring", slug: "mentoring", durationMinutes: 30 },
      })
    ).id;
  }, 60_000);
  afterAll(() => db?.dispose());

  const book = (viewer: Viewer, start: string) =>
    bookSlot(deps(), {
      accountId,
      viewer,
      now,
      body: { typeId, start, bookerZone: "Europe/Berlin" },
    });
  const move = (viewer: Viewer, bookingId: string, start: string, at = now) =>
    rescheduleBooking(deps(), { accountId, viewer, bookingId, now: at, body: { start } });
  const cancel = (viewer: Viewer, bookingId: string, at = now) =>
    cancelBooking(deps(), { accountId, viewer, bookingId, now: at });

  logicTest(
    "I36 a booker moves a booking once within the host's notice; the row keeps its id, its sequence rises, its reminders are due again",
    async () => {
      queued.length = 0;
      // Wednesday 10 March 2027, 09:00 New York (14:00 UTC, before the US change).
      const booking = await book(student, "2027-03-10T14:00:00.000Z");
      // Into its own neighbouring half hour: its own time does not stand in the way.
      const moved = await move(student, booking.id, "2027-03-10T14:30:00.000Z");
      expect(moved).toMatchObject({
        id: booking.id,
        wallStart: "2027-03-10T09:30",
        sequence: 1,
        reschedules: 1,
        remindersSent: 0,
        status: "confirmed",
      });
      expect(queued.at(-1)).toEqual({
        name: BOOKING_MAIL_JOB,
        data: { accountId, bookingId: booking.id, kind: "rescheduled" },
      });
      // The old time is open again; the new one is taken.
      expect((await book(other, "2027-03-10T14:00:00.000Z")).bookerUserId).toBe(other.user.id);
      await expect(book(other, "2027-03-10T14:30:00.000Z")).rejects.toMatchObject({
        code: "appointments.slotTaken",
      });
      // One move is the rule: a second is refused, cancelling still works.
      await expect(move(student, booking.id, "2027-03-10T15:00:00.000Z")).rejects.toMatchObject({
        code: "appointments.noMoreChanges",
      });
      // The host moves it again (theirs to do), which leaves the booker's count as it was.
      const byHost = await move(host, booking.id, "2027-03-10T16:00:00.000Z");
      expect(byHost).toMatchObject({ sequence: 2, reschedules: 1, wallStart: "2027-03-10T11:00" });
      // Into a taken slot, off the grid, or another member's booking: refused.
      await expect(move(host, booking.id, "2027-03-10T14:00:00.000Z")).rejects.toMatchObject({
        code: "appointments.slotTaken",
      });
      await expect(move(host, booking.id, "2027-03-10T16:10:00.000Z")).rejects.toMatchObject({
        code: "appointments.slotTaken",
      });
      await expect(move(other, booking.id, "2027-03-10T17:00:00.000Z")).rejects.toMatchObject({
        code: "appointments.notFound",
      });
      await expect(move(student, booking.id, "not a time")).rejects.toThrow();
      expect((await cancel(student, booking.id)).status).toBe("cancelled");
      await expect(move(host, booking.id, "2027-03-10T17:00:00.000Z")).rejects.toMatchObject({
        code: "appointments.notFound",
      });
    },
  );

  logicTest(
    "I36 inside the host's notice the booker can no longer cancel or move; the host still can",
    async () => {
      const booking = await book(student, "2027-03-11T14:00:00.000Z");
      const late = Date.parse("2027-03-11T14:00:00Z") - 23 * HOUR;
      await expect(cancel(student, booking.id, late)).rejects.toMatchObject({
        code: "appointments.tooLate",
      });
      await expect(
        move(student, booking.id, "2027-03-12T14:00:00.000Z", late),
      ).rejects.toMatchObject({ code: "appointments.tooLate" });
      // 25 hours before, the same booker may still cancel.
      const early = Date.parse("2027-03-11T14:00:00Z") - 25 * HOUR;
      const [upcoming] = await listBookings(db.database, {
        accountId,
        viewer: student,
        as: "booker",
        when: "upcoming",
        now: early,
      });
      expect(upcoming?.may).toEqual({ cancel: true, reschedule: true });
      const [lateView] = await listBookings(db.database, {
        accountId,
        viewer: student,
        as: "booker",
        when: "upcoming",
        now: late,
      });
      expect(lateView?.may).toEqual({ cancel: false, reschedule: false });
      expect((await cancel(host, booking.id, late)).status).toBe("cancelled");
    },
  );

  logicTest("I36 20 bookings moved into one slot at once: one gets it", async () => {
    const people: Viewer[] = [];
    const held: string[] = [];
    // Twenty bookings on 15 and 16 March (after the US change: 09:00 is 13:00 UTC).
    for (let n = 0; n < 20; n++) {
      const person = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
      people.push(person);
      const day = n < 14 ? "2027-03-15" : "2027-03-16";
      const slot = new Date(Date.parse(`${day}T13:00:00Z`) + (n % 14) * 30 * 60_000);
      held.push((await book(person, slot.toISOString())).id);
    }
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.database.forAccount(accountId, (tx) => tx.execute(sql`select pg_sleep(0.05)`)),
      ),
    );
    const answers = await Promise.allSettled(
      people.map((person, n) => move(person, held[n]!, "2027-03-17T15:00:00.000Z")),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status === "rejected"))
      expect(answer).toMatchObject({ reason: { code: "appointments.slotTaken" } });
  });

  logicTest(
    "I36 20 moves of one booking at once by its booker: one counts against the host's rule; 20 cancellations mail once",
    async () => {
      const booking = await book(student, "2027-03-18T13:00:00.000Z");
      await Promise.all(
        Array.from({ length: 10 }, () =>
          db.database.forAccount(accountId, (tx) => tx.execute(sql`select pg_sleep(0.05)`)),
        ),
      );
      // Twenty different free times on Friday 19 March (09:00–16:30 New York).
      const times = Array.from({ length: 16 }, (_, n) =>
        new Date(Date.parse("2027-03-19T13:00:00Z") + n * 30 * 60_000).toISOString(),
      );
      const moves = await Promise.allSettled(
        Array.from({ length: 20 }, (_, n) => move(student, booking.id, times[n % 16]!)),
      );
      expect(moves.filter((one) => one.status === "fulfilled")).toHaveLength(1);
      for (const refused of moves.filter((one) => one.status === "rejected"))
        expect(refused).toMatchObject({ reason: { code: "appointments.noMoreChanges" } });
      queued.length = 0;
      const cancels = await Promise.allSettled(
        Array.from({ length: 20 }, () => cancel(student, booking.id)),
      );
      expect(cancels.every((one) => one.status === "fulfilled")).toBe(true);
      expect(queued.filter((job) => job.data.kind === "cancelled")).toHaveLength(1);
    },
  );

  logicTest(
    "I36 each person lists their own bookings, upcoming and past; the open types name their host",
    async () => {
      const booking = await book(other, "2027-03-22T13:00:00.000Z");
      const mine = await listBookings(db.database, {
        accountId,
        viewer: other,
        as: "booker",
        when: "upcoming",
        now,
      });
      const row = mine.find((one) => one.id === booking.id);
      expect(row).toMatchObject({
        title: "Mentoring",
        typeSlug: "mentoring",
        start: "2027-03-22T13:00:00.000Z",
        zone: "Europe/Berlin",
        withName: host.user.name,
        status: "confirmed",
      });
      // Soonest first; nobody else's.
      const starts = mine.map((one) => one.start);
      expect(starts).toEqual(starts.toSorted());
      expect(
        (
          await listBookings(db.database, {
            accountId,
            viewer: student,
            as: "booker",
            when: "upcoming",
            now,
          })
        ).map((one) => one.id),
      ).not.toContain(booking.id);
      const hosting = await listBookings(db.database, {
        accountId,
        viewer: host,
        as: "host",
        when: "upcoming",
        now,
      });
      expect(hosting.find((one) => one.id === booking.id)).toMatchObject({
        withName: other.user.name,
        zone: "America/New_York",
        may: { cancel: true, reschedule: true },
      });
      // After its end it is past.
      const later = Date.parse("2027-03-22T13:30:00Z");
      const past = await listBookings(db.database, {
        accountId,
        viewer: other,
        as: "booker",
        when: "past",
        now: later,
      });
      expect(past.find((one) => one.id === booking.id)?.may).toEqual({
        cancel: false,
        reschedule: false,
      });
      expect(await listBookableTypes(db.database, { accountId })).toEqual([
        expect.objectContaining({
          id: typeId,
          slug: "mentoring",
          hostName: host.user.name,
          hostZone: "America/New_York",
        }),
      ]);
      expect(await listBookableTypes(db.database, { accountId, slug: "nope" })).toEqual([]);
    },
  );

  logicTest(
    "I36 a type's questions are asked when booking: a required one left blank is refused, answers are kept with their question for both people",
    async () => {
      const asked = await createAppointmentType(db.database, {
        accountId,
        viewer: host,
        body: {
          title: "Code review",
          slug: "code-review",
          durationMinutes: 30,
          questions: [
            { label: "Link to your repository", required: true },
            { label: "Anything else?", required: false },
          ],
        },
      });
      await expect(
        createAppointmentType(db.database, {
          accountId,
          viewer: host,
          body: {
            title: "Too curious",
            slug: "too-curious",
            durationMinutes: 30,
            questions: Array.from({ length: 6 }, (_, n) => ({ label: `Question ${n}` })),
          },
        }),
      ).rejects.toThrow();
      const ask = (answers: unknown) =>
        bookSlot(deps(), {
          accountId,
          viewer: student,
          now,
          body: { typeId: asked.id, start: "2027-03-24T13:00:00.000Z", bookerZone: "UTC", answers },
        });
      await expect(ask([])).rejects.toMatchObject({ code: "appointments.answersMissing" });
      await expect(ask(["   ", "Soon"])).rejects.toMatchObject({
        code: "appointments.answersMissing",
      });
      await expect(ask(["x".repeat(1001)])).rejects.toThrow();
      const booking = await ask(["https://git.example/me/portfolio"]);
      const expected = [
        { question: "Link to your repository", answer: "https://git.example/me/portfolio" },
        { question: "Anything else?", answer: "" },
      ];
      expect(booking.answers).toEqual(expected);
      for (const [viewer, as] of [
        [host, "host"],
        [student, "booker"],
      ] as const) {
        const rows = await listBookings(db.database, {
          accountId,
          viewer,
          as,
          when: "upcoming",
          now,
        });
        expect(rows.find((row) => row.id === booking.id)?.answers).toEqual(expected);
      }
      const [bookable] = await listBookableTypes(db.database, { accountId, slug: "code-review" });
      expect(bookable?.questions).toEqual([
        { label: "Link to your repository", required: true },
        { label: "Anything else?", required: false },
      ]);
    },
  );

  logicTest(
    "I36 a booking's invitation file is its booker's and host's only, and says CANCEL once cancelled",
    async () => {
      const booking = await book(student, "2027-03-23T13:00:00.000Z");
      const file = (viewer: Viewer) =>
        bookingInviteFile(db.database, {
          accountId,
          viewer,
          bookingId: booking.id,
          origin: "https://school.example",
          now,
        });
      const read = (text: string) => {
        const calendar = new ICAL.Component(ICAL.parse(text));
        const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
        return {
          method: calendar.getFirstPropertyValue("method"),
          start: event.startDate.toJSDate().toISOString(),
          sequence: event.sequence,
          uid: event.uid,
        };
      };
      expect(read(await file(student))).toEqual({
        method: "REQUEST",
        start: "2027-03-23T13:00:00.000Z",
        sequence: 0,
        uid: `${booking.id}@school.example`,
      });
      expect(read(await file(host)).start).toBe("2027-03-23T13:00:00.000Z");
      await expect(file(other)).rejects.toMatchObject({ code: "appointments.notFound" });
      await cancel(student, booking.id);
      expect(read(await file(student))).toMatchObject({ method: "CANCEL", sequence: 1 });
    },
  );
});
