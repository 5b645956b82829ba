import { foreignKey, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";

/** Per-account site options (spec §3): menus, settings, header, footer, theme, misc. */
export const options = pgTable(
  "options",
  {
    accountId: uuid("account_id").notNull(),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("options"),
  ],
);
