import { expect, test } from "vitest";
import { collectWhenIdle } from "./idle-gc";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("I12 after a burst, a quiet thread gives its grown heap back; a busy one is left alone", async () => {
  // Ten times the busy phase's beat: a loaded machine's 50 ms sleep can take over 100 ms.
  const idle = collectWhenIdle({ quietMs: 500, growthBytes: 16 * 1024 * 1024 });
  try {
    const before = process.memoryUsage().heapTotal;
    // A burst: ~200 MB of objects, the garbage a run of renders leaves. All of it stays
    // reachable until the quiet period, so V8 cannot give any of it back on its own first (in a
    // worker that ran other files, it did: the growth this test needs was gone).
    let keep: unknown[][] = [];
    for (let round = 0; round < 20; round++) {
      keep.push(Array.from({ length: 100_000 }, (_, i) => ({ i, text: `row ${i} of ${round}` })));
    }
    expect(keep.length).toBe(20);
    const grown = process.memoryUsage().heapTotal;
    expect(grown - before).toBeGreaterThan(16 * 1024 * 1024);

    // Busy: work seen more often than the quiet period, so no collection runs.
    for (let i = 0; i < 5; i++) {
      idle.workSeen();
      await sleep(50);
    }
    expect(idle.collections).toBe(0);
    keep = [];

    // Quiet: one collection (a loaded machine may run the timer late), and the heap shrinks
    // back towards where it started.
    for (let waited = 0; idle.collections === 0 && waited < 3_000; waited += 50) await sleep(50);
    expect(idle.collections).toBe(1);
    expect(process.memoryUsage().heapTotal).toBeLessThan(grown - 16 * 1024 * 1024);
  } finally {
    idle.stop();
  }
});
