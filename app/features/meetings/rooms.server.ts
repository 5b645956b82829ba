// Issue 36 meeting rooms (decision 077): one per booked session, made when first listed or
// entered and shared by a group session's bookers; or opened, now or from a set time, by a host
// for the site's members, a group's moderator for the group's members, or a course's teacher
// for its students (a live session); the rooms a viewer may enter. Entering one is
// room-entry.server.ts.
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { appointmentTypes, bookings } from "~/features/appointments/tables.server";
import { courseTeacherRole } from "~/features/courses/courses.server";
import { groupsWithRights, groupWithRights } from "~/features/groups/groups.server";
import { can, type Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError, isAppError } from "~/platform/errors";
import {
  adhocRoomSchema,
  JOIN_EARLY_MINUTES,
  JOIN_LATE_MINUTES,
  ROOM_AHEAD_DAYS,
  type MeetingRow,
} from "./meeting-shapes";
import { viewerCourses } from "./course-rooms.server";
import { meetingRooms } from "./tables.server";

const MINUTE = 60_000;
const LIST_MAX = 100;

/** A booked session: its type and start. */
export const sessionKeyOf = (typeId: string, startMs: number) =>
  `${typeId}:${new Date(startMs).toISOString()}`;

/** 96 random bits: on a shared server, a room's name is its only lock. */
const newRoomName = () => `lyceum-${randomBytes(12).toString("hex")}`;

const isHost = (viewer: Viewer) => can(viewer, "create_courses") || can(viewer, "manage_options");

type Session = { typeId: string; title: string; hostUserId: string; start: Date; end: Date };

/** The rooms of booked sessions, made when first needed (one per session, whoever asks). */
export async function ensureSessionRooms(
  tx: Tx,
  accountId: string,
  sessions: readonly Session[],
): Promise<void> {
  if (sessions.length === 0) return;
  await tx
    .insert(meetingRooms)
    .values(
      sessions.map((session) => ({
        accountId,
        name: newRoomName(),
        title: session.title,
        kind: "session" as const,
        sessionKey: sessionKeyOf(session.typeId, session.start.getTime()),
        typeId: session.typeId,
        hostUserId: session.hostUserId,
        startsAt: session.start,
        endsAt: session.end,
      })),
    )
    .onConflictDoNothing({ target: [meetingRooms.accountId, meetingRooms.sessionKey] });
}

/** Booked meeting sessions (confirmed, of a type held in a meeting room) matching `where`. */
export function meetingSessions(tx: Tx, accountId: string, where: SQL | undefined) {
  return tx
    .selectDistinct({
      typeId: bookings.typeId,
      title: appointmentTypes.title,
      hostUserId: bookings.hostUserId,
      start: bookings.startAt,
      end: bookings.endAt,
    })
    .from(bookings)
    .innerJoin(
      appointmentTypes,
      and(
        eq(appointmentTypes.accountId, bookings.accountId),
        eq(appointmentTypes.id, bookings.typeId),
      ),
    )
    .where(
      and(
        eq(bookings.accountId, accountId),
        eq(bookings.status, "confirmed"),
        eq(appointmentTypes.locationKind, "meeting"),
        where,
      ),
    )
    .limit(LIST_MAX);
}

/**
 * A room opened for `minutes` from now or from the time set (at most ROOM_AHEAD_DAYS ahead): by
 * a host for the site's members, a group's moderator for the group, a course's teacher for its
 * students (`meetings.badStart` for a start already past or too far ahead).
 */
export async function openAdhocRoom(
  database: Database,
  {
    accountId,
    viewer,
    body,
    now = Date.now(),
  }: { accountId: string; viewer: Viewer | null; body: unknown; now?: number },
) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const { title, minutes, groupId, courseId, startsAt } = adhocRoomSchema.parse(body);
  if (!groupId && !isHost(viewer)) throw new AppError({ code: "auth.forbidden" });
  const start = startsAt ? Date.parse(startsAt) : now;
  // A few minutes' grace: a time picked "now" in a form is already a little past when sent.
  if (start < now - 5 * MINUTE || start > now + ROOM_AHEAD_DAYS * 24 * 60 * MINUTE)
    throw new AppError({ code: "meetings.badStart" });
  const [room] = await database.forAccount(accountId, async (tx) => {
    // A group's room is opened by its moderators (the site's managers among them).
    if (groupId) {
      const rights = await groupRights(tx, { accountId, viewer, groupId });
      if (!rights?.moderate) throw new AppError({ code: "auth.forbidden" });
    }
    // A course's by its teachers.
    if (courseId && !(await courseTeacherRole(tx, { accountId, courseId, viewer })))
      throw new AppError({ code: "auth.forbidden" });
    return tx
      .insert(meetingRooms)
      .values({
        accountId,
        name: newRoomName(),
        title,
        kind: groupId ? "group" : courseId ? "course" : "adhoc",
        groupId: groupId ?? null,
        courseId: courseId ?? null,
        hostUserId: viewer.user.id,
        startsAt: new Date(start),
        endsAt: new Date(start + minutes * MINUTE),
      })
      .returning();
  });
  return room!;
}

/** A session room whose session still holds a confirmed booking (of `bookerUserId`, if named). */
const sessionBooked = (bookerUserId?: string) => sql`exists (
  select 1 from ${bookings} b
  where b.account_id = ${meetingRooms.accountId} and b.type_id = ${meetingRooms.typeId}
    and b.start_at = ${meetingRooms.startsAt} and b.status = 'confirmed'
    ${bookerUserId ? sql`and b.booker_user_id = ${bookerUserId}` : sql``}
)`;

/** The viewer's rights in a group, or null where the group is not theirs to see. */
export async function groupRights(
  tx: Tx,
  { accountId, viewer, groupId }: { accountId: string; viewer: Viewer; groupId: string },
) {
  try {
    return (await groupWithRights(tx, { accountId, viewer, where: { id: groupId } })).rights;
  } catch (error) {
    if (isAppError(error) && error.code === "route.notFound") return null;
    throw error;
  }
}

/** When a room's door opens and closes. */
export const windowOf = (room: { startsAt: Date; endsAt: Date }) => ({
  opensAt: room.startsAt.getTime() - JOIN_EARLY_MINUTES * MINUTE,
  closesAt: room.endsAt.getTime() + JOIN_LATE_MINUTES * MINUTE,
});

/**
 * The rooms the viewer may enter that are open now or later: their booked sessions (as booker
 * or host), and the rooms hosts opened for the site's members. Soonest first.
 */
export async function listMeetings(
  database: Database,
  { accountId, viewer, now = Date.now() }: { accountId: string; viewer: Viewer; now?: number },
): Promise<MeetingRow[]> {
  const me = viewer.user.id;
  return database.forAccount(accountId, async (tx) => {
    await ensureSessionRooms(
      tx,
      accountId,
      await meetingSessions(
        tx,
        accountId,
        and(
          gt(bookings.endAt, new Date(now - JOIN_LATE_MINUTES * MINUTE)),
          or(eq(bookings.bookerUserId, me), eq(bookings.hostUserId, me)),
        ),
      ),
    );
    const groups = new Map(
      (await groupsWithRights(tx, { accountId, viewer }))
        .filter((group) => group.rights.read)
        .map((group) => [group.id, group]),
    );
    const courses = await viewerCourses(tx, { accountId, viewer, now: new Date(now) });
    const rows = await tx
      .select({ room: meetingRooms, hostName: members.name })
      .from(meetingRooms)
      .innerJoin(
        members,
        and(
          eq(members.accountId, meetingRooms.accountId),
          eq(members.userId, meetingRooms.hostUserId),
        ),
      )
      .where(
        and(
          eq(meetingRooms.accountId, accountId),
          gt(meetingRooms.endsAt, new Date(now - JOIN_LATE_MINUTES * MINUTE)),
          or(
            eq(meetingRooms.kind, "adhoc"),
            groups.size > 0
              ? and(
                  eq(meetingRooms.kind, "group"),
                  inArray(meetingRooms.groupId, [...groups.keys()]),
                )
              : undefined,
            courses.size > 0
              ? and(
                  eq(meetingRooms.kind, "course"),
                  inArray(meetingRooms.courseId, [...courses.keys()]),
                )
              : undefined,
            and(sessionBooked(), or(eq(meetingRooms.hostUserId, me), sessionBooked(me))),
          ),
        ),
      )
      .orderBy(asc(meetingRooms.startsAt))
      .limit(LIST_MAX);
    // A host's sessions name their bookers.
    const hosted = rows.filter(({ room }) => room.kind === "session" && room.hostUserId === me);
    const bookers = new Map<string, string[]>();
    if (hosted.length > 0) {
      const people = await tx
        .select({ typeId: bookings.typeId, start: bookings.startAt, name: members.name })
        .from(bookings)
        .innerJoin(
          members,
          and(eq(members.accountId, bookings.accountId), eq(members.userId, bookings.bookerUserId)),
        )
        .where(
          and(
            eq(bookings.accountId, accountId),
            eq(bookings.hostUserId, me),
            eq(bookings.status, "confirmed"),
            inArray(
              bookings.startAt,
              hosted.map(({ room }) => room.startsAt),
            ),
          ),
        );
      for (const person of people) {
        const key = sessionKeyOf(person.typeId, person.start.getTime());
        bookers.set(key, [...(bookers.get(key) ?? []), person.name]);
      }
    }
    return rows.map(({ room, hostName }) => {
      const { opensAt, closesAt } = windowOf(room);
      const names = room.sessionKey ? bookers.get(room.sessionKey) : undefined;
      return {
        id: room.id,
        title: room.title,
        kind: room.kind,
        start: room.startsAt.toISOString(),
        end: room.endsAt.toISOString(),
        withName: names ? names.join(", ") : hostName,
        groupName: room.groupId ? (groups.get(room.groupId)?.name ?? null) : null,
        courseName: room.courseId ? (courses.get(room.courseId)?.title ?? null) : null,
        moderator:
          room.hostUserId === me ||
          can(viewer, "manage_options") ||
          Boolean(room.groupId && groups.get(room.groupId)?.rights.moderate) ||
          Boolean(room.courseId && courses.get(room.courseId)?.moderate),
        opensAt: new Date(opensAt).toISOString(),
        closesAt: new Date(closesAt).toISOString(),
      };
    });
  });
}
