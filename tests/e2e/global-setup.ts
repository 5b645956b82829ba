import fs from "node:fs";
import { startServer, tempDataDir } from "./support/server";

/** One server for the browser journeys, on a fresh embedded database seeded with the demo. */
export default async function globalSetup() {
  const dataDir = tempDataDir("e2e");
  const server = await startServer({ dataDir });
  process.env.E2E_PORT = String(server.port);
  return async () => {
    const code = await server.stop("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0)
      throw new Error(`server did not shut down cleanly (exit ${code}):\n${server.output()}`);
  };
}
