/**
 * A map bounded in entries and in estimated bytes that drops the least recently used entry
 * first. `weigh` estimates an entry's bytes (key included); a value heavier than the whole
 * budget is still returned by `getOrCreate` but not kept.
 */
export function createLru<V>({
  maxEntries,
  maxBytes = Infinity,
  weigh = () => 0,
}: {
  maxEntries: number;
  maxBytes?: number;
  weigh?: (key: string, value: V) => number;
}) {
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const lru = {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Map order is insertion order: re-inserting makes it the most recent.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: V): void {
      drop(key);
      const size = weigh(key, value);
      if (size > maxBytes) return;
      while (entries.size > 0 && (entries.size >= maxEntries || bytes + size > maxBytes))
        drop(entries.keys().next().value!);
      entries.set(key, { value, bytes: size });
      bytes += size;
    },
    getOrCreate(key: string, create: () => V): V {
      const hit = lru.get(key);
      if (hit !== undefined) return hit;
      const value = create();
      lru.set(key, value);
      return value;
    },
    delete: drop,
    clear() {
      entries.clear();
      bytes = 0;
    },
    /** For /api/health: how full it is against its bounds. */
    stats() {
      return { entries: entries.size, maxEntries, bytes, maxBytes };
    },
  };
  return lru;
}
