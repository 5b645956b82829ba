import { useEffect } from "react";
import { nextSessionStep, SESSION_TICK_MS } from "../session-keeper";

/**
 * For signed-in pages: every 30 s, ask for the session. One that ends within the next tick (plus
 * the 10 s margin) is refreshed now; one that is gone (signed out elsewhere, password changed)
 * sends the page home, as a sign-out does.
 */
export function SessionKeeper() {
  useEffect(() => {
    const timer = window.setInterval(async () => {
      // Loaded at the first tick, not with the page: the auth client is ~13 KB compressed.
      const { authClient } = await import("../client");
      const client = authClient();
      const { data, error } = await client.getSession();
      if (error) return; // Offline or server busy: try again next tick.
      const step = nextSessionStep(
        data ? { expiresAt: String(data.session.expiresAt) } : null,
        Date.now(),
      );
      if (step === "refresh") await client.getSession({ query: { disableCookieCache: true } });
      if (step === "signedOut") window.location.assign("/");
    }, SESSION_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return null;
}
