/**
 * Admission for work that holds the database (issue 12): at most `concurrency` at once; the rest
 * wait in one queue per client, served in turn (round robin), so one client's burst waits behind
 * itself rather than in front of everyone. Past `maxWaiting` in all, or `maxPerClient` for one
 * client, work is refused at once: overload is answered fast instead of by starving.
 */
export type FairQueue = ReturnType<typeof createFairQueue>;

export class QueueFullError extends Error {
  constructor() {
    super("queue full");
  }
}

type Waiter = { start: () => void; fail: (error: Error) => void; timer?: NodeJS.Timeout };

export function createFairQueue({
  concurrency,
  maxWaiting,
  maxPerClient,
  maxWaitMs,
}: {
  concurrency: number;
  maxWaiting: number;
  maxPerClient: number;
  /** Work still waiting after this is refused: its client has given up by then. */
  maxWaitMs: number;
}) {
  let running = 0;
  let waiting = 0;
  /** Clients with waiting work, in turn order; each with its own FIFO. */
  const clients = new Map<string, Waiter[]>();

  function next() {
    while (running < concurrency && clients.size > 0) {
      const [client, queue] = clients.entries().next().value as [string, Waiter[]];
      const waiter = queue.shift()!;
      // The client goes to the back of the turn order (or leaves it when done).
      clients.delete(client);
      if (queue.length > 0) clients.set(client, queue);
      waiting -= 1;
      clearTimeout(waiter.timer);
      running += 1;
      waiter.start();
    }
  }

  function admit(client: string): Promise<void> {
    if (running < concurrency && waiting === 0) {
      running += 1;
      return Promise.resolve();
    }
    const queue = clients.get(client) ?? [];
    if (waiting >= maxWaiting || queue.length >= maxPerClient) {
      return Promise.reject(new QueueFullError());
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve, fail: reject };
      waiter.timer = setTimeout(() => {
        const index = queue.indexOf(waiter);
        if (index < 0) return;
        queue.splice(index, 1);
        if (queue.length === 0) clients.delete(client);
        waiting -= 1;
        reject(new QueueFullError());
      }, maxWaitMs);
      queue.push(waiter);
      if (!clients.has(client)) clients.set(client, queue);
      waiting += 1;
    });
  }

  return {
    /** Runs `work` once admitted; rejects with QueueFullError when it cannot be. */
    async run<T>(client: string, work: () => Promise<T>): Promise<T> {
      await admit(client);
      try {
        return await work();
      } finally {
        running -= 1;
        next();
      }
    },
    stats: () => ({ running, waiting, clients: clients.size }),
  };
}
