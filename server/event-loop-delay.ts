import { monitorEventLoopDelay } from "node:perf_hooks";

/** How long one measuring window lasts. */
const WINDOW_MS = 10_000;

/**
 * How long the event loop was late, the figure that says whether a request can be answered at
 * once (issue 12): percentiles of the last complete 10-second window, in milliseconds.
 */
export function eventLoopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const read = () => ({
    p50Ms: Math.round(histogram.percentile(50) / 1e4) / 100,
    p99Ms: Math.round(histogram.percentile(99) / 1e4) / 100,
    maxMs: Math.round(histogram.max / 1e4) / 100,
  });
  let last = read();
  const timer = setInterval(() => {
    last = read();
    histogram.reset();
  }, WINDOW_MS);
  timer.unref();
  return {
    last: () => ({ windowSeconds: WINDOW_MS / 1000, ...last }),
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
