// Uncached renders per second in one process: anonymous pages with a unique query string per
// request (the page cache answers no unknown query), and signed-in pages with a demo person's
// session cookie (which the cache never answers): the owner's /dashboard, the student's lesson.
// Compared with each target's baseline: the figure in targets.ts, or, with BENCH_BASELINE_DIR,
// an earlier build measured on this machine in the same run (machines differ by 2× here).
import fs from "node:fs";
import { atLeast, notMeasured, perSecond, ratio, record, type Print } from "./report.ts";
import {
  demoHost,
  demoPages,
  demoPeople,
  getAsServed,
  playerLesson,
  signInDemo,
} from "./server.ts";
import { renderGoalFactor, renderTargets } from "./targets.ts";
import { wrk, wrkMissing, type WrkResult } from "./wrk.ts";
import { send } from "../tests/e2e/support/http.ts";
import { startServer, tempDataDir } from "../tests/e2e/support/server.ts";

export type RenderFigures = { name: string; rps: number }[];

type Load = { seconds: number; connections: number };

/** Each target's address on a running server, proven to render (no cache answer, no redirect). */
async function targetLoads(port: number, pages: { name: string; path: string }[]) {
  const cookies = new Map<string, string>();
  const cookieOf = async (person: keyof typeof demoPeople) => {
    if (!cookies.has(person)) cookies.set(person, await signInDemo(port, demoPeople[person]));
    return cookies.get(person)!;
  };
  const loads = [];
  for (const target of renderTargets) {
    const cookie = target.signedIn ? await cookieOf(target.person ?? "owner") : undefined;
    const path = target.playerOf
      ? await playerLesson(port, target.playerOf, cookie!)
      : (target.path ?? pages.find((p) => p.name === target.page)?.path);
    if (!path) throw new Error(`bench: no demo page "${target.page}"`);
    const probe = target.signedIn
      ? await send({ port, host: demoHost, path, cookie })
      : await getAsServed({ port, host: demoHost, path: `${path}?bench=probe` });
    if (probe.status !== 200 || probe.headers["x-page-cache"] === "hit") {
      throw new Error(
        `bench: ${path} answered ${probe.status} ${probe.headers["x-page-cache"] ?? ""}`,
      );
    }
    loads.push({ target, path, cookie, uniqueQuery: !target.signedIn });
  }
  return loads;
}

async function measure(
  port: number,
  pages: { name: string; path: string }[],
  { seconds, connections }: Load,
) {
  const results: { path: string; result: WrkResult }[] = [];
  for (const { path, cookie, uniqueQuery } of await targetLoads(port, pages)) {
    const load = { port, host: demoHost, path, connections, threads: 2, uniqueQuery, cookie };
    await wrk({ ...load, seconds: 1 });
    results.push({ path, result: await wrk({ ...load, seconds }) });
  }
  return results;
}

/**
 * The same loads on the build in `dir` (a checkout of an earlier commit, built), on a fresh
 * data directory of its own: requests per second of each target, in renderTargets' order.
 */
async function measureBaselineBuild(dir: string, load: Load): Promise<number[]> {
  const dataDir = tempDataDir("bench-baseline");
  const server = await startServer({ dataDir, root: dir, env: { LOG_LEVEL: "warn" } });
  try {
    const pages = await demoPages(server.port);
    return (await measure(server.port, pages, load)).map((r) => r.result.rps);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Renders per second of every target; `label` names the database in titles and figures. The
 * baselines are PGlite's: other databases are printed but kept out of the summary.
 */
export async function benchRenders(
  port: number,
  pages: { name: string; path: string }[],
  {
    seconds,
    connections,
    label,
    summarise = true,
  }: { seconds: number; connections: number; label: string; summarise?: boolean },
  print: Print,
): Promise<RenderFigures> {
  const goal = (baseline: number) => `≥ ${perSecond(baseline * renderGoalFactor)}`;
  const missing = wrkMissing();
  if (missing) {
    for (const t of renderTargets) {
      notMeasured(`uncached renders/s, ${t.name} (${label})`, goal(t.baseline), missing);
    }
    return [];
  }
  const load = { seconds, connections };
  const measured = await measure(port, pages, load);
  // A baseline build measured between two runs of this one: the machine's drift shows as the
  // difference between the two, and the figure is their mean.
  const baselineDir = summarise ? process.env.BENCH_BASELINE_DIR : undefined;
  const baselines = baselineDir
    ? await measureBaselineBuild(baselineDir, load)
    : renderTargets.map((t) => t.baseline);
  const again = baselineDir ? await measure(port, pages, load) : undefined;
  const versusWhat = baselineDir ? `the build in ${baselineDir}, measured now` : "PGlite baseline";
  const rows = [
    [
      "target",
      "req/s",
      ...(again ? ["req/s again"] : []),
      "p50 ms",
      "p99 ms",
      "failures",
      `vs ${versusWhat} (goal ≥ ${renderGoalFactor}×)`,
    ],
  ];
  const results: RenderFigures = [];
  renderTargets.forEach((target, i) => {
    const { path, result: r } = measured[i]!;
    const later = again?.[i]?.result;
    const rps = later ? (r.rps + later.rps) / 2 : r.rps;
    const failures = r.errors + r.badStatus + (later ? later.errors + later.badStatus : 0);
    const baseline = baselines[i]!;
    const versus = rps / baseline;
    rows.push([
      `${target.name} ${path}`,
      r.rps.toFixed(1),
      ...(later ? [later.rps.toFixed(1)] : []),
      r.p50Ms.toFixed(0),
      r.p99Ms.toFixed(0),
      String(failures),
      `${ratio(versus)} of ${baseline.toFixed(1)}`,
    ]);
    results.push({ name: target.name, rps });
    if (summarise)
      record({
        figure: `uncached renders/s, ${target.name} (${label})`,
        measured: perSecond(rps),
        goal: goal(baseline),
        peer: `${baselineDir ? "earlier build" : "baseline"} ${perSecond(baseline)} → ${ratio(versus)}`,
        met: failures === 0 && atLeast(versus, renderGoalFactor),
      });
  });
  print(
    `Uncached renders, one process, ${label}: wrk -t2 -c${connections}, ${seconds} s each (after 1 s unrecorded)`,
    rows,
  );
  return results;
}
