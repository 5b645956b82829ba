import fs from "node:fs";
import { prepareDemoDatabase } from "./support/demo-server";
import { startServer, tempDataDir } from "./support/server";

/**
 * The demo seeded once for the whole run (servers of the journeys start as a copy of it), and
 * one server for the browser journeys on a fresh embedded database made from it.
 */
export default async function globalSetup() {
  const seeded = tempDataDir("seeded");
  await prepareDemoDatabase({ dataDir: seeded });
  process.env.E2E_SEEDED_DATA_DIR = seeded;
  const dataDir = tempDataDir("e2e");
  const server = await startServer({ dataDir });
  process.env.E2E_PORT = String(server.port);
  return async () => {
    const code = await server.stop("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(seeded, { recursive: true, force: true });
    if (code !== 0)
      throw new Error(`server did not shut down cleanly (exit ${code}):\n${server.output()}`);
  };
}
