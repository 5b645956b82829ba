import { sql } from "drizzle-orm";
import { jsonb, pgPolicy, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { rowBelongsToCurrentAccount } from "../../platform/db/tenant-policy.server";
import type { AccountSettings } from "./validation";

/**
 * The account registry. A global table (see GLOBAL_TABLES): any request may read it, because
 * the host → account lookup happens before an account is known and every field is public site
 * data; only the current account may change its own row. No secrets are ever stored here.
 */
export const accounts = pgTable(
  "accounts",
  {
    accountId: uuid("account_id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    domain: text("domain").unique(),
    settings: jsonb("settings").$type<AccountSettings>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    pgPolicy("accounts_read", { for: "select", using: sql`true` }),
    pgPolicy("accounts_insert", { for: "insert", withCheck: rowBelongsToCurrentAccount }),
    pgPolicy("accounts_update", {
      for: "update",
      using: rowBelongsToCurrentAccount,
      withCheck: rowBelongsToCurrentAccount,
    }),
    pgPolicy("accounts_delete", { for: "delete", using: rowBelongsToCurrentAccount }),
  ],
);
