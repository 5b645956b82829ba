import { createContext } from "react-router";
import { createAccountMemo } from "~/platform/cache/account-memo";
import { createPageCache } from "~/platform/cache/page-cache";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { createTtlCache } from "~/platform/ttl-cache";
import type { OptionCacheKey } from "./cacheable-pages";

/** Bus messages of the site cache; every process applies them to its own memory. */
type SiteCacheMessage =
  | { topic: "site.path"; accountId: string; path: string }
  | { topic: "site.account"; accountId: string; key: string | null };

const isSiteCacheMessage = (message: { topic: string }): message is SiteCacheMessage =>
  message.topic === "site.path" || message.topic === "site.account";

/**
 * The public site's two caches — rendered pages for anonymous visitors and each account's site
 * options — and the invalidations that reach every server process through the bus.
 */
export function createSiteCache({
  pubsub,
  pageTtlMs,
  optionsTtlMs,
}: {
  pubsub: PubSub;
  pageTtlMs: number;
  optionsTtlMs: number;
}) {
  const pages = createPageCache({ ttlMs: pageTtlMs });
  const options = createTtlCache<unknown>({
    ttlMs: optionsTtlMs,
    max: 20_000,
    // Keyed by resolved account and option name, never by request text; weighed all the same.
    weigh: (value) => (JSON.stringify(value)?.length ?? 0) * 2 + 128,
    maxWeight: 32 * 1024 * 1024,
  });
  // Counts and orders the pages are built from go whenever the account's pages do.
  const derived = createAccountMemo({ ttlMs: pageTtlMs, generation: pages.generation });
  const listeners = new Set<(accountId: string) => void>();

  function apply(message: SiteCacheMessage) {
    if (message.topic === "site.path") {
      pages.dropPath(message.accountId, message.path);
      return;
    }
    // Every option key feeds the header or footer of every page, so all pages go.
    options.invalidate((key) => key === message.accountId);
    pages.dropAccount(message.accountId);
    for (const listener of listeners) listener(message.accountId);
  }
  pubsub.subscribe((message) => {
    if (isSiteCacheMessage(message)) apply(message);
  });
  pubsub.onResync(() => {
    pages.clear();
    options.invalidate();
  });

  return {
    pages,
    /** Site options per account id; `loadSiteChrome` reads through it. */
    options,
    /** Values the pages are built from (the blog's post order), dropped with the pages. */
    remember: derived.remember,
    /** Spec §7 revalidateCache: one path of an account, without its leading slash. */
    revalidatePath: (accountId: string, path: string) =>
      pubsub.publish({ topic: "site.path", accountId, path: `/${path.replace(/^\/+/, "")}` }),
    /** Spec §7 invalidateCache, and every saved setting: the account's options and pages. */
    invalidateAccount: (
      accountId: string,
      key: OptionCacheKey | `getSiteOption-${string}` | null = null,
    ) => pubsub.publish({ topic: "site.account", accountId, key }),
    /** For /api/health: each cache's entries and bytes against its bounds. */
    stats: () => ({
      pages: pages.stats(),
      options: options.stats(),
      derived: { entries: derived.size, maxEntries: derived.maxEntries },
    }),
    /** Runs after an account's caches were dropped here, whichever process asked. */
    onAccountInvalidated(listener: (accountId: string) => void) {
      listeners.add(listener);
    },
  };
}

export type SiteCache = ReturnType<typeof createSiteCache>;

/** Hands the site cache to loaders (the option cache) next to the request's other services. */
export const siteCacheContext = createContext<SiteCache | null>(null);
