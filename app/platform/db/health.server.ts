import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Database } from "./database.server";
import { APP_ROLE } from "./tenant-policy.server";

/** Owner of the site-search function (drizzle/0011_search.sql). */
const SEARCH_ROLE = "lyceum_search";

export function countMigrationFiles(migrationsFolder: string): number {
  return readMigrationFiles({ migrationsFolder }).length;
}

export async function countAppliedMigrations(database: Database): Promise<number> {
  const result = await database.owner.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Problems with the role requests run as. Row-level security means nothing if that role is a
 * superuser, may bypass RLS or owns a table (owners skip non-forced policies). Empty = safe.
 */
export async function findAppRoleProblems(database: Database): Promise<string[]> {
  const roles = await database.owner.execute<{ rolsuper: boolean; rolbypassrls: boolean }>(
    sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`,
  );
  const role = roles.rows[0];
  if (!role) return [`role ${APP_ROLE} does not exist`];
  const problems: string[] = [];
  if (role.rolsuper) problems.push(`role ${APP_ROLE} is a superuser`);
  if (role.rolbypassrls) problems.push(`role ${APP_ROLE} has BYPASSRLS`);
  const owned = await database.owner.execute<{ relname: string }>(sql`
    select c.relname from pg_class c join pg_roles r on r.oid = c.relowner
    where r.rolname = ${APP_ROLE}`);
  for (const row of owned.rows) problems.push(`role ${APP_ROLE} owns ${row.relname}`);
  const schemas = await database.owner.execute<{ nspname: string }>(sql`
    select n.nspname from pg_namespace n join pg_roles r on r.oid = n.nspowner
    where r.rolname = ${APP_ROLE}`);
  for (const row of schemas.rows) problems.push(`role ${APP_ROLE} owns schema ${row.nspname}`);
  return [...problems, ...(await findSearchRoleProblems(database))];
}

/**
 * The search role skips row-level security (docs/decisions/013-site-search.md), so nobody may
 * log in as it and the request role must not be able to become it.
 */
async function findSearchRoleProblems(database: Database): Promise<string[]> {
  const result = await database.owner.execute<{
    rolcanlogin: boolean;
    rolsuper: boolean;
    app_is_member: boolean;
  }>(sql`
    select rolcanlogin, rolsuper, pg_has_role(${APP_ROLE}, oid, 'MEMBER') as app_is_member
    from pg_roles where rolname = ${SEARCH_ROLE}`);
  const role = result.rows[0];
  if (!role) return [];
  const problems: string[] = [];
  if (role.rolcanlogin) problems.push(`role ${SEARCH_ROLE} can log in`);
  if (role.rolsuper) problems.push(`role ${SEARCH_ROLE} is a superuser`);
  if (role.app_is_member) problems.push(`role ${APP_ROLE} may act as ${SEARCH_ROLE}`);
  return problems;
}
