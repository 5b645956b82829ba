import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.server";

/**
 * What moves with an account, read from the database's own catalogue rather than a list kept
 * by hand (decision 081): every table with an `account_id` column is the account's, so a table
 * a later migration adds moves too without anyone remembering to list it.
 */
export type AccountTable = {
  name: string;
  /** Columns written on import: stored ones only (a generated column is computed again). */
  columns: string[];
  /** The primary key, read in this order for paging (keyset). */
  key: string[];
  /**
   * References to rows of the same table (a page's parent, a translation's original): its rows
   * are written parents first. `column` names a row whose `target` has that value.
   */
  selfReferences: { column: string; target: string }[];
  /** Columns left out (isSealedColumn). */
  sealed: string[];
  /** Columns that name a person (a reference to `users`): the people the archive carries. */
  people: string[];
};

/**
 * Values sealed with the server's secret (platform/secret-box): they open only on the server
 * that sealed them, and an archive a person downloads must not carry payment or mail keys
 * anyway. Left out: the new server's owner enters them again.
 */
export const isSealedColumn = (column: string) => column.endsWith("_sealed");

/** A table's or column's name in SQL (names come from the catalogue, never from input). */
export const quoted = (name: string) => `"${name}"`;
export const columnList = (names: string[]) => names.map(quoted).join(", ");

/**
 * Account tables an archive leaves behind: an account's own exports (their files stay too), its
 * API keys (decision 086): a key's hash is a credential of this server, and a program's access
 * does not move with the data; the owner makes new keys where the site lands. And its search
 * words (decision 084), which the importing server's triggers note from the titles anew.
 */
export const NOT_CARRIED = new Set(["account_exports", "api_keys", "search_words"]);

type CatalogTable = {
  name: string;
  columns: { name: string; notNull: boolean }[];
  key: string[] | null;
};
/** A foreign key: its columns in `from`, each paired with the column of `to` it names. */
type CatalogReference = { from: string; to: string; pairs: [string, string][] };

const run = async <T>(db: Db | Tx, query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows as T[];

async function readCatalog(db: Db | Tx) {
  const tables = await run<CatalogTable>(
    db,
    sql`select c.relname as name,
          (select json_agg(json_build_object('name', a.attname, 'notNull', a.attnotnull) order by a.attnum)
             from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
              -- Search documents are derived: the importing server's triggers write them anew.
              and a.atttypid <> 'tsvector'::regtype) as columns,
          (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
             from pg_index i join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey::int2[])
            where i.indrelid = c.oid and i.indisprimary) as key
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and exists (select 1 from pg_attribute a
                      where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped)
       order by c.relname`,
  );
  const references = await run<CatalogReference>(
    db,
    sql`select f.relname as "from", t.relname as "to",
          (select json_agg(json_build_array(a.attname, b.attname) order by k.n)
             from unnest(c.conkey, c.confkey) with ordinality as k(f, t, n)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.f
             join pg_attribute b on b.attrelid = c.confrelid and b.attnum = k.t) as pairs
        from pg_constraint c
        join pg_class f on f.oid = c.conrelid
        join pg_class t on t.oid = c.confrelid
        join pg_namespace n on n.oid = f.relnamespace
       where c.contype = 'f' and n.nspname = 'public'`,
  );
  return { tables, references };
}

/**
 * The account's tables in an order that writes every referenced row before its references
 * (`accounts` first), each with the columns to carry. A table may reference itself (its rows
 * are then ordered on import); tables that reference each other round a loop have no such
 * order, which this refuses so that a migration bringing one fails the tests, not an import.
 */
export async function planAccountTables(db: Db | Tx): Promise<AccountTable[]> {
  const catalog = await readCatalog(db);
  const tables = catalog.tables.filter((table) => !NOT_CARRIED.has(table.name));
  const { references } = catalog;
  const byName = new Map(tables.map((table) => [table.name, table]));
  const needs = new Map<string, CatalogReference[]>(tables.map((table) => [table.name, []]));
  for (const reference of references)
    if (byName.has(reference.from) && byName.has(reference.to))
      needs.get(reference.from)!.push(reference);

  const plan: AccountTable[] = [];
  const written = new Set<string>();
  const remaining = tables.map((table) => table.name);
  while (remaining.length > 0) {
    // Alphabetical among the ready ones keeps the order the same from one run to the next.
    const next = remaining.find((name) =>
      needs.get(name)!.every((ref) => ref.to === name || written.has(ref.to)),
    );
    if (!next) throw new Error(`account tables reference each other round a loop: ${remaining}`);
    remaining.splice(remaining.indexOf(next), 1);
    const table = byName.get(next)!;
    if (!table.key?.length) throw new Error(`account table ${next} has no primary key`);
    const columns = table.columns.map((c) => c.name);
    plan.push({
      name: next,
      columns: columns.filter((name) => !isSealedColumn(name)),
      key: table.key,
      selfReferences: needs
        .get(next)!
        .filter((ref) => ref.to === next)
        .flatMap((ref) => ref.pairs.filter(([column]) => column !== "account_id"))
        .map(([column, target]) => ({ column, target })),
      sealed: columns.filter(isSealedColumn),
      people: references
        .filter((ref) => ref.from === next && ref.to === "users")
        .flatMap((ref) => ref.pairs.map(([column]) => column)),
    });
    written.add(next);
  }
  return plan;
}

/** How many migrations the database has applied: an archive imports into the same or newer. */
export async function schemaVersion(db: Db | Tx): Promise<number> {
  const [row] = await run<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row?.count ?? 0;
}
