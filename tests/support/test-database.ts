import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { test } from "vitest";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { ensurePgliteDump, pgliteTemplateKey } from "~/platform/db/pglite-template.server";
import { MIGRATIONS_FOLDER } from "../../server/boot";

/** Where the migrations live (a data migration's test runs one of them again). */
export { MIGRATIONS_FOLDER };

export type Backend = "pglite" | "postgres";

const bothBackends: Backend[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. For tests of what the two
 * can do differently (decision 047): transactions and locks under concurrency, RLS and roles,
 * the job queue and the bus, query plans at scale, migrations, the server's own connections.
 */
export const backends: Backend[] = bothBackends;

/**
 * PGlite only, for tests of the product's own logic: PGlite is PostgreSQL's own engine, and a
 * query that one accepts and answers the other answers alike (the PostgreSQL fuzz pass still
 * reaches every route there). TEST_ALL_BACKENDS=1 runs these on PostgreSQL too (decision 047).
 */
export const logicBackends: Backend[] =
  process.env.TEST_ALL_BACKENDS === "1" ? bothBackends : ["pglite"];

/**
 * In a describe over `backends` whose file mixes both kinds of test: `test` for a test of the
 * product's own logic, which is skipped on PostgreSQL as `logicBackends` would leave it out.
 */
export function logicTestOn(backend: Backend) {
  return test.skipIf(!logicBackends.includes(backend));
}

export type TestDatabase = { database: Database; dispose: () => Promise<void> };

/** Made once per set of migrations, outside the work tree's tracked files. */
const CACHE = path.resolve(import.meta.dirname, "../../.tmp");
let pgliteDump: Promise<string> | undefined;
let postgresTemplate: Promise<string> | undefined;

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated, empty database on the server that each test's database is copied from
 * (`CREATE DATABASE … TEMPLATE`), made once per set of migrations by whichever test worker
 * comes first; the others wait on the lock and then find it.
 */
function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `lyceum_tpl_${pgliteTemplateKey(MIGRATIONS_FOLDER)}`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query("select pg_advisory_lock(hashtext('lyceum.test-template'))");
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'lyceum\\_tpl\\_%'",
      );
      for (const { datname } of stale.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      // Migrated under another name and renamed: a run killed mid-way leaves no half template.
      const scratch = `lyceum_tmp_${randomBytes(6).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${scratch}`);
      const database = await openDatabase({
        kind: "postgres",
        url: databaseUrl(adminUrl, scratch),
      });
      try {
        await database.migrate(MIGRATIONS_FOLDER);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${scratch} RENAME TO ${name}`);
    }
    // Session locks end with the connection too; said anyway for whoever reads this.
    await admin.query("select pg_advisory_unlock(hashtext('lyceum.test-template'))");
    return name;
  });
}

/** A fresh, migrated database of its own: an in-memory PGlite, or a scratch PostgreSQL database. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "pglite") {
    pgliteDump ??= ensurePgliteDump({ cache: CACHE, migrationsFolder: MIGRATIONS_FOLDER });
    // In its own thread, as the server runs it (decision 022).
    const database = await openDatabase({
      kind: "pglite",
      memory: true,
      thread: true,
      load: await pgliteDump,
    });
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  postgresTemplate ??= ensurePostgresTemplate(adminUrl);
  const template = await postgresTemplate;
  const name = `lyceum_t_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`),
  );
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name) });
  return {
    database,
    async dispose() {
      await database.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
