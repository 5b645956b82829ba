import { z } from "zod";
import { domainPattern } from "~/platform/patterns";

/** Issue 36 meetings on both sides of the wire (decision 077). */

export const meetingProviders = ["public", "jitsi", "jaas"] as const;
export type MeetingProvider = (typeof meetingProviders)[number];

export const roomKinds = ["session", "adhoc", "group", "course"] as const;
export type RoomKind = (typeof roomKinds)[number];

/** The public server's host, and JaaS's. */
export const PUBLIC_JITSI_DOMAIN = "meet.jit.si";
export const JAAS_DOMAIN = "8x8.vc";

/** A room opens this long before its start and closes this long after its end. */
export const JOIN_EARLY_MINUTES = 15;
export const JOIN_LATE_MINUTES = 15;

/** A site's meeting settings as a manager saves them; an empty secret keeps the stored one. */
export const meetingSettingsSchema = z.object({
  provider: z.enum(meetingProviders),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((value) => value === "" || domainPattern.test(value), "domain")
    .default(""),
  appId: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(""),
  keyId: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(""),
  secret: z.string().trim().max(8000).default(""),
});
export type MeetingSettingsInput = z.input<typeof meetingSettingsSchema>;

/** How far ahead a room may be set to start. */
export const ROOM_AHEAD_DAYS = 365;

/**
 * A room a host opens for the site's members, a group's moderator for its members, or a
 * course's teacher for its students (a live session); now, or from a time they set.
 */
export const adhocRoomSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    minutes: z
      .number()
      .int()
      .min(15)
      .max(8 * 60),
    /** For one group's members (its moderators open it) instead of the site's. */
    groupId: z.uuid().optional(),
    /** For one course's students (its teachers open it). */
    courseId: z.uuid().optional(),
    /** When it starts (an instant); now when absent. */
    startsAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((room) => !(room.groupId && room.courseId), { path: ["courseId"], message: "one" });

/** The settings as the screen shows them: never the secret, only whether one is kept. */
export type MeetingSettingsView = {
  provider: MeetingProvider;
  domain: string;
  appId: string;
  keyId: string;
  hasSecret: boolean;
};

/** A room the viewer may join, as the meetings screen lists it. */
export type MeetingRow = {
  id: string;
  title: string;
  kind: RoomKind;
  start: string;
  end: string;
  /** The other person of a one-to-one session, or the host. */
  withName: string;
  /** A group's room: the group's name. */
  groupName: string | null;
  /** A course's live session: the course's title. */
  courseName: string | null;
  moderator: boolean;
  /** When its door opens and closes (JOIN_EARLY_MINUTES and JOIN_LATE_MINUTES around it). */
  opensAt: string;
  closesAt: string;
};

export const MEETINGS_PATH = "/dashboard/meetings";
/** Where a room is entered: checks who and when, then sends the browser to the room. */
export const meetingJoinPath = (roomId: string) => `${MEETINGS_PATH}/join?room=${roomId}`;
