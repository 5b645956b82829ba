// The page cache against the fastest thing that could serve the same page: nginx sending the
// same bytes from a file. wrk -t2 -c50 on each in turn (ours, nginx, ours, nginx…) so that the
// machine's other load falls on both alike; the figure is the median of the rounds' ratios.
import { startNginx } from "./nginx.ts";
import {
  atLeast,
  median,
  ms,
  notMeasured,
  perSecond,
  ratio,
  record,
  type Print,
} from "./report.ts";
import { demoHost, getAsServed } from "./server.ts";
import { nginxTool } from "./tools.ts";
import { wrk, wrkMissing, type WrkResult } from "./wrk.ts";

const figure = "cached page throughput, ours / nginx (wrk -t2 -c50)";
const goal = "≥ 0.60×";

export async function benchPageCache(
  port: number,
  page: { name: string; path: string },
  { seconds, rounds }: { seconds: number; rounds: number },
  print: Print,
) {
  const missing = wrkMissing();
  if (missing) return notMeasured(figure, goal, missing);
  await getAsServed({ port, host: demoHost, path: page.path });
  const cached = await getAsServed({ port, host: demoHost, path: page.path });
  if (cached.headers["x-page-cache"] !== "hit") {
    return notMeasured(figure, goal, `${page.path} did not come from the page cache`);
  }
  const nginxBinary = nginxTool();
  if ("missing" in nginxBinary) return notMeasured(figure, goal, nginxBinary.missing);
  const contentEncoding = cached.headers["content-encoding"];
  const nginx = await startNginx(nginxBinary.path, {
    body: cached.body,
    contentType: cached.headers["content-type"] ?? "text/html",
    contentEncoding,
  });
  const load = { connections: 50, threads: 2, seconds };
  const ours = (s = seconds) => wrk({ port, host: demoHost, path: page.path, ...load, seconds: s });
  const theirs = (s = seconds) =>
    wrk({ port: nginx.port, host: "localhost", path: "/", ...load, seconds: s });
  const rows: WrkResult[][] = [];
  try {
    // Warm-up, unrecorded: JIT, connection pools, CPU frequency.
    await ours(2);
    await theirs(2);
    for (let i = 0; i < rounds; i++) rows.push([await ours(), await theirs()]);
  } finally {
    nginx.stop();
  }
  const ratios = rows.map(([a, b]) => a!.rps / Math.max(1, b!.rps));
  const failures = rows.flat().reduce((n, r) => n + r.errors + r.badStatus, 0);
  const cell = (r: WrkResult) => `${perSecond(r.rps)} (p99 ${ms(r.p99Ms)})`;
  print(
    `Cached ${page.name} ${page.path} (${cached.body.length} bytes, ${contentEncoding ?? "uncompressed"}): ours against nginx on the same bytes, wrk -t2 -c50, ${seconds} s each`,
    [
      ["round", "ours", "nginx", "ours / nginx"],
      ...rows.map(([a, b], i) => [String(i + 1), cell(a!), cell(b!), ratio(ratios[i]!)]),
      ["median", "", "", ratio(median(ratios))],
      ...(failures ? [["errors or status ≥ 400", String(failures), "", ""]] : []),
    ],
  );
  const medianRatio = median(ratios);
  record({
    figure,
    measured: ratio(medianRatio),
    goal,
    peer: `ours ${perSecond(median(rows.map(([a]) => a!.rps)))}, nginx ${perSecond(median(rows.map(([, b]) => b!.rps)))} (median of ${rounds} rounds)`,
    met: atLeast(medianRatio, 0.6),
  });
}
