import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { MIGRATIONS_FOLDER } from "../../server/boot";

/** Where the migrations live (a data migration's test runs one of them again). */
export { MIGRATIONS_FOLDER };

export type Backend = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export type TestDatabase = { database: Database; dispose: () => Promise<void> };

/** A fresh, migrated database of its own: an in-memory PGlite, or a scratch PostgreSQL database. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "pglite") {
    // In its own thread, as the server runs it (decision 022).
    const database = await openDatabase({ kind: "pglite", memory: true, thread: true });
    await database.migrate(MIGRATIONS_FOLDER);
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `lyceum_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  await database.migrate(MIGRATIONS_FOLDER);
  return {
    database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
