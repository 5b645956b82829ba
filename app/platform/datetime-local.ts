/**
 * `<input type="datetime-local">` values ("2026-05-01T09:30") and instants, in the browser's own
 * time zone: the one conversion every editor with such a field uses (a date, a sale's window, a
 * scheduled post, a coupon's validity, a notice's schedule).
 */
const pad = (n: number) => String(n).padStart(2, "0");

/** An instant (a timestamp in ms, or an ISO string) as a datetime-local value ("" for none). */
export function toLocalInput(at: number | string | null | undefined): string {
  const timestamp = typeof at === "string" ? Date.parse(at) : at;
  if (timestamp === null || timestamp === undefined || !Number.isFinite(timestamp)) return "";
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

/** A datetime-local value as an ISO instant; null when empty or not a date. */
export function localInputToIso(value: string): string | null {
  const timestamp = fromLocalInput(value);
  return timestamp === null || Number.isNaN(timestamp) ? null : new Date(timestamp).toISOString();
}
