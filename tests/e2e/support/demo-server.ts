import path from "node:path";
import { findAccountBySlug } from "../../../app/features/accounts/queries.server";
import { openDatabase, type Database } from "../../../app/platform/db/database.server";
import { findPgliteTemplate } from "../../../app/platform/db/pglite-template.server";
import { seedDemo } from "../../../scripts/demo-seed";
import {
  copySeededDemo,
  projectRoot,
  startServer,
  tempDataDir,
  type RunningServer,
} from "./server";

type Prepare = (database: Database, demoAccountId: string) => Promise<unknown>;

/**
 * The demo seeded into a database no server holds yet (PGlite in `dataDir`, or PostgreSQL at
 * `url`), then changed by `prepare`; answers the demo site's account id. Start its server with
 * `SEED_DEMO=false`.
 */
export async function prepareDemoDatabase(
  { dataDir, url }: { dataDir: string; url?: string },
  prepare: Prepare = async () => {},
): Promise<string> {
  const migrations = path.join(projectRoot, "drizzle");
  // A PGlite one starts as a copy of the build's migrated template, as the server's first start
  // does, instead of initdb and every migration in WebAssembly.
  const template = findPgliteTemplate(path.join(projectRoot, "build"), migrations);
  const seeded = !url && copySeededDemo(dataDir);
  const database = await openDatabase(
    url ? { kind: "postgres", url } : { kind: "pglite", dataDir, template },
  );
  try {
    await database.migrate(migrations);
    if (!seeded) await seedDemo(database, { replace: false });
    const demoAccountId = (await database.asApp((tx) => findAccountBySlug(tx, "demo")))!.accountId;
    await prepare(database, demoAccountId);
    return demoAccountId;
  } finally {
    await database.close();
  }
}

/**
 * A server of a spec's own on the demo, seeded before it starts so that `prepare` can change
 * what the spec needs (an option, a post's category) without anyone else's tests seeing it.
 */
export async function startDemoServer(
  name: string,
  prepare?: Prepare,
): Promise<{ server: RunningServer; dataDir: string; demoAccountId: string }> {
  const dataDir = tempDataDir(name);
  const demoAccountId = await prepareDemoDatabase({ dataDir }, prepare);
  const server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
  return { server, dataDir, demoAccountId };
}
