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

/** The reserved platform account's id (features/accounts PLATFORM_ACCOUNT_ID; decision 029). */
const platformAccountId = "00000000-0000-4000-8000-000000000001";

/**
 * The platform's desk over a tenant table (decision 034): requests running as the reserved
 * platform account — only super-admins get there (asPlatformAccount) — read and write every
 * account's rows, as a support desk or a console must. Every other account still sees only its
 * own, through the table's tenant policy.
 */
const asPlatform = sql.raw(
  `(select nullif(current_setting('app.account_id', true), '')::uuid) = '${platformAccountId}'::uuid`,
);

export function platformDeskPolicy(table: string) {
  return pgPolicy(`${table}_platform_desk`, {
    as: "permissive",
    for: "all",
    using: asPlatform,
    withCheck: asPlatform,
  });
}

/**
 * The desk's read-only view of a tenant table (decision 034): the console finds sites by their
 * owners (members and their roles) across accounts; it never writes them from there.
 */
export function platformDeskReadPolicy(table: string) {
  return pgPolicy(`${table}_platform_desk_read`, {
    as: "permissive",
    for: "select",
    using: asPlatform,
  });
}
