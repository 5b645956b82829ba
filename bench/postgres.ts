// The server on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL; a scratch database on
// it): idle memory after start and after uncached renders, and — once the server supports
// WEB_CONCURRENCY — uncached throughput with two workers against one.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { benchRenders } from "./renders.ts";
import {
  atLeast,
  atMost,
  mb,
  notMeasured,
  perSecond,
  ratio,
  record,
  type Print,
} from "./report.ts";
import {
  demoHost,
  demoPages,
  postgresAdminUrl,
  rssMb,
  scratchPostgres,
  startBenchServer,
  type BenchServer,
} from "./server.ts";
import { sleep } from "./tools.ts";
import { wrk, wrkMissing } from "./wrk.ts";

const figures = {
  rssStart: "idle RSS after start (PostgreSQL)",
  rssLoaded: "idle RSS after the loads (PostgreSQL)",
  scaling: "uncached home, WEB_CONCURRENCY=2 / 1 (PostgreSQL)",
};
/** Issue 32: the idle server on PostgreSQL holds no database of its own. */
const rssGoal = 200;

/** Whether the server's code reads WEB_CONCURRENCY at all (tests aside). */
export function serverSupportsWebConcurrency(): boolean {
  const root = path.resolve(import.meta.dirname, "..");
  const found = spawnSync(
    "grep",
    ["-rl", "--include=*.ts", "--exclude=*.test.ts", "WEB_CONCURRENCY", "server", "app"],
    { cwd: root, encoding: "utf8" },
  );
  return found.stdout.trim().length > 0;
}

export async function benchPostgres(
  { seconds, connections }: { seconds: number; connections: number },
  print: Print,
) {
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) {
    const why = "set BENCH_DATABASE_URL or TEST_DATABASE_URL";
    notMeasured(figures.rssStart, `≤ ${rssGoal} MB`, why);
    notMeasured(figures.rssLoaded, `≤ ${rssGoal} MB`, why);
    notMeasured(figures.scaling, "≥ 1.70×", why);
    return;
  }
  const scaling = serverSupportsWebConcurrency();
  const database = await scratchPostgres(adminUrl);
  let server: BenchServer | undefined;
  try {
    // One process for the memory figures, whatever the server's default worker count.
    const env = { ...database.env, WEB_CONCURRENCY: "1" };
    server = await startBenchServer(env);
    await sleep(2000);
    const afterStart = rssMb(server.child.pid!);
    const pages = await demoPages(server.port);
    await benchRenders(
      server.port,
      pages,
      { seconds, connections, label: "PostgreSQL", summarise: false },
      print,
    );
    await sleep(5000);
    const afterLoads = rssMb(server.child.pid!);
    print("PostgreSQL: one process", [
      ["first start (seeds the demo)", "idle RSS after start", "idle RSS after the renders"],
      [`${(server.startMs / 1000).toFixed(1)} s`, mb(afterStart), mb(afterLoads)],
    ]);
    record({
      figure: figures.rssStart,
      measured: mb(afterStart),
      goal: `≤ ${rssGoal} MB`,
      met: atMost(afterStart, rssGoal),
    });
    record({
      figure: figures.rssLoaded,
      measured: mb(afterLoads),
      goal: `≤ ${rssGoal} MB`,
      met: atMost(afterLoads, rssGoal),
    });
    await server.dispose();
    server = undefined;

    const missing = wrkMissing();
    if (!scaling) {
      notMeasured(figures.scaling, "≥ 1.70×", "the server does not support WEB_CONCURRENCY yet");
    } else if (missing) {
      notMeasured(figures.scaling, "≥ 1.70×", missing);
    } else {
      const home = pages.find((p) => p.name === "home")!.path;
      const throughput: number[] = [];
      for (const workers of [1, 2]) {
        server = await startBenchServer({ ...env, WEB_CONCURRENCY: String(workers) });
        const load = {
          port: server.port,
          host: demoHost,
          path: home,
          connections,
          uniqueQuery: true,
        };
        // Workers may still be starting after the first "listening" line.
        await sleep(2000);
        await wrk({ ...load, seconds: 2 });
        throughput.push((await wrk({ ...load, seconds })).rps);
        await server.dispose();
        server = undefined;
      }
      const [one, two] = throughput as [number, number];
      print(`PostgreSQL: uncached home with WEB_CONCURRENCY=1 and 2, wrk -c${connections}`, [
        ["workers", "req/s"],
        ["1", one.toFixed(1)],
        ["2", two.toFixed(1)],
        ["2 / 1", ratio(two / Math.max(0.001, one))],
      ]);
      record({
        figure: figures.scaling,
        measured: ratio(two / Math.max(0.001, one)),
        goal: "≥ 1.70×",
        peer: `1 worker ${perSecond(one)}, 2 workers ${perSecond(two)}`,
        met: atLeast(two / Math.max(0.001, one), 1.7),
      });
    }
  } finally {
    await server?.dispose();
    await database.drop();
  }
}
