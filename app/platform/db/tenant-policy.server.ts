import { sql } from "drizzle-orm";
import { pgPolicy } from "drizzle-orm/pg-core";

/** The role every request runs as (see docs/decisions/004-tenancy-and-rls.md). */
export const APP_ROLE = "lyceum_app";

/**
 * True when the row belongs to the account of the current transaction. A missing setting
 * gives NULL, which matches nothing: forgetting to set the account shows no rows at all.
 */
export const rowBelongsToCurrentAccount = sql`account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)`;

/** The one policy of every tenant table: read and write only the current account's rows. */
export function tenantIsolationPolicy(table: string) {
  return pgPolicy(`${table}_tenant_isolation`, {
    as: "permissive",
    for: "all",
    using: rowBelongsToCurrentAccount,
    withCheck: rowBelongsToCurrentAccount,
  });
}
