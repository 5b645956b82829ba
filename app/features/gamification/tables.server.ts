import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { members } from "../members/tables.server";
import { pointReasons } from "./points";

/**
 * One ledger of points per member across every module. The unique reason and source make an
 * award idempotent: completing a lesson twice, or a retried request, scores once.
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    userId: text("user_id").notNull(),
    points: integer("points").notNull(),
    reason: text("reason", { enum: pointReasons }).notNull(),
    /** What earned it: a lesson, quiz or course id. */
    sourceId: uuid("source_id").notNull(),
    /** The group it was earned in (a post or comment there): its own leaderboard. */
    groupId: uuid("group_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("points_ledger_award").on(t.accountId, t.userId, t.reason, t.sourceId),
    index("points_ledger_user").on(t.accountId, t.userId, t.createdAt),
    // The leaderboards: a site's (or a group's) points of a period, summed per member.
    index("points_ledger_board").on(t.accountId, t.groupId, t.createdAt),
    // The site's board of a period (every group and none): a range of the account's awards.
    index("points_ledger_time").on(t.accountId, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("points_ledger"),
  ],
);
