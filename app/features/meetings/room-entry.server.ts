// Issue 36 entering a meeting room (decision 077): `joinMeeting` checks who and when, counts
// the conference once for the meter, and answers the room's address with the entrant's token.
import { and, eq, isNull } from "drizzle-orm";
import { bookings } from "~/features/appointments/tables.server";
import type { GroupRights } from "~/features/groups/groups.server";
import { can, type Viewer } from "~/features/members/members.server";
import { recordUsage } from "~/features/usage/usage.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { courseRights, type CourseRights } from "./course-rooms.server";
import { roomServerIn } from "./meeting-settings.server";
import { roomAddress } from "./room-address.server";
import {
  ensureSessionRooms,
  groupRights,
  meetingSessions,
  sessionKeyOf,
  windowOf,
} from "./rooms.server";
import { meetingRooms } from "./tables.server";

/**
 * Whether the viewer may enter the room, and as its moderator: a session's booker, a group
 * room's readers (its moderators moderate), a course room's students (its teachers moderate),
 * any member for a host's open room; the host and the site's managers always, as moderators.
 */
function entryOf(
  viewer: Viewer,
  room: typeof meetingRooms.$inferSelect,
  {
    booked,
    group,
    course,
  }: { booked: boolean; group: GroupRights | null; course: CourseRights | null },
) {
  const moderator =
    room.hostUserId === viewer.user.id ||
    can(viewer, "manage_options") ||
    Boolean(group?.moderate) ||
    Boolean(course?.moderate);
  const may =
    room.kind === "adhoc"
      ? Boolean(viewer.membership)
      : room.kind === "group"
        ? moderator || Boolean(group?.read)
        : room.kind === "course"
          ? moderator || Boolean(course?.read)
          : moderator || booked;
  return { may, moderator };
}

/**
 * Enters a room (by its id, or by a booking's: its session's room) for the viewer: their own
 * booked session or hosted one, or a room opened for the members, inside its window
 * (`meetings.notOpen` before or after). The first entry counts a conference on the site's
 * meter. Answers where the browser goes: the room on the site's server with their token.
 */
export async function joinMeeting(
  { database, secretBox, pubsub }: { database: Database; secretBox: SecretBox; pubsub: PubSub },
  {
    accountId,
    viewer,
    ref,
    now = Date.now(),
  }: {
    accountId: string;
    viewer: Viewer;
    ref: { room: string } | { booking: string };
    now?: number;
  },
): Promise<{ url: string }> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const id = "room" in ref ? ref.room : ref.booking;
  if (!uuid.test(id)) throw new AppError({ code: "meetings.notFound" });
  const found = await database.forAccount(accountId, async (tx) => {
    let room: typeof meetingRooms.$inferSelect | undefined;
    if ("room" in ref)
      [room] = await tx
        .select()
        .from(meetingRooms)
        .where(and(eq(meetingRooms.accountId, accountId), eq(meetingRooms.id, ref.room)));
    else {
      const [booking] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, ref.booking)));
      if (booking) {
        await ensureSessionRooms(
          tx,
          accountId,
          await meetingSessions(tx, accountId, eq(bookings.id, booking.id)),
        );
        [room] = await tx
          .select()
          .from(meetingRooms)
          .where(
            and(
              eq(meetingRooms.accountId, accountId),
              eq(meetingRooms.sessionKey, sessionKeyOf(booking.typeId, booking.startAt.getTime())),
            ),
          );
      }
    }
    if (!room) return null;
    const [booked] =
      room.kind === "session"
        ? await tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(
              and(
                eq(bookings.accountId, accountId),
                eq(bookings.typeId, room.typeId!),
                eq(bookings.startAt, room.startsAt),
                eq(bookings.bookerUserId, viewer.user.id),
                eq(bookings.status, "confirmed"),
              ),
            )
        : [];
    const [held] =
      room.kind === "session"
        ? await tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(
              and(
                eq(bookings.accountId, accountId),
                eq(bookings.typeId, room.typeId!),
                eq(bookings.startAt, room.startsAt),
                eq(bookings.status, "confirmed"),
              ),
            )
            .limit(1)
        : [{ id: room.id }];
    const group =
      room.kind === "group" && room.groupId
        ? await groupRights(tx, { accountId, viewer, groupId: room.groupId })
        : null;
    const course =
      room.kind === "course" && room.courseId
        ? await courseRights(tx, {
            accountId,
            viewer,
            courseId: room.courseId,
            now: new Date(now),
          })
        : null;
    const entry = entryOf(viewer, room, { booked: Boolean(booked), group, course });
    // A session whose bookings were all cancelled or moved is no meeting any more.
    if (!entry.may || !held) return null;
    const { opensAt, closesAt } = windowOf(room);
    if (now < opensAt || now > closesAt) throw new AppError({ code: "meetings.notOpen" });
    const first = await tx
      .update(meetingRooms)
      .set({ firstJoinedAt: new Date(now) })
      .where(
        and(
          eq(meetingRooms.accountId, accountId),
          eq(meetingRooms.id, room.id),
          isNull(meetingRooms.firstJoinedAt),
        ),
      )
      .returning({ id: meetingRooms.id });
    const server = await roomServerIn(tx, { accountId, secretBox });
    return { room, entry, server, first: first.length > 0 };
  });
  if (!found) throw new AppError({ code: "meetings.notFound" });
  const { room, entry, server, first } = found;
  if (first)
    await recordUsage(
      { database, pubsub },
      { accountId, meter: "jitsi_conferences", at: new Date(now) },
    );
  const address = await roomAddress(server, {
    room: room.name,
    entrant: {
      id: viewer.user.id,
      name: viewer.user.name,
      email: viewer.user.email,
      avatar: viewer.user.image,
      moderator: entry.moderator,
    },
    notBefore: Math.floor(now / 1000) - 60,
    expires: Math.floor(windowOf(room).closesAt / 1000),
  });
  return { url: address.url };
}
