import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { accounts } from "../accounts/tables.server";
import { members } from "../members/tables.server";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import type { Availability } from "./availability";
import type { BookingQuestion, BookingStatus, LocationKind } from "./appointment-shapes";

/** Issue 36 (decision 075): a host's weekly hours, overrides and rules, in their own zone. */
export const availabilities = pgTable(
  "availabilities",
  {
    accountId: uuid("account_id").notNull(),
    userId: text("user_id").notNull(),
    rules: jsonb("rules").$type<Availability>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("availabilities"),
  ],
);

/** Something bookable: a host's session of a length, where it is held, for how many at once. */
export const appointmentTypes = pgTable(
  "appointment_types",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    hostUserId: text("host_user_id").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull(),
    /** How many people one slot takes (1: a one-to-one session). */
    capacity: integer("capacity").notNull().default(1),
    locationKind: text("location_kind").$type<LocationKind>().notNull().default("meeting"),
    /** A phone number or an address; the meeting room's link is made per booking. */
    locationDetail: text("location_detail").notNull().default(""),
    active: boolean("active").notNull().default(true),
    /** What bookers are asked (decision 076). */
    questions: jsonb("questions").$type<BookingQuestion[]>().notNull().default([]),
    /**
     * The shop's product that sells it (decision 078); null: free. Its foreign key, in the
     * migration, sets only this column to null when the product goes (drizzle cannot say so).
     */
    productId: uuid("product_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("appointment_types_slug").on(t.accountId, t.slug),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.accountId, t.hostUserId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("appointment_types"),
  ],
);

/**
 * A booked slot. Kept as the instant and as the host's wall time with its zone and the tz
 * database version it was reckoned with, so a change of a zone's rules can be found and the
 * booking checked again (decision 075).
 */
export const bookings = pgTable(
  "bookings",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    typeId: uuid("type_id").notNull(),
    hostUserId: text("host_user_id").notNull(),
    bookerUserId: text("booker_user_id").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    /** The host's wall time of the start ("2027-03-16T09:00") in `host_zone`. */
    wallStart: text("wall_start").notNull(),
    hostZone: text("host_zone").notNull(),
    /** `process.versions.tz` when the slot was reckoned. */
    tzVersion: text("tz_version").notNull(),
    bookerZone: text("booker_zone").notNull(),
    /** The booker's answers, each with its question as it was asked. */
    answers: jsonb("answers").$type<{ question: string; answer: string }[]>().notNull().default([]),
    status: text("status").$type<BookingStatus>().notNull().default("confirmed"),
    /** Raised on every change the invitation must carry (RFC 5546). */
    sequence: integer("sequence").notNull().default(0),
    /** Times the booker moved it (the owner's `maxReschedules` caps them). */
    reschedules: integer("reschedules").notNull().default(0),
    /** Reminders mailed so far: 1 after the day-before one, 2 after the hour-before one. */
    remindersSent: integer("reminders_sent").notNull().default(0),
    /** A paid type's hold lasts until then unless a checkout of it is still open (decision 078). */
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    /** The product a paid type was sold by when it was held: its order must be for that one. */
    productId: uuid("product_id"),
    /** The order that paid for it. */
    orderId: uuid("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // A host's taken time, read for every month of slots.
    index("bookings_host_time").on(t.accountId, t.hostUserId, t.startAt),
    index("bookings_booker").on(t.accountId, t.bookerUserId, t.startAt),
    // The holds' sweep reads only pending bookings (decision 078).
    index("bookings_pending_hold")
      .on(t.accountId, t.holdUntil)
      .where(sql`${t.status} = 'pending'`),
    foreignKey({
      columns: [t.accountId, t.typeId],
      foreignColumns: [appointmentTypes.accountId, appointmentTypes.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.bookerUserId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("bookings"),
  ],
);
