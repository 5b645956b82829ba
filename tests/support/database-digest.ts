import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";

/**
 * A fingerprint of every row of every table, read as the owner (a superuser in tests, so past
 * the policies): equal fingerprints before and after some requests mean they changed nothing.
 */
export async function databaseDigest(database: Database): Promise<Record<string, string>> {
  const tables = (await database.owner.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const result = (await database.owner.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${table}" t`,
      ),
    )) as unknown as { rows: Array<{ hash: string }> };
    digest[table] = result.rows[0]!.hash;
  }
  return digest;
}
