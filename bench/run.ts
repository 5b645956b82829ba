// `npm run bench`: the built server on a fresh embedded database, loaded from this machine.
// Prints requests/s and latency per target (bench/targets.ts), the page cache against nginx,
// Lighthouse scores, site search on 100 000 rows per type (bench/search.ts), and the sitemap and
// blog paging at 10 against 10 000 posts (bench/sitemap.ts).
// `node bench/run.ts cache` (or pages, lighthouse, search, sitemap) runs one section.
import fs from "node:fs";
import path from "node:path";
import { runnerImport } from "vite";
import { startServer, tempDataDir } from "../tests/e2e/support/server.ts";
import { benchLighthouse } from "./lighthouse.ts";
import { benchPageCache, firstBlogPost, load } from "./page-cache.ts";
import { targets } from "./targets.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const only = process.argv[2];
const wanted = (section: string) => !only || only === section;

function print(title: string, rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  console.log(`\n${title}\n`);
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
}

if (["pages", "cache", "lighthouse"].some(wanted)) {
  const dataDir = tempDataDir("bench");
  const server = await startServer({ dataDir, env: { LOG_LEVEL: "warn" } });
  const header = ["target", "req/s (mean)", "p50 ms", "p99 ms", "failures"];
  console.log(`${connections} connections, ${duration} s per target, embedded PGlite, one process`);
  try {
    if (wanted("pages")) {
      const rows = [header];
      for (const target of targets) {
        const r = await load({ port: server.port, ...target }, { duration, connections });
        rows.push([
          target.name,
          r.rps.toFixed(0),
          String(r.p50),
          String(r.p99),
          String(r.failures),
        ]);
      }
      print("Targets (anonymous pages come from the page cache after their first render)", rows);
    }
    if (wanted("cache")) {
      const rows = await benchPageCache(server.port, { duration, connections });
      print("Page cache (P18)", [header, ...rows]);
    }
    if (wanted("lighthouse")) {
      const base = `http://demo.localhost:${server.port}`;
      const post = await firstBlogPost(server.port);
      print("Lighthouse", await benchLighthouse([`${base}/`, `${base}${post}`]));
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (wanted("search")) {
  // bench/search.ts calls the app's own modules, whose `~/` and extensionless imports Node's
  // type stripping cannot resolve: Vite's module runner loads it, with vitest.config.ts's alias.
  const app = `${path.resolve(import.meta.dirname, "../app")}/`;
  const { module } = await runnerImport<typeof import("./search.ts")>(
    path.resolve(import.meta.dirname, "search.ts"),
    { resolve: { alias: [{ find: /^~\//, replacement: app }] }, logLevel: "warn" },
  );
  await module.benchSearch({ print });
}
if (wanted("sitemap")) {
  // In process, like search: the app's modules through Vite's module runner.
  const app = `${path.resolve(import.meta.dirname, "../app")}/`;
  const { module } = await runnerImport<typeof import("./sitemap.ts")>(
    path.resolve(import.meta.dirname, "sitemap.ts"),
    { resolve: { alias: [{ find: /^~\//, replacement: app }] }, logLevel: "warn" },
  );
  await module.benchSitemap({ print });
}
