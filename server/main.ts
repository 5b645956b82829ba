// The command that starts Lyceum (`npm start`, `npm run serve`, the tests, the bench): puts the
// built server, build/server/main.js (server/serve.ts), in this process's place, with the heap
// flags and allocator settings it runs with. Node strips this file's types, and its stripper
// (SWC in WebAssembly) stays resident in every thread that loaded TypeScript, about 17 MB each:
// the server and its database thread run as JavaScript instead (decision 059).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { relaunchWithHeapFlags } from "./heap-flags.ts";
import { loadDotEnv } from "./startup-checks.ts";

try {
  // Here too, for `npm run dev` and so the relaunched server has the file's values.
  loadDotEnv();
} catch (error) {
  console.error(`lyceum: ${(error as Error).message}`);
  process.exit(1);
}

const builtServer = path.resolve(import.meta.dirname, "../build/server/main.js");

if (process.argv.includes("--dev")) {
  await import("./dev.ts");
} else if (!fs.existsSync(builtServer)) {
  console.error("lyceum: No build found: run `npm run build` first (npm start does it for you).");
  process.exit(1);
} else if (relaunchWithHeapFlags(builtServer) === "unsupported") {
  // No execve (Windows): the server runs here, beside the stripper.
  await import(pathToFileURL(builtServer).href);
}
