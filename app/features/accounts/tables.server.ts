import { sql } from "drizzle-orm";
import { index, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    /** Set by the platform's console: the site answers a "suspended" page until restored. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
  },
  (t) => [
    // The console's search (features/console account-list.server.ts reads this very expression)
    // and its "newest first" order, at tens of thousands of sites.
    index("accounts_console_search").using(
      "gin",
      sql`(${t.slug} || ' ' || coalesce(${t.domain}, '') || ' ' || coalesce(${t.settings} ->> 'sitetitle', '')) gin_trgm_ops`,
    ),
    index("accounts_created").on(t.createdAt, t.accountId),
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
