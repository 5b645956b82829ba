// The campaigns bench's database side, run in the bench's own process while no server holds the
// database (PGlite's data directory is one process's): the audience seeded in bulk into the
// demo site, and, after the send, what the ledger says (both shared with the kill -9 spec, in
// tests/support/campaign-audience.ts). Loaded through Vite's module runner with the rest of
// bench/campaigns.ts (it imports the app's modules).
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "~/platform/db/database.server";

export { ledgerFacts, seedAudience, type LedgerFacts } from "../tests/support/campaign-audience.ts";

/** Where a bench server keeps its data: PGlite in its data directory, or `env.DATABASE_URL`. */
export type Backend = { label: string; env: Record<string, string> };

/** The server's database, opened in this process (PGlite: only while no server holds it). */
export function openBackend(backend: Backend, dataDir: string): Promise<Database> {
  const url = backend.env.DATABASE_URL;
  return url ? openDatabase({ kind: "postgres", url }) : openDatabase({ kind: "pglite", dataDir });
}

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The demo site's account id (the server's first start seeded it). */
export async function demoAccountId(database: Database): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await database.owner.execute(sql`select account_id as id from accounts where slug = 'demo'`),
  );
  if (!row) throw new Error("bench: no demo account (did the first start seed it?)");
  return row.id;
}
