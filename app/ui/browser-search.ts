import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * The page's query string as the browser has it, and empty while rendering on the server. For
 * hints that must never be part of a page the server renders (and may cache for everyone), such
 * as an address to prefill.
 */
export function useBrowserSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => "",
  );
  return new URLSearchParams(search);
}
