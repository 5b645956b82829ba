import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { members } from "../members/tables.server";
import { notificationTypes, type NotificationData } from "./validation";

/**
 * Spec §3 account notification: a message to the site's managers (from the platform or the
 * site itself), read by whoever of them opens it first (docs/decisions/014).
 */
export const accountNotifications = pgTable(
  "account_notifications",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    /** Sanitised HTML (app/platform/sanitize.server.ts), on save and again on render. */
    message: text("message").notNull(),
    severity: smallint("severity").notNull().default(1),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("account_notifications_unread").on(t.accountId, t.read, t.createdAt),
    check("account_notifications_severity_range", sql`${t.severity} between 1 and 5`),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("account_notifications"),
  ],
);

/**
 * Spec §3 notification in the UI: one member's own (a chat message, or anything else), with
 * who caused it and a short text in `data`. Goes with the membership.
 */
export const memberNotifications = pgTable(
  "member_notifications",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    /** The recipient: a member of this account. */
    userId: text("user_id").notNull(),
    type: text("type", { enum: notificationTypes }).notNull(),
    /** Sanitised HTML. */
    message: text("message").notNull(),
    data: jsonb("data").$type<NotificationData>().notNull().default({}),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("member_notifications_unread").on(t.accountId, t.userId, t.read, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("member_notifications"),
  ],
);
