// What a visitor of a cached page feels while the process is busy rendering: wrk keeps 50
// uncached renders in flight (a unique query string each, which the page cache never answers)
// while a light second client asks for a cached page one request at a time. Also the uncached
// requests' own spread, the 503s a bounded queue may answer with, and the event-loop delay the
// server reports about itself.
import http from "node:http";
import { atMost, ms, notMeasured, percentile, ratio, record, type Print } from "./report.ts";
import { demoHost, eventLoopDelay, getAsServed, type EventLoopDelay } from "./server.ts";
import { sleep } from "./tools.ts";
import { wrk, wrkMissing } from "./wrk.ts";

const figures = {
  cached: "cached page p99 while 50 uncached requests run",
  uncached: "uncached p99 / p50 under 50 connections",
  refused: "503 answers under that load (Retry-After; not failures)",
  eventLoop: "event-loop delay p99 under that load",
};

/** Sequential GETs of one path, with a pause between them; their latencies in ms. */
async function sequential(port: number, path: string, until: () => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let failures = 0;
  try {
    while (!until()) {
      const started = performance.now();
      const response = await getAsServed({ port, host: demoHost, path, agent });
      times.push(performance.now() - started);
      if (response.status !== 200 || response.headers["x-page-cache"] !== "hit") failures++;
      await sleep(10);
    }
  } finally {
    agent.destroy();
  }
  return { times, failures };
}

export async function benchLatency(
  port: number,
  page: { name: string; path: string },
  { seconds }: { seconds: number },
  print: Print,
) {
  const missing = wrkMissing();
  if (missing) {
    notMeasured(figures.cached, "≤ 50 ms", missing);
    notMeasured(figures.uncached, "≤ 3.00×", missing);
    return;
  }
  await getAsServed({ port, host: demoHost, path: page.path });

  // The same client on an idle server first: the peer of the figure under load.
  let count = 0;
  const idle = await sequential(port, page.path, () => count++ >= 200);

  const load = wrk({
    port,
    host: demoHost,
    path: page.path,
    seconds,
    connections: 50,
    threads: 2,
    uniqueQuery: true,
    countStatuses: true,
  });
  const loadStarted = performance.now();
  const elapsed = () => (performance.now() - loadStarted) / 1000;
  // Let the 50 connections fill the queue, then measure until just before wrk stops.
  await sleep(1000);
  let loop: EventLoopDelay | null = null;
  const loopRead = (async () => {
    await sleep(Math.max(0, seconds * 0.8 - 1) * 1000);
    loop = await eventLoopDelay(port);
  })();
  const busy = await sequential(port, page.path, () => elapsed() > seconds - 0.5);
  const uncached = await load;
  await loopRead;
  const eventLoop = loop as EventLoopDelay | null;

  const row = (name: string, times: number[], failures: number) => [
    name,
    String(times.length),
    ms(percentile(times, 50)),
    ms(percentile(times, 99)),
    ms(Math.max(...times)),
    String(failures),
  ];
  print(
    `Latency of cached ${page.path} (one request at a time) while wrk -t2 -c50 renders ${page.path}?bench=… for ${seconds} s`,
    [
      ["client", "requests", "p50", "p99", "max", "failures"],
      row("cached, idle server", idle.times, idle.failures),
      row("cached, under load", busy.times, busy.failures),
      [
        "uncached (wrk)",
        String(uncached.requests),
        ms(uncached.p50Ms),
        ms(uncached.p99Ms),
        ms(uncached.maxMs),
        `${uncached.errors + uncached.statusOther} (+ ${uncached.status503} × 503)`,
      ],
      [
        "event loop (/api/health)",
        "",
        eventLoop ? ms(eventLoop.p50Ms) : "n/a",
        eventLoop ? ms(eventLoop.p99Ms) : "n/a",
        eventLoop ? ms(eventLoop.maxMs) : "n/a",
        "",
      ],
    ],
  );

  const cachedP99 = percentile(busy.times, 99);
  record({
    figure: figures.cached,
    measured: ms(cachedP99),
    goal: "≤ 50 ms",
    peer: `${busy.times.length} requests, p50 ${ms(percentile(busy.times, 50))}; idle p99 ${ms(percentile(idle.times, 99))}`,
    met: busy.failures === 0 && atMost(cachedP99, 50),
  });
  const spread = uncached.p99Ms / Math.max(0.001, uncached.p50Ms);
  record({
    figure: figures.uncached,
    measured: ratio(spread),
    goal: "≤ 3.00×",
    peer: `p50 ${ms(uncached.p50Ms)}, p99 ${ms(uncached.p99Ms)}, ${uncached.rps.toFixed(0)} req/s`,
    met: atMost(spread, 3),
  });
  record({
    figure: figures.refused,
    measured: `${uncached.status503} of ${uncached.requests}`,
    goal: "counted",
    peer: `other failures ${uncached.errors + uncached.statusOther}`,
    met: null,
  });
  record({
    figure: figures.eventLoop,
    measured: eventLoop ? ms(eventLoop.p99Ms) : "n/a (server does not report it yet)",
    goal: "reported by /api/health",
    peer: eventLoop ? `p50 ${ms(eventLoop.p50Ms)}, max ${ms(eventLoop.maxMs)}` : undefined,
    met: eventLoop !== null,
  });
}
