/** A small in-memory cache with a time to live and a size bound (oldest entries go first). */
export function createTtlCache<V>({ ttlMs, max = 10_000 }: { ttlMs: number; max?: number }) {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key: string, value: V): void {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    /** Drops every key for which `match` is true, or everything. */
    invalidate(match?: (key: string) => boolean): void {
      for (const key of entries.keys()) if (!match || match(key)) entries.delete(key);
    },
  };
}
