import { describe, expect, test } from "vitest";
import { createFairQueue, QueueFullError } from "./fair-queue";

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe("I12 fair queue in front of database work", () => {
  test("I12 at most `concurrency` run at once; the next starts when one ends", async () => {
    const queue = createFairQueue({
      concurrency: 2,
      maxWaiting: 10,
      maxPerClient: 10,
      maxWaitMs: 5_000,
    });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run("a", async () => {
        started.push(i);
        await g.opened;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 1 });
    gates[0]!.open();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.open();
    gates[2]!.open();
    await Promise.all(runs);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, clients: 0 });
  });

  test("I12 a client's burst waits behind itself: another client's request goes next", async () => {
    const queue = createFairQueue({
      concurrency: 1,
      maxWaiting: 100,
      maxPerClient: 100,
      maxWaitMs: 5_000,
    });
    const order: string[] = [];
    const first = gate();
    const busy = queue.run("burst", () => first.opened);
    const burst = Array.from({ length: 5 }, (_, i) =>
      queue.run("burst", async () => void order.push(`burst${i}`)),
    );
    const visitor = queue.run("visitor", async () => void order.push("visitor"));
    first.open();
    await Promise.all([busy, ...burst, visitor]);
    expect(order[0]).toBe("burst0");
    expect(order[1]).toBe("visitor");
    expect(order).toHaveLength(6);
  });

  test("I12 past its bounds the queue refuses at once; a wait too long is refused too", async () => {
    const queue = createFairQueue({
      concurrency: 1,
      maxWaiting: 2,
      maxPerClient: 1,
      maxWaitMs: 50,
    });
    const hold = gate();
    const busy = queue.run("a", () => hold.opened);
    const waitingA = queue.run("a", async () => "a2");
    await expect(queue.run("a", async () => "a3")).rejects.toBeInstanceOf(QueueFullError);
    const waitingB = queue.run("b", async () => "b1");
    await expect(queue.run("c", async () => "c1")).rejects.toBeInstanceOf(QueueFullError);
    // Nobody finishes within 50 ms: the waiting ones are refused, the running one is not.
    await expect(waitingA).rejects.toBeInstanceOf(QueueFullError);
    await expect(waitingB).rejects.toBeInstanceOf(QueueFullError);
    hold.open();
    await busy;
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, clients: 0 });
    await expect(queue.run("c", async () => "c2")).resolves.toBe("c2");
  });
});
