import { useEffect } from "react";
import { keepSession } from "../session-keeper";

// Loaded at the first tick, not with the page: the auth client is ~13 KB compressed.
const client = async () => (await import("../client")).authClient();

/**
 * For signed-in pages: every 30 s, ask for the session. One that ends within the next tick (plus
 * the 10 s margin) is refreshed now; one that is gone (signed out elsewhere, password changed)
 * sends the page home, as a sign-out does.
 */
export function SessionKeeper() {
  useEffect(
    () =>
      keepSession({
        check: async () => {
          const { data, error } = await (await client()).getSession();
          if (error) return "failed";
          return { session: data ? { expiresAt: String(data.session.expiresAt) } : null };
        },
        refresh: async () => (await client()).getSession({ query: { disableCookieCache: true } }),
        signOut: () => window.location.assign("/"),
      }),
    [],
  );
  return null;
}
