// Who runs each site: its owners (members holding the site_owner role, as the dashboard's
// isOwner decides) and how many members it has. `members` and `roles` are tenant tables and the
// platform has no desk over them (decision 034 lists the tables that have one): what the
// platform's own transaction cannot see is read in each site's own RLS context, one short
// transaction per site of the page shown. With a platform read policy on both tables (asked of
// the lead), the platform's transaction sees every site's, and a page needs one query.
import { and, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { users } from "~/features/auth/tables.server";
import { members, roles } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";

export type SiteOwner = { userId: string; name: string; email: string };
export type SitePeople = { owners: SiteOwner[]; members: number };

const OWNER_ROLE = "site_owner";
const nobody: SitePeople = { owners: [], members: 0 };

/** `term` for ILIKE, its wildcards taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The owners (oldest membership first) and member counts of the accounts that `tx` can see, by
 * account: in a site's own transaction, that site's; in the platform's, whatever its policies show.
 */
export async function peopleVisibleIn(
  tx: Tx,
  accountIds: readonly string[],
): Promise<Map<string, SitePeople>> {
  if (accountIds.length === 0) return new Map();
  const rows = await tx
    .select({
      accountId: members.accountId,
      members: count(),
      owners: sql<SiteOwner[] | null>`json_agg(json_build_object(
        'userId', ${members.userId}, 'name', ${members.name}, 'email', ${members.email})
        order by ${members.createdAt}, ${members.id})
        filter (where ${roles.name} = ${OWNER_ROLE})`,
    })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(inArray(members.accountId, [...accountIds]))
    .groupBy(members.accountId);
  return new Map(
    rows.map((row) => [row.accountId, { owners: row.owners ?? [], members: row.members }]),
  );
}

/**
 * Each account's owners and member count: those already `seen` (by the platform's transaction)
 * kept, every other site read in its own context, one short transaction each, in parallel.
 */
export async function peopleOf(
  database: Database,
  accountIds: readonly string[],
  seen: ReadonlyMap<string, SitePeople> = new Map(),
): Promise<Map<string, SitePeople>> {
  const missing = accountIds.filter((accountId) => !seen.has(accountId));
  const found = await Promise.all(
    missing.map((accountId) =>
      database.forAccount(accountId, (tx) => peopleVisibleIn(tx, [accountId])),
    ),
  );
  const people = new Map(seen);
  missing.forEach((accountId, index) =>
    people.set(accountId, found[index]!.get(accountId) ?? nobody),
  );
  return people;
}

/**
 * The accounts whose owner's address contains `term`, inside the caller's transaction in the
 * platform's context. This finds rows only where `members` and `roles` are readable there (a
 * platform read policy on both, asked of the lead); without one, row-level security shows none,
 * and the search finds sites by their own fields alone.
 */
export async function accountsOwnedByEmail(tx: Tx, term: string): Promise<string[]> {
  if (!term) return [];
  const rows = await tx
    .selectDistinct({ accountId: members.accountId })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(and(eq(roles.name, OWNER_ROLE), ilike(members.email, containing(term))))
    .limit(500);
  return rows.map((row) => row.accountId);
}

/** People are global: their own facts (address verified, joined) are read as the owner role. */
export async function personFacts(
  database: Database,
  userIds: readonly string[],
): Promise<Map<string, { emailVerified: boolean; createdAt: Date }>> {
  if (userIds.length === 0) return new Map();
  const rows = await database.owner
    .select({ id: users.id, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}
