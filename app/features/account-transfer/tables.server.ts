import {
  bigint,
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
import { exportStatuses, type ExportCounts } from "./export-shapes";

/**
 * An owner's export of the whole account (decision 081): asked for on /dashboard/export, made
 * by a job into the account's private bucket (`exports/{id}.tar.gz`), downloaded from there.
 * Not carried by an archive itself (NOT_CARRIED in catalog.server.ts): its files are not.
 */
export const accountExports = pgTable(
  "account_exports",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: exportStatuses }).notNull().default("queued"),
    /** The archive's size once ready. */
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    counts: jsonb("counts").$type<ExportCounts>(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("account_exports_recent").on(t.accountId, t.requestedAt),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("account_exports"),
  ],
);
