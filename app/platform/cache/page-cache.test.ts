import { describe, expect, test, vi } from "vitest";
import { createPageCache } from "./page-cache";

const page = (pathname: string, text = pathname) => ({
  body: new TextEncoder().encode(text),
  gzip: null,
  contentType: "text/html",
  pathname,
});

describe("page cache", () => {
  test("P18 a path is dropped in every variant and through every host", () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    const g = cache.generation("a");
    cache.set("a", "a.localhost/blog", page("/blog"), g);
    cache.set("a", "a.localhost/blog?page=2", page("/blog"), g);
    cache.set("a", "www.a-school.com/blog", page("/blog"), g);
    cache.set("a", "a.localhost/", page("/"), g);
    cache.dropPath("a", "/blog");
    expect(cache.get("a", "a.localhost/blog")).toBeUndefined();
    expect(cache.get("a", "a.localhost/blog?page=2")).toBeUndefined();
    expect(cache.get("a", "www.a-school.com/blog")).toBeUndefined();
    expect(cache.get("a", "a.localhost/")).toBeDefined();
    expect(cache.size).toBe(1);
  });

  test("P18 a render that began before an invalidation is not stored", () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    const before = cache.generation("a");
    cache.dropAccount("a");
    expect(cache.set("a", "k", page("/"), before)).toBe(false);
    expect(cache.get("a", "k")).toBeUndefined();
    const afterClear = cache.generation("b");
    cache.clear();
    expect(cache.set("b", "k", page("/"), afterClear)).toBe(false);
  });

  test("P18 one account's drop leaves other accounts alone; the size bound evicts the oldest", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set("a", "1", page("/1"), cache.generation("a"));
    cache.set("b", "2", page("/2"), cache.generation("b"));
    cache.dropAccount("a");
    expect(cache.get("b", "2")).toBeDefined();
    cache.set("b", "3", page("/3"), cache.generation("b"));
    cache.set("c", "4", page("/4"), cache.generation("c"));
    expect(cache.get("b", "2")).toBeUndefined();
    expect(cache.get("b", "3")).toBeDefined();
    expect(cache.size).toBe(2);
  });

  test("P18 entries expire after their time to live", () => {
    const cache = createPageCache({ ttlMs: 0 });
    cache.set("a", "k", page("/"), cache.generation("a"));
    expect(cache.get("a", "k")).toBeUndefined();
  });
});

test("P14 a page is kept until its own stale moment when that comes before the cache's lifetime", () => {
  vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
  try {
    const cache = createPageCache({ ttlMs: 60_000 });
    expect(cache.set("a", "/", page("/"), cache.generation("a"), 1_000_000 + 5_000)).toBe(true);
    expect(cache.set("a", "/blog", page("/blog"), cache.generation("a"))).toBe(true);
    // A moment already past: nothing to keep.
    expect(cache.set("a", "/docs", page("/docs"), cache.generation("a"), 1_000_000)).toBe(false);
    vi.setSystemTime(1_000_000 + 4_999);
    expect(cache.get("a", "/")).toBeDefined();
    vi.setSystemTime(1_000_000 + 5_000);
    expect(cache.get("a", "/")).toBeUndefined();
    expect(cache.get("a", "/blog")).toBeDefined();
    vi.setSystemTime(1_000_000 + 60_000);
    expect(cache.get("a", "/blog")).toBeUndefined();
  } finally {
    vi.useRealTimers();
  }
});
