/**
 * Reads a value derived from an account's rows through the memo: `load` runs only when nothing
 * current is kept for that account and name. Callers without a memo pass `readThrough`.
 */
export type Remember = <T>(accountId: string, name: string, load: () => Promise<T>) => Promise<T>;

/** No memory: every read loads. */
export const readThrough: Remember = (_accountId, _name, load) => load();

/**
 * Values derived from an account's rows (a count, an order's marks), kept as long as the
 * account's cached pages are: until its `generation` changes (any invalidation of the account,
 * on any process through the bus) or `ttlMs` passes. Concurrent reads of a missing value share
 * one load; a load that began before an invalidation is returned but not kept.
 */
export function createAccountMemo({
  ttlMs,
  generation,
  max = 20_000,
}: {
  ttlMs: number;
  generation: (accountId: string) => string;
  max?: number;
}) {
  type Entry = { value: unknown; generation: string; expires: number };
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();

  const remember: Remember = async <T>(accountId: string, name: string, load: () => Promise<T>) => {
    const key = `${accountId} ${name}`;
    const current = generation(accountId);
    const kept = entries.get(key);
    if (kept && kept.generation === current && kept.expires > Date.now()) return kept.value as T;
    const flightKey = `${key} ${current}`;
    const inFlight = loading.get(flightKey);
    if (inFlight) return inFlight as Promise<T>;
    const pending = load().then(
      (value) => {
        loading.delete(flightKey);
        if (generation(accountId) !== current) return value;
        entries.delete(key);
        if (entries.size >= max) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, generation: current, expires: Date.now() + ttlMs });
        return value;
      },
      (error: unknown) => {
        loading.delete(flightKey);
        throw error;
      },
    );
    loading.set(flightKey, pending);
    return pending;
  };

  return {
    remember,
    get size() {
      return entries.size;
    },
    maxEntries: max,
  };
}

export type AccountMemo = ReturnType<typeof createAccountMemo>;
