// Issue 36 in the cross-account HTTP matrix (decision 076): the booking page, the slots, a
// booking, its calendar file and its changes, the members' and the hosts' screens, for each
// actor on its own site and another's. Then the same doors as a person uses them: book, be
// refused the taken slot and malformed input (400/415, never 500), download the invitation,
// move and cancel.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  bookSlot,
  createAppointmentType,
  defaultAvailability,
  loadSlots,
  saveAvailability,
} from "~/features/appointments/appointments.server";
import type { Viewer } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { createClient } from "./support/http-client";
import { createTestDatabase, logicBackends, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

const superAdminEmail = "root-appointments-matrix@platform.test";
const password = "Matrix-Harbour-Quartz-88";
const unknown = "00000000-0000-4000-8000-000000000000";
const DAY = 24 * 60 * 60 * 1000;
type Fixture = { typeId: string; bookingId: string };
let fixture: Fixture;

/** Anyone's on demo, nobody's on acme (otherOwner's own site; elsewhere their cookies go to demo). */
const onDemoOnly = (found: number) => (actor: ActorKind, place: Place) =>
  (actor === "otherOwner") === (place === "other") ? found : 404;
/** A dashboard page: sign in first without a session, or on another site. */
const page = (name: string, path: string, status: (actor: ActorKind) => number): MatrixRoute => ({
  name,
  method: "GET",
  path,
  expect: (actor, place) => (actor === "anonymous" || place === "other" ? 302 : status(actor)),
});
/** An API call that needs a session of the site it is sent to. */
const signedApi = (
  route: Omit<MatrixRoute, "expect">,
  status: (actor: ActorKind) => number,
): MatrixRoute => ({
  ...route,
  expect: (actor, place) => (actor === "anonymous" || place === "other" ? 401 : status(actor)),
});
const hosts = (actor: ActorKind) =>
  actor === "instructor" || actor === "owner" || actor === "otherOwner";

const routes: MatrixRoute[] = [
  // Signing in on demo made the super-admin a member there (as a student).
  page("GET /dashboard/bookings (members)", "/dashboard/bookings", () => 200),
  // Every member's calendar of sessions (a host's: those they hold, with their hours).
  page("GET /dashboard/appointments (members)", "/dashboard/appointments", () => 200),
  {
    // Both sites have the feature: the list is every site's own (acme's is empty).
    name: "GET /book (anyone)",
    method: "GET",
    path: "/book",
    expect: () => 200,
  },
  {
    name: "GET /book/mentoring (anyone, on its site)",
    method: "GET",
    path: "/book/mentoring",
    expect: onDemoOnly(200),
  },
  {
    name: "GET /api/appointments/types/{id}/slots (anyone, on its site)",
    method: "GET",
    path: () =>
      `/api/appointments/types/${fixture.typeId}/slots?from=${new Date(Date.now() + DAY).toISOString()}&to=${new Date(Date.now() + 3 * DAY).toISOString()}`,
    expect: onDemoOnly(200),
    contentType: (actor, place) =>
      onDemoOnly(200)(actor, place) === 200 ? "application/json" : undefined,
  },
  signedApi(
    {
      name: "POST /api/appointments/bookings of no such type (members)",
      method: "POST",
      path: "/api/appointments/bookings",
      body: () => ({
        typeId: unknown,
        start: new Date(Date.now() + 2 * DAY).toISOString(),
        bookerZone: "Europe/Berlin",
      }),
    },
    () => 404,
  ),
  signedApi(
    {
      name: "GET the student's booking's invitation (its booker, host and the site's managers)",
      method: "GET",
      path: () => `/api/appointments/bookings/${fixture.bookingId}/invite.ics`,
      contentType: (actor, place) =>
        place === "own" && ["student", "instructor", "owner"].includes(actor)
          ? "text/calendar"
          : undefined,
    },
    (actor) => (["student", "instructor", "owner"].includes(actor) ? 200 : 404),
  ),
  signedApi(
    {
      name: "POST /api/appointments/bookings/{unknown}/cancel",
      method: "POST",
      path: `/api/appointments/bookings/${unknown}/cancel`,
      body: () => ({}),
    },
    () => 404,
  ),
  page("GET /dashboard/meetings (members)", "/dashboard/meetings", () => 200),
  page(
    "GET /dashboard/meetings/join?room={unknown} (nobody's room)",
    `/dashboard/meetings/join?room=${unknown}`,
    () => 404,
  ),
  {
    name: "POST /dashboard/meetings open a room for the site's members (hosts)",
    method: "POST",
    path: "/dashboard/meetings.data",
    body: () => ({ intent: "open", title: "Drop-in", minutes: 30 }),
    expect: (actor, place) => {
      if (actor === "anonymous" || place === "other") return 202;
      return hosts(actor) ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/meetings open a room for a course nobody teaches (nobody)",
    method: "POST",
    path: "/dashboard/meetings.data",
    body: () => ({ intent: "open", title: "Live class", minutes: 30, courseId: unknown }),
    expect: (actor, place) => (actor === "anonymous" || place === "other" ? 202 : 403),
  },
  {
    name: "POST /dashboard/meetings the meeting server (managers)",
    method: "POST",
    path: "/dashboard/meetings.data",
    body: () => ({ intent: "settings", provider: "jitsi", domain: "meet.example.org" }),
    expect: (actor, place) => {
      if (actor === "anonymous" || place === "other") return 202;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/appointments setTypeActive of the instructor's type (its host only)",
    method: "POST",
    path: "/dashboard/appointments.data",
    body: () => ({ intent: "setTypeActive", typeId: fixture.typeId, active: true }),
    expect: (actor, place) => {
      if (actor === "anonymous" || place === "other") return 202;
      if (actor === "instructor") return 200;
      return hosts(actor) ? 404 : 403;
    },
  },
  {
    name: "POST /dashboard/appointments setTypeProduct of the instructor's type (its host only)",
    method: "POST",
    path: "/dashboard/appointments.data",
    body: () => ({ intent: "setTypeProduct", typeId: fixture.typeId, productId: null }),
    expect: (actor, place) => {
      if (actor === "anonymous" || place === "other") return 202;
      if (actor === "instructor") return 200;
      return hosts(actor) ? 404 : 403;
    },
  },
];

describe.each(logicBackends)("Issue 36 appointments HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
    await upsertPlanCatalogue(db.database);
    for (const site of [world.demo, world.acme])
      await db.database.owner.execute(
        sql`update accounts set settings = settings || '{"plan":"professional","features":["lms","appointments"]}'::jsonb where account_id = ${site.accountId}`,
      );
    const accountId = world.demo.accountId;
    const viewer = (actor: "student" | "instructor", caps: string[]): Viewer =>
      ({
        user: {
          id: world.people[actor].userId,
          name: actor,
          email: world.people[actor].email,
          image: null,
        },
        membership: { accountId, role: actor, caps },
        isSuperAdmin: false,
      }) as unknown as Viewer;
    const instructor = viewer("instructor", ["create_courses"]);
    // Every hour of every day in UTC, no notice: times to book at any moment of the run.
    await saveAvailability(db.database, {
      accountId,
      viewer: instructor,
      body: {
        ...defaultAvailability("UTC"),
        weekly: Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }]),
        noticeMinutes: 0,
        changeNoticeMinutes: 0,
        maxReschedules: 2,
      },
    });
    const type = await createAppointmentType(db.database, {
      accountId,
      viewer: instructor,
      body: { title: "Mentoring", slug: "mentoring", durationMinutes: 30 },
    });
    const [slot] = await loadSlots(db.database, {
      accountId,
      query: {
        typeId: type.id,
        from: new Date(Date.now() + 2 * DAY).toISOString(),
        to: new Date(Date.now() + 3 * DAY).toISOString(),
      },
    });
    const booking = await bookSlot(
      { database: db.database, jobs: { send: async () => {} } },
      {
        accountId,
        viewer: viewer("student", []),
        body: { typeId: type.id, start: slot!.start, bookerZone: "Europe/Berlin" },
      },
    );
    fixture = { typeId: type.id, bookingId: booking.id };
  }, 120_000);
  afterAll(() => db?.dispose());

  test("I36 booking pages, slots, bookings, meetings and the hosts' screens answer each actor, on its own site and another's, as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
  }, 300_000);

  test("I36 a member books, is refused a taken slot and malformed input, downloads the invitation, moves and cancels", async () => {
    const student = createClient(app, { host: world.demo.host, ip: "10.36.1.1" });
    expect(
      (
        await student.post("/api/auth/sign-in/email", {
          email: world.people.student.email,
          password,
        })
      ).status,
    ).toBe(200);
    const from = new Date(Date.now() + 5 * DAY).toISOString();
    const to = new Date(Date.now() + 6 * DAY).toISOString();
    const slotsPath = `/api/appointments/types/${fixture.typeId}/slots?from=${from}&to=${to}`;
    const { slots } = (await (await student.request(slotsPath)).json()) as {
      slots: { start: string }[];
    };
    expect(slots.length).toBeGreaterThan(40);
    const [first, second] = slots;
    // The public page: its facts, its island, and never a shared cache.
    const bookingPage = await createClient(app, { host: world.demo.host }).request(
      "/book/mentoring",
    );
    expect(bookingPage.headers.get("cache-control")).toContain("no-store");
    const html = await bookingPage.text();
    expect(html).toContain("Mentoring");
    expect(html).toContain('data-island="booking-panel"');
    const list = await (await createClient(app, { host: world.demo.host }).request("/book")).text();
    expect(list).toContain('href="/book/mentoring"');
    // Bad requests: 400 or 415, never 500, and nothing booked.
    const bad = async (body: unknown, init?: { form?: Record<string, string> }) =>
      (
        await student.request("/api/appointments/bookings", {
          method: "POST",
          ...(init?.form ? { form: init.form } : { json: body }),
        })
      ).status;
    expect(await bad([])).toBe(400);
    expect(await bad({ typeId: fixture.typeId, start: "tomorrow", bookerZone: "UTC" })).toBe(400);
    expect(
      await bad({ typeId: fixture.typeId, start: first!.start, bookerZone: "Mars/Base" }),
    ).toBe(400);
    expect([400, 415]).toContain(await bad(undefined, { form: { typeId: fixture.typeId } }));
    for (const query of [`from=${from}`, `from=${from}&to=2030-01-01T00:00:00Z`, "from=x&to=y"])
      expect(
        (await student.request(`/api/appointments/types/${fixture.typeId}/slots?${query}`)).status,
        query,
      ).toBe(400);
    expect(
      (
        await createClient(app, { host: world.demo.host }).post("/api/appointments/bookings", {
          typeId: fixture.typeId,
          start: first!.start,
          bookerZone: "UTC",
        })
      ).status,
    ).toBe(401);
    // Booked once; the same time again is taken.
    const book = (start: string) =>
      student.post("/api/appointments/bookings", {
        typeId: fixture.typeId,
        start,
        bookerZone: "Asia/Tokyo",
      });
    const made = await book(first!.start);
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await book(first!.start)).status).toBe(409);
    // The invitation: a REQUEST at the booked instant, named for the site.
    const invite = await student.request(`/api/appointments/bookings/${id}/invite.ics`);
    expect(invite.headers.get("content-type")).toContain("text/calendar");
    expect(invite.headers.get("content-disposition")).toContain("attachment");
    const ics = await invite.text();
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:${id}@${world.demo.host}`);
    // Moved to the next slot, then cancelled (twice: the second changes nothing).
    const move = await student.post(`/api/appointments/bookings/${id}/reschedule`, {
      start: second!.start,
    });
    expect(move.status).toBe(200);
    expect(((await move.json()) as { start: string }).start).toBe(second!.start);
    expect(
      (await student.post(`/api/appointments/bookings/${id}/reschedule`, { start: 5 })).status,
    ).toBe(400);
    const screen = await (await student.request("/dashboard/bookings")).text();
    expect(screen).toContain(`data-booking-id="${id}"`);
    expect(screen).toContain("Asia/Tokyo");
    for (let n = 0; n < 2; n++) {
      const cancel = await student.post(`/api/appointments/bookings/${id}/cancel`, {});
      expect(cancel.status).toBe(200);
      expect(await cancel.json()).toEqual({ id, status: "cancelled" });
    }
    expect(
      await (await student.request(`/api/appointments/bookings/${id}/invite.ics`)).text(),
    ).toContain("METHOD:CANCEL");
  }, 120_000);
});
