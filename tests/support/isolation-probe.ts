import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";

/** Tables without account_id, or shared by all accounts: the explicit list. */
export const GLOBAL_TABLES = [
  "accounts",
  "plans",
  "users",
  "sessions",
  "auth_accounts",
  "verifications",
  "two_factors",
  "mail_outbox",
  "rate_limits",
  "sign_in_limits",
  "limiter_counts",
  "publication_schedule",
] as const;

export async function listTables(database: Database): Promise<string[]> {
  const result = await database.owner.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return result.rows.map((row) => row.table_name);
}

export async function listTenantTables(database: Database): Promise<string[]> {
  const result = await database.owner.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'account_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`);
  return result.rows
    .map((row) => row.table_name)
    .filter((name) => !(GLOBAL_TABLES as readonly string[]).includes(name));
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * Acting as `attacker`, tries to read, change, delete and insert `victim`'s rows in every
 * tenant table, and with no account set, to read anything at all. Returns what got through;
 * an empty list means the database held. Every tenant table must hold victim rows first.
 */
export async function findIsolationLeaks(
  database: Database,
  { victim, attacker }: { victim: string; attacker: string },
): Promise<string[]> {
  const leaks: string[] = [];
  const tables = await listTenantTables(database);
  for (const table of tables) {
    const t = ident(table);
    const sample = await database.forAccount(victim, (tx) =>
      tx.execute<{ row: Record<string, unknown> }>(
        sql`select to_jsonb(x) as row from ${t} x limit 1`,
      ),
    );
    const victimRow = sample.rows[0]?.row;
    if (!victimRow) {
      leaks.push(`${table}: no victim row to probe (seed it)`);
      continue;
    }
    const seen = await database.forAccount(attacker, (tx) =>
      tx.execute(sql`select 1 from ${t} where account_id = ${victim}`),
    );
    if (seen.rows.length > 0) leaks.push(`${table}: select saw ${seen.rows.length} row(s)`);
    // The loaders' door (readAccount) is another path to the rows on the embedded database.
    const read = await database.readAccount(attacker, (tx) =>
      tx.execute(sql`select 1 from ${t} where account_id = ${victim}`),
    );
    if (read.rows.length > 0) leaks.push(`${table}: readAccount saw ${read.rows.length} row(s)`);
    const updated = await database.forAccount(attacker, (tx) =>
      tx.execute(
        sql`update ${t} set account_id = account_id where account_id = ${victim} returning 1`,
      ),
    );
    if (updated.rows.length > 0)
      leaks.push(`${table}: update touched ${updated.rows.length} row(s)`);
    const deleted = await database
      .forAccount(attacker, async (tx) => {
        const result = await tx.execute(
          sql`delete from ${t} where account_id = ${victim} returning 1`,
        );
        // Roll back so a leak does not destroy the rows the other probes need.
        throw Object.assign(new Error("rollback"), { deleted: result.rows.length });
      })
      .catch((error: { deleted?: number }) => error.deleted ?? 0);
    if (deleted > 0) leaks.push(`${table}: delete touched ${deleted} row(s)`);
    const inserted = await database
      .forAccount(attacker, async (tx) => {
        // A fresh id and unique-looking names, so only the policy can refuse the row.
        const copy: Record<string, unknown> = { ...victimRow };
        if ("id" in copy) copy.id = crypto.randomUUID();
        for (const column of ["key", "slug", "position"]) {
          if (typeof copy[column] === "string") copy[column] = `${copy[column]}-probe`;
          if (typeof copy[column] === "number") copy[column] = Number(copy[column]) + 1000;
        }
        await tx.execute(
          sql`insert into ${t} select * from jsonb_populate_record(null::${t}, ${JSON.stringify(copy)}::jsonb)`,
        );
        throw Object.assign(new Error("rollback"), { inserted: true });
      })
      .catch((error: { inserted?: boolean; code?: string; cause?: { code?: string } }) => {
        if (error.inserted) return "inserted";
        const code = error.code ?? error.cause?.code;
        return code === "42501" ? "refused" : `failed otherwise (${code})`;
      });
    if (inserted !== "refused") leaks.push(`${table}: insert as attacker ${inserted}`);
    const anonymous = await database.asApp((tx) => tx.execute(sql`select 1 from ${t} limit 1`));
    if (anonymous.rows.length > 0) leaks.push(`${table}: no account set but rows visible`);
  }
  return leaks;
}
