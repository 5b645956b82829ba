/**
 * A small in-memory cache with a time to live and a size bound (oldest entries go first).
 * `weigh` with `maxWeight` bounds it by what its values hold too (e.g. characters of HTML), for
 * values whose sizes differ by orders of magnitude; a value heavier than the whole budget is
 * not kept at all.
 */
export function createTtlCache<V>({
  ttlMs,
  max = 10_000,
  weigh,
  maxWeight = Infinity,
}: {
  ttlMs: number;
  max?: number;
  weigh?: (value: V) => number;
  maxWeight?: number;
}) {
  const entries = new Map<string, { value: V; expires: number; weight: number }>();
  let weight = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    weight -= entry.weight;
    entries.delete(key);
  };
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= Date.now()) {
        drop(key);
        return undefined;
      }
      return hit.value;
    },
    set(key: string, value: V): void {
      drop(key);
      const heavy = weigh ? weigh(value) : 0;
      if (heavy > maxWeight) return;
      while (entries.size > 0 && (entries.size >= max || weight + heavy > maxWeight))
        drop(entries.keys().next().value!);
      entries.set(key, { value, expires: Date.now() + ttlMs, weight: heavy });
      weight += heavy;
    },
    /** For /api/health: how full it is against its bounds. */
    stats() {
      return { entries: entries.size, maxEntries: max, bytes: weight, maxBytes: maxWeight };
    },
    /** Drops every key for which `match` is true, or everything. */
    invalidate(match?: (key: string) => boolean): void {
      for (const key of entries.keys()) if (!match || match(key)) drop(key);
    },
  };
}
