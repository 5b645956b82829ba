import path from "node:path";
import { findAccountBySlug } from "../../../app/features/accounts/queries.server";
import { openDatabase, type Database } from "../../../app/platform/db/database.server";
import { seedDemo } from "../../../scripts/demo-seed";
import { projectRoot, startServer, tempDataDir, type RunningServer } from "./server";

/**
 * A server of a spec's own on the demo, seeded before it starts so that `prepare` can change
 * what the spec needs (an option, a post's category) without anyone else's tests seeing it.
 */
export async function startDemoServer(
  name: string,
  prepare: (database: Database, demoAccountId: string) => Promise<unknown> = async () => {},
): Promise<{ server: RunningServer; dataDir: string; demoAccountId: string }> {
  const dataDir = tempDataDir(name);
  const database = await openDatabase({ kind: "pglite", dataDir });
  let demoAccountId: string;
  try {
    await database.migrate(path.join(projectRoot, "drizzle"));
    await seedDemo(database, { replace: false });
    demoAccountId = (await database.asApp((tx) => findAccountBySlug(tx, "demo")))!.accountId;
    await prepare(database, demoAccountId);
  } finally {
    await database.close();
  }
  const server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
  return { server, dataDir, demoAccountId };
}
