import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import {
  SEARCH_DEBOUNCE_MS,
  searchRequestQuery,
  shouldSearch,
  type SearchResults,
  type SearchScope,
} from "./validation";

export type SearchState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "done"; results: SearchResults }
  | { status: "failed" };

type Answer = { query: string; results: SearchResults | null };

/**
 * Spec §5 search rules in the browser: the term waits 500 ms after the last keystroke, runs
 * only when non-empty on a known account, and an answer to an older term never replaces a newer.
 */
export function useSiteSearch({
  term,
  scope,
  accountId,
}: {
  term: string;
  scope: SearchScope;
  accountId: string | null;
}): SearchState {
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const query = shouldSearch({ term: debounced, accountId })
    ? searchRequestQuery({ term: debounced, scope })
    : null;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    fetch(`/api/search?${query}`, {
      signal: controller.signal,
      headers: { accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        setAnswer({ query, results: (await response.json()) as SearchResults });
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ query, results: null });
      });
    return () => controller.abort();
  }, [query]);

  if (query === null) return { status: "idle" };
  if (answer?.query !== query) return { status: "loading" };
  return answer.results ? { status: "done", results: answer.results } : { status: "failed" };
}
