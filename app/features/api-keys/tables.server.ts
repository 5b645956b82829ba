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
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { users } from "../auth/tables.server";

/**
 * A site's API keys (decision 086). The secret is shown once when made; only its SHA-256 is
 * kept, looked up by equality (no secret is ever compared character by character). A key acts
 * as the person who made it, narrowed to its scopes. Not carried by an account's archive
 * (NOT_CARRIED in account-transfer/catalog.server.ts): a key is a credential of this server.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    /** `lyk_` and the secret's first characters: enough to tell keys apart in a list. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole secret, hex. */
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("api_keys_hash").on(t.accountId, t.keyHash),
    index("api_keys_recent").on(t.accountId, t.createdAt),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("api_keys"),
  ],
);
