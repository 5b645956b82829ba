// Uncached renders per second in one process: anonymous pages with a unique query string per
// request (the page cache answers no unknown query), and signed-in pages with a demo person's
// session cookie (which the cache never answers): the owner's /dashboard, the student's lesson.
// Compared with each target's baseline.
import { atLeast, notMeasured, perSecond, ratio, record, type Print } from "./report.ts";
import { demoHost, demoPeople, getAsServed, playerLesson, signInDemo } from "./server.ts";
import { renderGoalFactor, renderTargets } from "./targets.ts";
import { wrk, wrkMissing } from "./wrk.ts";
import { send } from "../tests/e2e/support/http.ts";

export type RenderFigures = { name: string; rps: number }[];

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
  const cookies = new Map<string, string>();
  const cookieOf = async (person: keyof typeof demoPeople) => {
    if (!cookies.has(person)) cookies.set(person, await signInDemo(port, demoPeople[person]));
    return cookies.get(person)!;
  };
  const rows = [
    [
      "target",
      "req/s",
      "p50 ms",
      "p99 ms",
      "failures",
      `vs PGlite baseline (goal ≥ ${renderGoalFactor}×)`,
    ],
  ];
  const results: RenderFigures = [];
  for (const target of renderTargets) {
    const cookie = target.signedIn ? await cookieOf(target.person ?? "owner") : undefined;
    const path = target.playerOf
      ? await playerLesson(port, target.playerOf, cookie!)
      : (target.path ?? pages.find((p) => p.name === target.page)?.path);
    if (!path) throw new Error(`bench: no demo page "${target.page}"`);
    // Prove the request renders: no cache answer, and the dashboard is not a sign-in redirect.
    const probe = target.signedIn
      ? await send({ port, host: demoHost, path, cookie })
      : await getAsServed({ port, host: demoHost, path: `${path}?bench=probe` });
    if (probe.status !== 200 || probe.headers["x-page-cache"] === "hit") {
      throw new Error(
        `bench: ${path} answered ${probe.status} ${probe.headers["x-page-cache"] ?? ""}`,
      );
    }
    const load = {
      port,
      host: demoHost,
      path,
      connections,
      threads: 2,
      uniqueQuery: !target.signedIn,
      cookie,
    };
    await wrk({ ...load, seconds: 1 });
    const r = await wrk({ ...load, seconds });
    const versus = r.rps / target.baseline;
    rows.push([
      `${target.name} ${path}`,
      r.rps.toFixed(1),
      r.p50Ms.toFixed(0),
      r.p99Ms.toFixed(0),
      String(r.errors + r.badStatus),
      `${ratio(versus)} of ${target.baseline}`,
    ]);
    results.push({ name: target.name, rps: r.rps });
    if (summarise)
      record({
        figure: `uncached renders/s, ${target.name} (${label})`,
        measured: perSecond(r.rps),
        goal: goal(target.baseline),
        peer: `baseline ${perSecond(target.baseline)} → ${ratio(versus)}`,
        met: r.errors + r.badStatus === 0 && atLeast(versus, renderGoalFactor),
      });
  }
  print(
    `Uncached renders, one process, ${label}: wrk -t2 -c${connections}, ${seconds} s each (after 1 s unrecorded)`,
    rows,
  );
  return results;
}
