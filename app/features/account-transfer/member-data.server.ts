import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { columnList, planAccountTables, quoted } from "./catalog.server";

export type MemberData = {
  site: string;
  exportedAt: string;
  person: Record<string, unknown>;
  /** Every row of the site that names the person, by table (tables naming them only). */
  records: Record<string, unknown[]>;
};

/**
 * What one site holds about one person (a member's "download your data"): their account, and
 * every row of the site's tables that names them, by their id or their e-mail address, as a
 * whole value of any column (a reference, a JSON document, a list). Ids are random UUIDs, so a
 * row that holds the id is about them. Read as the site, in one snapshot; sealed keys are never among the columns.
 */
export async function memberData(
  database: Database,
  { accountId, slug, userId }: { accountId: string; slug: string; userId: string },
): Promise<MemberData> {
  const plan = await planAccountTables(database.owner);
  const { rows: people } = await database.owner.execute<{ person: Record<string, unknown> }>(
    sql`select json_build_object('id', id, 'name', name, 'email', email, 'email_verified', email_verified,
          'phone_number', phone_number, 'image', image, 'created_at', created_at) as person
        from users where id = ${userId}`,
  );
  const person = people[0]?.person ?? { id: userId };
  const email = String(person.email ?? "");
  const records = await database.snapshotOfAccount(accountId, async (tx) => {
    const found: Record<string, unknown[]> = {};
    for (const table of plan) {
      // As whole JSON strings: an address that ends another person's is not theirs.
      const text = sql`row_to_json(t)::text`;
      const named = email
        ? sql`(strpos(${text}, ${JSON.stringify(userId)}) > 0 or strpos(lower(${text}), ${JSON.stringify(email.toLowerCase())}) > 0)`
        : sql`strpos(${text}, ${JSON.stringify(userId)}) > 0`;
      const { rows } = await tx.execute<{ row: unknown }>(
        sql`select row_to_json(x) as row from (
              select ${sql.raw(columnList(table.columns))} from ${sql.raw(quoted(table.name))} t
               where t.account_id = ${accountId} and ${named}) x`,
      );
      if (rows.length) found[table.name] = rows.map((row) => row.row);
    }
    return found;
  });
  return { site: slug, exportedAt: new Date().toISOString(), person, records };
}
