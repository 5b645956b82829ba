/**
 * The header notice's start and expiry: stored as timestamps (ms), edited in the browser's own
 * time zone through `<input type="datetime-local">` ("2026-05-01T09:30").
 */
const pad = (n: number) => String(n).padStart(2, "0");

/** A timestamp as a datetime-local value in this browser's time zone ("" for none). */
export function toLocalInput(timestamp: number | null): string {
  if (timestamp === null || !Number.isFinite(timestamp)) return "";
  const d = new Date(timestamp);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as a timestamp: null when empty, NaN when not a date. */
export function fromLocalInput(value: string): number | null {
  if (!value.trim()) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number);
  const date = new Date(y!, mo! - 1, d!, h!, mi!, match[6] ? Number(match[6]) : 0);
  // Out-of-range parts (month 13, 31 April) roll over: refuse them instead.
  if (date.getMonth() !== mo! - 1 || date.getDate() !== d!) return Number.NaN;
  return date.getTime();
}

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
