import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "../accounts/tables.server";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import type { ReportKind, ReportStatus } from "./moderation";

/**
 * Issue 35: a member's report of a group post, a group comment or a message. One per person and
 * thing; a group's moderators see their group's, the site's managers see them all. Hiding the
 * thing (or dismissing it) closes every open report of it.
 */
export const contentReports = pgTable(
  "content_reports",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    kind: text("kind").$type<ReportKind>().notNull(),
    targetId: uuid("target_id").notNull(),
    /** The group a post or comment is in (its moderators' queue); null for a message. */
    groupId: uuid("group_id"),
    reporterId: text("reporter_id").notNull(),
    reason: text("reason").notNull().default(""),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("content_reports_once").on(t.accountId, t.kind, t.targetId, t.reporterId),
    index("content_reports_open").on(t.accountId, t.status, t.groupId),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("content_reports"),
  ],
);
