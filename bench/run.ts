// `npm run bench`: the built server on a fresh embedded database, loaded from this machine.
// Prints requests/s and latency per target; targets live in bench/targets.ts.
import fs from "node:fs";
import autocannon from "autocannon";
import { startServer, tempDataDir } from "../tests/e2e/support/server.ts";
import { targets } from "./targets.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const dataDir = tempDataDir("bench");
const server = await startServer({ dataDir, env: { LOG_LEVEL: "warn" } });
const rows: string[][] = [["target", "req/s (mean)", "p50 ms", "p99 ms", "errors", "non-2xx"]];
try {
  for (const target of targets) {
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}${target.path}`,
      headers: { host: target.host },
      connections,
      duration,
    });
    rows.push([
      target.name,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.errors + result.timeouts),
      String(result.non2xx),
    ]);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
console.log(
  `\n${connections} connections, ${duration} s per target, embedded PGlite, one process\n`,
);
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
const [, health, ...pages] = rows;
for (const page of pages) {
  const ratio = Number(health![1]) / Math.max(1, Number(page[1]));
  console.log(`health / ${page[0]}: ${ratio.toFixed(1)}x`);
}
