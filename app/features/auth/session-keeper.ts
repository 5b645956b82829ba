/** Spec §9: the browser checks its session every 30 s and refreshes it 10 s before expiry. */
export const SESSION_TICK_MS = 30_000;
export const SESSION_MARGIN_MS = 10_000;

export type SessionState = { expiresAt: string } | null;

/** What the page should do after a tick: nothing, refresh the session, or treat itself as signed out. */
export function nextSessionStep(
  state: SessionState,
  now: number,
): "keep" | "refresh" | "signedOut" {
  if (!state) return "signedOut";
  const left = new Date(state.expiresAt).getTime() - now;
  if (left <= 0) return "signedOut";
  return left <= SESSION_TICK_MS + SESSION_MARGIN_MS ? "refresh" : "keep";
}

/** One look at the session: what the server said, or `failed` when it could not be asked. */
export type SessionAnswer = { session: SessionState } | "failed";

/**
 * The loop behind signed-in pages: every tick, ask for the session; refresh one that ends before
 * the next tick (plus the margin), and sign the page out when it is gone. Returns the stop.
 */
export function keepSession({
  check,
  refresh,
  signOut,
}: {
  check: () => Promise<SessionAnswer>;
  refresh: () => Promise<unknown>;
  signOut: () => void;
}): () => void {
  let stopped = false;
  const tick = async () => {
    const answer = await check();
    // Offline or the server busy: the next tick asks again (the margin is there for this).
    if (stopped || answer === "failed") return;
    const step = nextSessionStep(answer.session, Date.now());
    if (step === "refresh") await refresh();
    if (step === "signedOut") signOut();
  };
  // A look that throws (the auth client's chunk did not load, a refresh cut off) fails the same way.
  const timer = setInterval(() => void tick().catch(() => undefined), SESSION_TICK_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
