import { expect, test } from "vitest";
import { createTtlCache } from "./ttl-cache";

test("M3 a weighed cache keeps within its budget, oldest entries going first", () => {
  const cache = createTtlCache<string>({ ttlMs: 60_000, weigh: (v) => v.length, maxWeight: 10 });
  cache.set("a", "xxxx");
  cache.set("b", "xxxx");
  cache.set("c", "xxxx");
  expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "xxxx", "xxxx"]);
  // Replacing an entry frees its old weight.
  cache.set("b", "x");
  cache.set("d", "xxxx");
  expect([cache.get("b"), cache.get("c"), cache.get("d")]).toEqual(["x", "xxxx", "xxxx"]);
});

test("M3 a value heavier than the whole budget is not kept, and evicts nothing", () => {
  const cache = createTtlCache<string>({ ttlMs: 60_000, weigh: (v) => v.length, maxWeight: 10 });
  cache.set("a", "xxxx");
  cache.set("big", "x".repeat(11));
  expect(cache.get("big")).toBeUndefined();
  expect(cache.get("a")).toBe("xxxx");
});

test("M3 the count bound and invalidation still hold", () => {
  const cache = createTtlCache<number>({ ttlMs: 60_000, max: 2 });
  cache.set("a", 1);
  cache.set("b", 2);
  cache.set("c", 3);
  expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  cache.invalidate((key) => key === "b");
  expect([cache.get("b"), cache.get("c")]).toEqual([undefined, 3]);
});
