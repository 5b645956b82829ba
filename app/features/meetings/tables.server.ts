import {
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "../accounts/tables.server";
import { courses } from "../courses/tables.server";
import { groups } from "../groups/tables.server";
import { members } from "../members/tables.server";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import type { MeetingProvider, RoomKind } from "./meeting-shapes";

/**
 * Issue 36 (decision 077): where a site's meetings are held. `public` is meet.jit.si (no
 * accounts, no moderators); `jitsi` the site's own Jitsi Meet server (JWT with its app secret
 * when one is set); `jaas` an 8x8 JaaS account (JWT signed with its API key).
 */
export const meetingSettings = pgTable(
  "meeting_settings",
  {
    accountId: uuid("account_id").notNull().primaryKey(),
    provider: text("provider").$type<MeetingProvider>().notNull().default("public"),
    /** The own server's host name (jitsi). */
    domain: text("domain").notNull().default(""),
    /** The JWT's app id (jitsi) or the JaaS tenant ("vpaas-magic-cookie-…"). */
    appId: text("app_id").notNull().default(""),
    /** JaaS: the API key's id (the JWT header's kid is `appId/keyId`). */
    keyId: text("key_id").notNull().default(""),
    /** The app secret (jitsi) or the API key's private key in PEM (jaas), sealed. */
    secretSealed: text("secret_sealed"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("meeting_settings"),
  ],
);

/**
 * A meeting room: one per booked session (all of a group session's bookings share it) or
 * opened by a host for now. Its name is random: on a shared server, knowing it is entering it.
 */
export const meetingRooms = pgTable(
  "meeting_rooms",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    kind: text("kind").$type<RoomKind>().notNull(),
    /** A session's type and start ("{typeId}:{ISO start}"); null for a room opened by a host. */
    sessionKey: text("session_key"),
    /** A session's appointment type: its bookers enter. */
    typeId: uuid("type_id"),
    /** A group's room: its readers enter, its moderators moderate. */
    groupId: uuid("group_id"),
    /** A course's live session: its students enter, its teachers moderate. */
    courseId: uuid("course_id"),
    hostUserId: text("host_user_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The first join: the conference the meter counts. */
    firstJoinedAt: timestamp("first_joined_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("meeting_rooms_name").on(t.accountId, t.name),
    uniqueIndex("meeting_rooms_session").on(t.accountId, t.sessionKey),
    foreignKey({
      columns: [t.accountId, t.hostUserId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.groupId],
      foreignColumns: [groups.accountId, groups.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("meeting_rooms"),
  ],
);
