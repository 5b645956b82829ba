import type { SplicedGzip } from "./spliced-gzip";

/** A rendered page kept for anonymous visitors. */
export type CachedPage = {
  body: Uint8Array<ArrayBuffer>;
  /** The same page compressed once, with holes for each response's nonce (null: not possible). */
  gzip: SplicedGzip | null;
  contentType: string;
  /** The stored response's own Cache-Control (the sitemap's), replayed on hits. */
  cacheControl?: string;
  /** Path without query, so one path's variants (`/blog?page=2`) drop together. */
  pathname: string;
  expires: number;
};

/**
 * Rendered pages per account (HTML, and the sitemap's XML), keyed by whatever the caller chooses
 * (host + path + query).
 * Bounded: past `maxEntries` the oldest entry goes. Each account has a generation that every
 * drop bumps, so a render that started before an invalidation cannot store its stale result.
 */
export function createPageCache({
  maxEntries = 5_000,
  maxBytes = 128 * 1024 * 1024,
  ttlMs,
}: {
  maxEntries?: number;
  /** Bodies, their compressed parts and keys together (a query string makes a new key). */
  maxBytes?: number;
  ttlMs: number;
}) {
  const accounts = new Map<string, Map<string, CachedPage>>();
  /** Insertion order across accounts, for the size bound. */
  const order = new Map<string, string>();
  const generations = new Map<string, number>();
  /** Bumped by `clear`, which must also stop renders of accounts never dropped before. */
  let epoch = 0;
  let size = 0;
  let bytes = 0;
  const weigh = (key: string, page: Omit<CachedPage, "expires">) => {
    let total = page.body.byteLength + key.length * 2 + page.pathname.length * 2 + 256;
    if (page.gzip) {
      for (const part of page.gzip.segments) total += part.byteLength;
      for (const part of page.gzip.compressed) total += part.byteLength;
      for (const hole of page.gzip.holes) total += hole?.byteLength ?? 0;
    }
    return total;
  };
  const weights = new Map<string, number>();

  const orderKey = (accountId: string, key: string) => `${accountId} ${key}`;

  function remove(accountId: string, key: string) {
    const pages = accounts.get(accountId);
    if (pages?.delete(key)) {
      size -= 1;
      const entry = orderKey(accountId, key);
      order.delete(entry);
      bytes -= weights.get(entry) ?? 0;
      weights.delete(entry);
    }
  }

  function bump(accountId: string) {
    generations.set(accountId, (generations.get(accountId) ?? 0) + 1);
  }

  return {
    generation: (accountId: string) => `${epoch}.${generations.get(accountId) ?? 0}`,

    get(accountId: string, key: string): CachedPage | undefined {
      const page = accounts.get(accountId)?.get(key);
      if (page && page.expires <= Date.now()) {
        remove(accountId, key);
        return undefined;
      }
      return page;
    },

    /**
     * Stores a page unless the account was invalidated since `generation` was read. It expires
     * after the cache's lifetime, or at `staleAt` when that comes first (P14).
     */
    set(
      accountId: string,
      key: string,
      page: Omit<CachedPage, "expires">,
      generation: string,
      staleAt: number | null = null,
    ): boolean {
      if (`${epoch}.${generations.get(accountId) ?? 0}` !== generation) return false;
      const expires = Math.min(Date.now() + ttlMs, staleAt ?? Number.POSITIVE_INFINITY);
      if (expires <= Date.now()) return false;
      const weight = weigh(key, page);
      if (weight > maxBytes) return false;
      remove(accountId, key);
      while (size > 0 && (size >= maxEntries || bytes + weight > maxBytes)) {
        const [oldest, owner] = order.entries().next().value as [string, string];
        remove(owner, oldest.slice(owner.length + 1));
      }
      let pages = accounts.get(accountId);
      if (!pages) accounts.set(accountId, (pages = new Map()));
      size += 1;
      bytes += weight;
      weights.set(orderKey(accountId, key), weight);
      order.set(orderKey(accountId, key), accountId);
      pages.set(key, { ...page, expires });
      return true;
    },

    /** Drops every cached variant of one path of an account, whatever host it came through. */
    dropPath(accountId: string, pathname: string) {
      bump(accountId);
      const pages = accounts.get(accountId);
      if (!pages) return;
      for (const [key, page] of pages) if (page.pathname === pathname) remove(accountId, key);
    },

    dropAccount(accountId: string) {
      bump(accountId);
      for (const key of accounts.get(accountId)?.keys() ?? []) remove(accountId, key);
      accounts.delete(accountId);
    },

    clear() {
      epoch += 1;
      accounts.clear();
      order.clear();
      weights.clear();
      size = 0;
      bytes = 0;
    },

    get size() {
      return size;
    },

    /** For /api/health: how full it is against its bounds. */
    stats() {
      return { entries: size, maxEntries, bytes, maxBytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
