import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * Changes to the screen's query string (a filter, a page, a tab, an open drawer). Changes made while the last
 * one is still loading build on it, so two quick clicks both stay.
 */
export function useQueryChange() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  return (changes: Record<string, string | null>, { replace = false } = {}) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    pending.current = next;
    setParams(next, { preventScrollReset: true, replace });
  };
}
