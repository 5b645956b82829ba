import { createHash } from "node:crypto";
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { Database } from "../db/database.server";
import { AppError, type ErrorCode } from "../errors";
import type { Logger } from "../logger.server";
import { limiterCounts } from "./tables.server";

/** How many hits a key may make per `duration` seconds. */
export type Budget = { points: number; duration: number };

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type Limiter = {
  readonly name: string;
  readonly budget: Budget;
  /** Counts one hit of `key`; says whether it was within the budget and, if not, when to retry. */
  hit(key: string): Promise<LimitVerdict>;
  /**
   * Counts one hit of `key`; past the budget throws `code` (429 by the catalogue) carrying the
   * seconds to wait, which the error handler sends as `Retry-After`.
   */
  take(key: string, code?: ErrorCode): Promise<void>;
  /** Forgets `key`'s count (a success that ends a run of failures). */
  reset(key: string): Promise<void>;
};

export type RateLimits = {
  /** Where the counts live: shared by every process unless it says "memory". */
  readonly store: "redis" | "postgres" | "memory";
  create(name: string, budget: Budget): Limiter;
  /** Keys held in this process's memory stores (the insurance): each limiter's at most the bound. */
  memoryKeys(): number;
  close(): Promise<void>;
};

/** Keys the memory insurance holds per limiter: a flood of new keys evicts the oldest. */
export const MEMORY_KEYS_BOUND = 10_000;

type MemoryRecord = { timeoutId?: ReturnType<typeof setTimeout> };

/**
 * rate-limiter-flexible's memory store, bounded: it forgets a key only when its window ends, so
 * one client inventing keys (addresses, ids) could otherwise grow it without end. Used only
 * where no shared store answers (insurance), so an evicted key costs at worst a fresh budget.
 */
class BoundedMemoryLimiter extends RateLimiterMemory {
  private records(): Map<string, MemoryRecord> {
    return (this as unknown as { _memoryStorage: { _storage: Map<string, MemoryRecord> } })
      ._memoryStorage._storage;
  }

  get size(): number {
    return this.records().size;
  }

  override consume(
    key: string | number,
    pointsToConsume?: number,
    options?: { [key: string]: unknown },
  ): Promise<RateLimiterRes> {
    const records = this.records();
    const rlKey = this.getKey(key);
    if (!records.has(rlKey)) {
      for (const [oldest, record] of records) {
        if (records.size < MEMORY_KEYS_BOUND) break;
        if (record.timeoutId) clearTimeout(record.timeoutId);
        records.delete(oldest);
      }
    }
    return super.consume(key, pointsToConsume, options);
  }
}

/**
 * Stored keys are hashes: the counters table and Redis then hold no client address or person id,
 * and a key's length no longer depends on what a client sent.
 */
function storedKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

/**
 * The one key for "this client address" (decision 039): IPv4-mapped IPv6 is the IPv4 address,
 * and an IPv6 address counts by its /64, which one subscriber usually holds whole (counting each
 * of its addresses would give them 2^64 budgets). What `clientIp` is (the socket, or a trusted
 * proxy's X-Forwarded-For) is decided where request facts are made.
 */
export function addressKey(clientIp: string): string {
  const ip = clientIp
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [
        ...headGroups,
        ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

function retryAfterOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/**
 * Every request limiter of the server (decision 039), built on rate-limiter-flexible: counts in
 * Redis when `redisUrl` is set, else in the database's `limiter_counts` table, so all workers
 * and instances share one budget (`WEB_CONCURRENCY=N` no longer multiplies a limit by N). A
 * bounded memory store stands in while the shared store fails, rather than letting every
 * request through or refusing them all.
 */
export function createRateLimits({
  database,
  redisUrl,
  logger,
}: {
  database: Database | null;
  redisUrl?: string;
  logger: Logger;
}): RateLimits {
  let redis: import("ioredis").Redis | undefined;
  const store: RateLimits["store"] = redisUrl ? "redis" : database ? "postgres" : "memory";
  const created = new Map<string, Limiter>();
  const memoryStores: BoundedMemoryLimiter[] = [];
  let sweeping = false;

  let redisReady: Promise<import("ioredis").Redis> | undefined;
  function redisClient() {
    redisReady ??= (async () => {
      const { Redis } = await import("ioredis");
      // Without the offline queue a command fails at once while Redis is away: the insurance
      // answers instead of requests waiting on a reconnect.
      const client = new Redis(redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      client.on("error", (error: unknown) =>
        logger.warn({ err: error, component: "rate-limits" }, "limiter store: Redis error"),
      );
      redis = client;
      // The first hits wait (2 s at most) for the connection rather than all going to memory.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        timer.unref?.();
        client.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return client;
    })();
    return redisReady;
  }

  function storeLimiter(name: string, budget: Budget): Promise<RateLimiterAbstract> {
    const insuranceLimiter = new BoundedMemoryLimiter({ ...budget, keyPrefix: name });
    memoryStores.push(insuranceLimiter);
    const options = { ...budget, keyPrefix: name, insuranceLimiter };
    if (redisUrl) {
      return redisClient().then(
        (storeClient) =>
          new RateLimiterRedis({ ...options, storeClient, rejectIfRedisNotReady: true }),
      );
    }
    if (database) {
      // One limiter per process clears expired rows; the others leave the table to it.
      const clearExpiredByTimeout = !sweeping;
      sweeping = true;
      return Promise.resolve(
        new RateLimiterDrizzle({
          ...options,
          storeClient: database.owner,
          schema: limiterCounts,
          clearExpiredByTimeout,
        }),
      );
    }
    return Promise.resolve(insuranceLimiter);
  }

  return {
    store,
    create(name, budget) {
      if (!/^[a-z0-9][a-z0-9.:-]{0,63}$/.test(name)) throw new Error(`bad limiter name ${name}`);
      const known = created.get(name);
      if (known) {
        if (known.budget.points !== budget.points || known.budget.duration !== budget.duration)
          throw new Error(`limiter ${name} created twice with different budgets`);
        return known;
      }
      const limiter = storeLimiter(name, budget);
      async function hit(key: string): Promise<LimitVerdict> {
        try {
          await (await limiter).consume(storedKey(key));
          return { allowed: true };
        } catch (error) {
          if (error instanceof RateLimiterRes)
            return { allowed: false, retryAfterSeconds: retryAfterOf(error) };
          throw error;
        }
      }
      const made: Limiter = {
        name,
        budget,
        hit,
        async take(key, code = "request.tooMany") {
          const verdict = await hit(key);
          if (!verdict.allowed)
            throw new AppError({ code, retryAfterSeconds: verdict.retryAfterSeconds });
        },
        async reset(key) {
          await (await limiter).delete(storedKey(key));
        },
      };
      created.set(name, made);
      return made;
    },
    memoryKeys: () => memoryStores.reduce((sum, memory) => sum + memory.size, 0),
    async close() {
      const client = redis;
      redis = undefined;
      if (client) await client.quit().catch(() => client.disconnect());
    },
  };
}
