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
