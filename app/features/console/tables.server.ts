import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { users } from "../auth/tables.server";

/**
 * Every console action (issue 17): rows of the platform account, written in the same
 * transaction as the action, read by super-admins. Never updated or deleted by the app.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetAccountId: uuid("target_account_id").references(() => accounts.accountId, {
      onDelete: "set null",
    }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("audit_log_recent").on(t.accountId, t.createdAt),
    index("audit_log_target").on(t.accountId, t.targetAccountId, t.createdAt),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("audit_log"),
  ],
);
