// `npm start`, the newcomer's command: builds when a source changed since the last build (a
// restart used to rebuild every time, ~20 s), then runs the server with the demo seeded into an
// empty database. A production server is `npm run serve` (or the image), which seeds no demo.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadDotEnv } from "../server/startup-checks.ts";

const root = path.resolve(import.meta.dirname, "..");
/** What the build reads: a change to any of them makes the build stale. */
const inputs = [
  "app",
  "server",
  "scripts",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "postcss.config.cjs",
];
const builtServer = path.join(root, "build/server/index.js");

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder
  for (const child of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

function buildIsStale(): boolean {
  const built = fs.statSync(builtServer, { throwIfNoEntry: false });
  if (!built) return true;
  return inputs.some((input) => newestChange(path.join(root, input)) > built.mtimeMs);
}

if (buildIsStale()) {
  const build = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log("lyceum: the build is up to date with the sources (npm run build rebuilds)");
}
process.chdir(root);
try {
  // Before the demo's default, so that a .env saying SEED_DEMO=false is heard.
  loadDotEnv();
} catch (error) {
  console.error(`lyceum: ${(error as Error).message}`);
  process.exit(1);
}
process.env.SEED_DEMO ||= "true";
await import("../server/main.ts");
