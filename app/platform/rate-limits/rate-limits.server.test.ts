// Decision 039: every limiter counts in one shared store (Redis, else the database's table), so
// two processes or instances spend one budget; memory stands in only while that store fails,
// bounded in keys.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import type { Database } from "../db/database.server";
import { AppError } from "../errors";
import { createLogger } from "../logger.server";
import { addressKey, createRateLimits, MEMORY_KEYS_BOUND } from "./rate-limits.server";

const logger = createLogger({ level: "silent" });
const redisUrl = process.env.TEST_REDIS_URL;
const budget = { points: 3, duration: 60 };

/** Hits `key` on alternating instances; the verdicts in order. */
async function alternate(
  instances: ReturnType<typeof createRateLimits>[],
  name: string,
  key: string,
  times: number,
) {
  const limiters = instances.map((limits) => limits.create(name, budget));
  const verdicts: boolean[] = [];
  for (let i = 0; i < times; i++)
    verdicts.push((await limiters[i % limiters.length]!.hit(key)).allowed);
  return verdicts;
}

describe.each(backends)("I31-10 limiter counts in the database on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  }, 180_000);
  afterAll(() => db?.dispose());

  test("I31-10 two instances on one database share one budget; the refusal says when to retry", async () => {
    const [one, two] = [1, 2].map(() => createRateLimits({ database: db.database, logger }));
    expect(one!.store).toBe("postgres");
    expect(await alternate([one!, two!], "shared", "k", 5)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const refused = await two!
      .create("shared", budget)
      .take("k")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("request.tooMany");
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as AppError).retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key and another limiter of the same key have budgets of their own.
    expect((await one!.create("shared", budget).hit("other")).allowed).toBe(true);
    expect((await one!.create("elsewhere", budget).hit("k")).allowed).toBe(true);
    await one!.create("shared", budget).reset("k");
    expect((await two!.create("shared", budget).hit("k")).allowed).toBe(true);
  });

  test("I31-10 the table holds hashes, never the address or id a key was made of", async () => {
    const limits = createRateLimits({ database: db.database, logger });
    await limits.create("privacy", budget).hit("203.0.113.5");
    const rows = await db.database.owner.execute<{ key: string }>(
      sql`select key from limiter_counts`,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((row) => row.key.includes("203.0.113"))).toBe(false);
  });

  test("I31-10 while the database fails, a bounded memory store answers instead of an error", async () => {
    const broken = {
      owner: new Proxy(
        {},
        {
          get: () => () => {
            throw new Error("database down");
          },
        },
      ),
    } as unknown as Database;
    const limits = createRateLimits({ database: broken, logger });
    const limiter = limits.create("insured", budget);
    const verdicts: boolean[] = [];
    for (let i = 0; i < 4; i++) verdicts.push((await limiter.hit("k")).allowed);
    expect(verdicts).toEqual([true, true, true, false]);
  });
});

test("I31-10 the memory store keeps at most its bound of keys however many a client invents", async () => {
  const limits = createRateLimits({ database: null, logger });
  expect(limits.store).toBe("memory");
  const limiter = limits.create("flood", { points: 1, duration: 600 });
  for (let i = 0; i < MEMORY_KEYS_BOUND + 500; i++) await limiter.hit(`k${i}`);
  expect(limits.memoryKeys()).toBe(MEMORY_KEYS_BOUND);
  // The newest keys are the ones kept: the last one is still refused a second hit.
  expect((await limiter.hit(`k${MEMORY_KEYS_BOUND + 499}`)).allowed).toBe(false);
});

test("I31-10 one key per client address: IPv4-mapped is IPv4, IPv6 counts by its /64", () => {
  expect(addressKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
  expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
  expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
  expect(addressKey("2001:DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
  expect(addressKey("2001:db8::5")).toBe("2001:db8:0:0::/64");
  expect(addressKey("::1")).toBe("0:0:0:0::/64");
});

describe.skipIf(!redisUrl)("I31-10 limiter counts in Redis", () => {
  test("I31-10 two instances on one Redis share one budget", async () => {
    const instances = [1, 2].map(() => createRateLimits({ database: null, redisUrl, logger }));
    try {
      expect(instances[0]!.store).toBe("redis");
      const name = `redis-${randomUUID().slice(0, 8)}`;
      expect(await alternate(instances, name, "k", 5)).toEqual([true, true, true, false, false]);
    } finally {
      await Promise.all(instances.map((limits) => limits.close()));
    }
  });
});
