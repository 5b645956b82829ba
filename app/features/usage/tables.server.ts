import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { platformDeskPolicy, tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { meterIds } from "./meters";

/**
 * A site's usage per meter and period (`2026-11` for monthly meters, `now` for gauges). Events
 * add to `amount` in one upsert each, so concurrent events never lose a count. The platform's
 * console reads every site's (decision 034).
 */
export const usageCounters = pgTable(
  "usage_counters",
  {
    accountId: uuid("account_id").notNull(),
    meter: text("meter", { enum: meterIds }).notNull(),
    period: text("period").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.meter, t.period] }),
    check("usage_counters_amount", sql`${t.amount} >= 0`),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("usage_counters"),
    platformDeskPolicy("usage_counters"),
  ],
);

/** Who was active in a month: the active-users meter counts each person once per month. */
export const usageActiveUsers = pgTable(
  "usage_active_users",
  {
    accountId: uuid("account_id").notNull(),
    period: text("period").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.period, t.userId] }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("usage_active_users"),
  ],
);

/**
 * A meter's crossing of 80 % or 100 % of its limit in a period, recorded once (the owner is told
 * once); at 100 % `grace_until` is when the limit starts to apply.
 */
export const usageAlerts = pgTable(
  "usage_alerts",
  {
    accountId: uuid("account_id").notNull(),
    meter: text("meter", { enum: meterIds }).notNull(),
    period: text("period").notNull(),
    level: smallint("level").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    graceUntil: timestamp("grace_until", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.meter, t.period, t.level] }),
    check("usage_alerts_level", sql`${t.level} in (80, 100)`),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("usage_alerts"),
    platformDeskPolicy("usage_alerts"),
  ],
);
