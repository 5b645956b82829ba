// The header notice's start and expiry are stored as timestamps (ms) and edited in the
// browser's own time zone through `<input type="datetime-local">`.
export { fromLocalInput, toLocalInput } from "~/platform/datetime-local";

export type NoticeState = "off" | "empty" | "scheduled" | "showing" | "ended";

/** Whether the public site shows the notice at `now` — the same rule as `loadSiteChrome`. */
export function noticeState(
  notice: { enabled: boolean; text: string; start: number | null; expire: number | null },
  now: number,
): NoticeState {
  if (!notice.enabled) return "off";
  if (!notice.text.trim()) return "empty";
  if (notice.start !== null && notice.start > now) return "scheduled";
  if (notice.expire !== null && notice.expire <= now) return "ended";
  return "showing";
}
