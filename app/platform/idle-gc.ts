// Gives memory back when a thread falls quiet after a burst, as a browser collects garbage in
// idle time. Under load V8 grows the heap with garbage it has no reason to collect yet (a burst
// of renders left ~300 MB committed, ~50 MB live), and Node gives it no idle time to shrink in.
// Built-ins only: the server's entry and the database thread run this file directly.
import v8 from "node:v8";
import vm from "node:vm";

type Options = {
  /** How long without work counts as quiet. */
  quietMs?: number;
  /** Heap growth since the last collection worth a full one: below it, V8's own work suffices. */
  growthBytes?: number;
};

export function collectWhenIdle({ quietMs = 2_000, growthBytes = 32 * 1024 * 1024 }: Options = {}) {
  // `gc` is a V8 extension, exposed by this flag to contexts created after it is set.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as (options: object) => void;
  let lastWork = 0;
  let collections = 0;
  let heapAfterLastCollection = process.memoryUsage().heapTotal;
  const timer = setInterval(() => {
    if (Date.now() - lastWork < quietMs) return;
    const heap = process.memoryUsage().heapTotal;
    if (heap - heapAfterLastCollection < growthBytes) return;
    // "last-resort": the collection that also gives emptied pages back to the system.
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    collections++;
    heapAfterLastCollection = process.memoryUsage().heapTotal;
  }, quietMs);
  timer.unref();
  return {
    /** Call on every unit of work (a request, a query): collection waits for a quiet moment. */
    workSeen() {
      lastWork = Date.now();
    },
    get collections() {
      return collections;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
