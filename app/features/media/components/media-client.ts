import type { MediaItem } from "../media-types";

export type MediaUseRow = { type: "post" | "page" | "doc"; id: string; title: string };
export type LibraryAnswer = {
  items: MediaItem[];
  folders: string[];
  usedBytes: number;
  limitBytes: number | null;
};

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & {
    error?: { code: string; details?: unknown };
  };
  if (!response.ok) throw Object.assign(new Error(body.error?.code ?? "server.internal"), { body });
  return body;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** The library's API, for the screens and the picker (same-origin requests with the session). */
export const mediaClient = {
  list: (query: Record<string, string>) =>
    fetch(`/api/media?${new URLSearchParams(query)}`).then((r) => answer<LibraryAnswer>(r)),
  update: (id: string, changes: { alt?: string; folder?: string }) =>
    fetch(`/api/media/${id}`, json("PUT", changes)).then((r) => answer<{ item: MediaItem }>(r)),
  usage: (id: string) =>
    fetch(`/api/media/${id}/usage`).then((r) => answer<{ uses: MediaUseRow[] }>(r)),
  remove: (id: string, force: boolean) =>
    fetch(`/api/media/${id}/delete`, json("POST", { force })).then((r) => answer<{ ok: true }>(r)),
};

/** Sizes in the reader's language, in the largest whole unit. */
export function formatBytes(bytes: number, lang: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(lang, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
