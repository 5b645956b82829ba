/**
 * Scope 4: a video watched to the end completes its lesson. The providers' players say so by
 * postMessage (YouTube with enablejsapi=1, Vimeo with api=1); this reads their messages.
 */
/** A YouTube or Vimeo message that says the video played to its end (their postMessage APIs). */
export function isEndedMessage(data: unknown): boolean {
  let message: unknown = data;
  if (typeof data === "string") {
    try {
      message = JSON.parse(data);
    } catch {
      return false;
    }
  }
  if (!message || typeof message !== "object") return false;
  const { event, info } = message as { event?: unknown; info?: unknown };
  // YouTube: onStateChange 0, or the state in an infoDelivery.
  if (event === "onStateChange" && info === 0) return true;
  if (event === "infoDelivery" && info && typeof info === "object")
    return (info as { playerState?: unknown }).playerState === 0;
  // Vimeo: "finish" (its older API) or "ended".
  return event === "finish" || event === "ended";
}
