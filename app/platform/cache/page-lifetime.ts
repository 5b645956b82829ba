import { createContext } from "react-router";

/**
 * P14: until when the page being rendered stays true. A loader that knows a moment its page
 * changes (a header notice appearing or going) shortens it; the page cache keeps the page no
 * longer than that, whatever its usual lifetime.
 */
export type PageLifetime = {
  readonly staleAt: number | null;
  /** The page is stale at `moment` (a timestamp in ms); `null` says nothing. The earliest wins. */
  until(moment: number | null): void;
};

export function createPageLifetime(): PageLifetime {
  let staleAt: number | null = null;
  return {
    get staleAt() {
      return staleAt;
    },
    until(moment) {
      if (moment !== null && (staleAt === null || moment < staleAt)) staleAt = moment;
    },
  };
}

/** The lifetime of the page this request renders, for loaders; absent outside the page cache. */
export const pageLifetimeContext = createContext<PageLifetime | null>(null);
