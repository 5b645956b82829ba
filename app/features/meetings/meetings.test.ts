// Issue 36 meeting rooms (decision 077): a booked session's room is its booker's and host's
// (a group session's bookers share one), entered only in its window; the first entry counts a
// conference on the meter; the token says who moderates, signed as JaaS (RS256, kid) and a
// self-hosted Jitsi (HS256) check it; secrets are sealed and never shown; hosts open rooms for
// the members.
import { generateKeyPairSync } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  bookSlot,
  cancelBooking,
  createAppointmentType,
  defaultAvailability,
  saveAvailability,
} from "~/features/appointments/appointments.server";
import { commandGroups } from "~/features/groups/groups.server";
import type { Viewer } from "~/features/members/members.server";
import { usageCounters } from "~/features/usage/tables.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createLogger } from "~/platform/logger.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { enrolments } from "~/features/learning/tables.server";
import { createAccount, createCourse, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  joinMeeting,
  listMeetings,
  loadMeetingSettings,
  openAdhocRoom,
  saveMeetingSettings,
} from "./meetings.server";
import { meetingSettings } from "./tables.server";

const MINUTE = 60_000;
const secretBox = createSecretBox("meetings-test-auth-secret-0123456789abcdef");
const jobs = { send: async () => {} };
const start = "2027-03-16T14:00:00.000Z";
const startMs = Date.parse(start);

describe.each(backends)("Issue 36 meetings on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId = "";
  let host: Viewer;
  let owner: Viewer;
  let student: Viewer;
  let classmate: Viewer;
  let outsider: Viewer;
  let typeId = "";
  let groupTypeId = "";
  let bookingId = "";
  const deps = () => ({
    database: db.database,
    secretBox,
    pubsub: createLocalPubSub(createLogger({ level: "silent" })),
  });
  const join = (viewer: Viewer, ref: { room: string } | { booking: string }, now: number) =>
    joinMeeting(deps(), { accountId, viewer, ref, now });
  const conferences = async () => {
    const rows = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ amount: usageCounters.amount })
        .from(usageCounters)
        .where(
          and(eq(usageCounters.accountId, accountId), eq(usageCounters.meter, "jitsi_conferences")),
        ),
    );
    return rows.reduce((sum, row) => sum + row.amount, 0);
  };
  const roomOf = (url: string) => new URL(url).pathname.split("/").at(-1);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    host = await memberViewer(db.database, {
      accountId,
      roleName: "instructor",
      caps: ["create_courses"],
    });
    owner = await memberViewer(db.database, {
      accountId,
      roleName: "site_owner",
      caps: ["manage_options"],
    });
    student = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    classmate = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    outsider = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    await saveAvailability(db.database, {
      accountId,
      viewer: host,
      body: { ...defaultAvailability("America/New_York"), noticeMinutes: 0, windowDays: 730 },
    });
    typeId = (
      await createAppointmentType(db.database, {
        accountId,
        viewer: host,
        body: { title: "Mentoring", slug: "mentoring", durationMinutes: 30 },
      })
    ).id;
    groupTypeId = (
      await createAppointmentType(db.database, {
        accountId,
        viewer: host,
        body: { title: "Office hours", slug: "office-hours", durationMinutes: 60, capacity: 4 },
      })
    ).id;
    const booked = await bookSlot(
      { database: db.database, jobs },
      {
        accountId,
        viewer: student,
        now: Date.parse("2027-03-01T00:00:00Z"),
        body: { typeId, start, bookerZone: "Europe/Berlin" },
      },
    );
    bookingId = booked.id;
  }, 60_000);
  afterAll(() => db?.dispose());

  logicTest(
    "I36 a booked session's room is its booker's and host's, open from 15 minutes before, counted once on the meter",
    async () => {
      const before = startMs - 60 * MINUTE;
      const [mine] = await listMeetings(db.database, { accountId, viewer: student, now: before });
      expect(mine).toMatchObject({
        title: "Mentoring",
        kind: "session",
        start,
        withName: host.user.name,
        moderator: false,
        opensAt: new Date(startMs - 15 * MINUTE).toISOString(),
        closesAt: new Date(startMs + 45 * MINUTE).toISOString(),
      });
      const [hosted] = await listMeetings(db.database, { accountId, viewer: host, now: before });
      expect(hosted).toMatchObject({ id: mine!.id, withName: student.user.name, moderator: true });
      expect(await listMeetings(db.database, { accountId, viewer: outsider, now: before })).toEqual(
        [],
      );
      await expect(
        join(student, { booking: bookingId }, startMs - 16 * MINUTE),
      ).rejects.toMatchObject({ code: "meetings.notOpen" });
      await expect(join(student, { room: mine!.id }, startMs + 46 * MINUTE)).rejects.toMatchObject({
        code: "meetings.notOpen",
      });
      await expect(join(outsider, { room: mine!.id }, startMs)).rejects.toMatchObject({
        code: "meetings.notFound",
      });
      await expect(join(outsider, { booking: bookingId }, startMs)).rejects.toMatchObject({
        code: "meetings.notFound",
      });
      expect(await conferences()).toBe(0);
      // The public server: the room's random name, no token.
      const entered = await join(student, { booking: bookingId }, startMs - 10 * MINUTE);
      expect(entered.url).toMatch(/^https:\/\/meet\.jit\.si\/lyceum-[0-9a-f]{24}$/);
      const again = await join(host, { room: mine!.id }, startMs);
      expect(again.url).toBe(entered.url);
      // The managers enter any booked session of the site, as moderators.
      expect((await join(owner, { room: mine!.id }, startMs)).url).toBe(entered.url);
      expect(await conferences()).toBe(1);
    },
  );

  logicTest(
    "I36 JaaS tokens are RS256 with the key's kid, moderator for the host only; an own server's are HS256 with its app id",
    async () => {
      const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      const appId = "vpaas-magic-cookie-0123456789abcdef";
      await expect(
        saveMeetingSettings(deps(), {
          accountId,
          viewer: student,
          body: { provider: "jaas", appId, keyId: "k1", secret: pem },
        }),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      for (const body of [
        { provider: "jaas", appId, keyId: "k1" },
        { provider: "jaas", appId, keyId: "k1", secret: "not a key" },
        { provider: "jitsi", domain: "" },
        { provider: "jitsi", domain: "meet.example.org", secret: "s3cret" },
      ])
        await expect(
          saveMeetingSettings(deps(), { accountId, viewer: owner, body }),
          JSON.stringify(body),
        ).rejects.toMatchObject({ code: "meetings.settingsIncomplete" });
      await expect(
        saveMeetingSettings(deps(), {
          accountId,
          viewer: owner,
          body: { provider: "jitsi", domain: "not a host" },
        }),
      ).rejects.toThrow();
      const saved = await saveMeetingSettings(deps(), {
        accountId,
        viewer: owner,
        body: { provider: "jaas", appId, keyId: "k1", secret: pem },
      });
      expect(saved).toEqual({ provider: "jaas", domain: "", appId, keyId: "k1", hasSecret: true });
      // Sealed at rest, never shown.
      const [stored] = await db.database.forAccount(accountId, (tx) =>
        tx.select().from(meetingSettings).where(eq(meetingSettings.accountId, accountId)),
      );
      expect(stored!.secretSealed).toMatch(/^v1\./);
      expect(stored!.secretSealed).not.toContain("PRIVATE KEY");
      expect(
        JSON.stringify(await loadMeetingSettings(db.database, { accountId, viewer: owner })),
      ).not.toContain("PRIVATE");
      const tokenOf = (url: string) => new URL(url).searchParams.get("jwt")!;
      const studentUrl = (await join(student, { booking: bookingId }, startMs)).url;
      expect(studentUrl).toMatch(
        new RegExp(`^https://8x8\\.vc/${appId}/lyceum-[0-9a-f]{24}\\?jwt=`),
      );
      const header = decodeProtectedHeader(tokenOf(studentUrl));
      expect(header).toMatchObject({ alg: "RS256", kid: `${appId}/k1`, typ: "JWT" });
      const { payload } = await jwtVerify(tokenOf(studentUrl), publicKey, {
        audience: "jitsi",
        issuer: "chat",
        subject: appId,
        currentDate: new Date(startMs),
      });
      expect(payload).toMatchObject({
        room: roomOf(studentUrl),
        exp: (startMs + 45 * MINUTE) / 1000,
        context: { user: { id: student.user.id, name: student.user.name, moderator: "false" } },
      });
      const hostUrl = (await join(host, { booking: bookingId }, startMs)).url;
      const hosted = await jwtVerify(tokenOf(hostUrl), publicKey, {
        audience: "jitsi",
        currentDate: new Date(startMs),
      });
      expect(hosted.payload).toMatchObject({ context: { user: { moderator: "true" } } });
      // An own server with token authentication.
      await saveMeetingSettings(deps(), {
        accountId,
        viewer: owner,
        body: { provider: "jitsi", domain: "meet.example.org", appId: "lyceum", secret: "s3cret" },
      });
      const own = (await join(host, { booking: bookingId }, startMs)).url;
      expect(own).toMatch(/^https:\/\/meet\.example\.org\/lyceum-[0-9a-f]{24}\?jwt=/);
      const verified = await jwtVerify(tokenOf(own), new TextEncoder().encode("s3cret"), {
        audience: "lyceum",
        issuer: "lyceum",
        subject: "meet.example.org",
        currentDate: new Date(startMs),
      });
      expect(verified.payload).toMatchObject({
        room: roomOf(own),
        context: { user: { moderator: true, affiliation: "owner" }, room: { lobby: true } },
      });
      // Back to the public server: no secret kept for it.
      await saveMeetingSettings(deps(), { accountId, viewer: owner, body: { provider: "public" } });
      expect(await loadMeetingSettings(db.database, { accountId, viewer: owner })).toMatchObject({
        provider: "public",
        hasSecret: false,
      });
    },
  );

  logicTest(
    "I36 a group session's bookers share one room; a cancelled session has none; hosts open rooms for the members",
    async () => {
      const groupStart = "2027-03-17T15:00:00.000Z";
      const seat = (viewer: Viewer) =>
        bookSlot(
          { database: db.database, jobs },
          {
            accountId,
            viewer,
            now: Date.parse("2027-03-01T00:00:00Z"),
            body: { typeId: groupTypeId, start: groupStart, bookerZone: "Asia/Tokyo" },
          },
        );
      const first = await seat(student);
      const second = await seat(classmate);
      const at = Date.parse(groupStart);
      const a = await join(student, { booking: first.id }, at);
      const b = await join(classmate, { booking: second.id }, at);
      expect(a.url).toBe(b.url);
      const [hosted] = (
        await listMeetings(db.database, { accountId, viewer: host, now: at })
      ).filter((row) => row.title === "Office hours");
      expect(hosted!.withName.split(", ").toSorted()).toEqual(
        [student.user.name, classmate.user.name].toSorted(),
      );
      // Both seats cancelled: the session and its room are gone.
      for (const [viewer, id] of [
        [student, first.id],
        [classmate, second.id],
      ] as const)
        await cancelBooking(
          { database: db.database, jobs },
          { accountId, viewer, bookingId: id, now: at - 2 * 24 * 60 * MINUTE },
        );
      await expect(join(host, { room: hosted!.id }, at)).rejects.toMatchObject({
        code: "meetings.notFound",
      });
      expect(
        (await listMeetings(db.database, { accountId, viewer: host, now: at })).map(
          (row) => row.id,
        ),
      ).not.toContain(hosted!.id);
      // A room opened now: every member lists and enters it; only hosts open one.
      const now = Date.parse("2027-04-01T10:00:00Z");
      await expect(
        openAdhocRoom(db.database, {
          accountId,
          viewer: student,
          now,
          body: { title: "Study", minutes: 30 },
        }),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      await expect(
        openAdhocRoom(db.database, {
          accountId,
          viewer: host,
          now,
          body: { title: "", minutes: 30 },
        }),
      ).rejects.toThrow();
      const room = await openAdhocRoom(db.database, {
        accountId,
        viewer: host,
        now,
        body: { title: "Drop-in clinic", minutes: 60 },
      });
      const listed = await listMeetings(db.database, { accountId, viewer: outsider, now });
      expect(listed.find((row) => row.id === room.id)).toMatchObject({
        kind: "adhoc",
        withName: host.user.name,
        moderator: false,
      });
      expect(roomOf((await join(outsider, { room: room.id }, now + MINUTE)).url)).toBe(room.name);
      await expect(join(outsider, { room: room.id }, now + 76 * MINUTE)).rejects.toMatchObject({
        code: "meetings.notOpen",
      });
    },
  );

  logicTest(
    "I36 a private group's room: its moderators open it, its members enter it, nobody outside it sees it",
    async () => {
      const services = deps();
      const group = (who: Viewer, body: unknown) =>
        commandGroups(services, { accountId, viewer: who, body, limit: 0 });
      const created = await group(owner, {
        intent: "create",
        group: { name: "Back room", slug: `back-room-${backend}`, privacy: "private" },
      });
      const groupId = created.ok ? created.id! : "";
      await group(classmate, { intent: "join", groupId });
      await group(owner, {
        intent: "decide",
        groupId,
        userId: classmate.user.id,
        decision: "approve",
      });
      const now = Date.parse("2027-04-02T10:00:00Z");
      const open = (viewer: Viewer) =>
        openAdhocRoom(db.database, {
          accountId,
          viewer,
          now,
          body: { title: "Critique night", minutes: 60, groupId },
        });
      // Not its moderators: refused, the instructor too (no member of this private group).
      for (const viewer of [classmate, host, outsider])
        await expect(open(viewer)).rejects.toMatchObject({ code: "auth.forbidden" });
      const room = await open(owner);
      expect(room).toMatchObject({ kind: "group", groupId });
      const seen = await listMeetings(db.database, { accountId, viewer: classmate, now });
      expect(seen.find((row) => row.id === room.id)).toMatchObject({
        kind: "group",
        groupName: "Back room",
        moderator: false,
      });
      expect(roomOf((await join(classmate, { room: room.id }, now)).url)).toBe(room.name);
      for (const viewer of [outsider, host]) {
        expect(
          (await listMeetings(db.database, { accountId, viewer, now })).map((row) => row.id),
        ).not.toContain(room.id);
        await expect(join(viewer, { room: room.id }, now)).rejects.toMatchObject({
          code: "meetings.notFound",
        });
      }
    },
  );

  logicTest(
    "I36 a course's live session: its teacher sets it ahead, its enrolled students enter in its window, nobody else sees it",
    async () => {
      const course = await createCourse(db.database, {
        accountId,
        title: "Figure drawing",
        authorId: host.user.id,
      });
      const now = Date.parse("2027-05-03T10:00:00Z");
      const at = Date.parse("2027-05-10T17:00:00Z");
      await db.database.forAccount(accountId, (tx) =>
        tx.insert(enrolments).values([
          { accountId, courseId: course.id, userId: student.user.id, source: "manual" },
          // An enrolment that has run out opens nothing.
          {
            accountId,
            courseId: course.id,
            userId: classmate.user.id,
            source: "manual",
            expiresAt: new Date(now - MINUTE),
          },
        ]),
      );
      const open = (viewer: Viewer, startsAt = new Date(at).toISOString()) =>
        openAdhocRoom(db.database, {
          accountId,
          viewer,
          now,
          body: { title: "Live class", minutes: 90, courseId: course.id, startsAt },
        });
      // Only its teachers (its author, the site's managers) open its rooms.
      for (const viewer of [student, outsider])
        await expect(open(viewer)).rejects.toMatchObject({ code: "auth.forbidden" });
      // Not in the past, not beyond a year.
      await expect(open(host, new Date(now - 60 * MINUTE).toISOString())).rejects.toMatchObject({
        code: "meetings.badStart",
      });
      await expect(
        open(host, new Date(now + 400 * 24 * 60 * MINUTE).toISOString()),
      ).rejects.toMatchObject({ code: "meetings.badStart" });
      const room = await open(host);
      expect(room).toMatchObject({ kind: "course", courseId: course.id });
      expect(room.endsAt.getTime() - room.startsAt.getTime()).toBe(90 * MINUTE);
      expect(
        (await listMeetings(db.database, { accountId, viewer: student, now })).find(
          (row) => row.id === room.id,
        ),
      ).toMatchObject({ kind: "course", courseName: "Figure drawing", moderator: false });
      // A week early its door is shut; in its window the student enters, the teacher moderates.
      await expect(join(student, { room: room.id }, now)).rejects.toMatchObject({
        code: "meetings.notOpen",
      });
      expect(roomOf((await join(student, { room: room.id }, at)).url)).toBe(room.name);
      const owners = await listMeetings(db.database, { accountId, viewer: owner, now });
      expect(owners.find((row) => row.id === room.id)?.moderator).toBe(true);
      for (const viewer of [classmate, outsider]) {
        expect(
          (await listMeetings(db.database, { accountId, viewer, now })).map((row) => row.id),
        ).not.toContain(room.id);
        await expect(join(viewer, { room: room.id }, at)).rejects.toMatchObject({
          code: "meetings.notFound",
        });
      }
    },
  );
});
