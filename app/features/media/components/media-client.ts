import { requestJson, rethrowWithCode, type RequestJsonInit } from "~/platform/api-client";
import type { MediaItem } from "../media-types";

export type MediaUseRow = { type: "post" | "page" | "doc"; id: string; title: string };
export type LibraryAnswer = {
  items: MediaItem[];
  folders: string[];
  usedBytes: number;
  limitBytes: number | null;
};

/** A refusal throws an Error whose message is its catalogue code, the answer's body beside. */
const call = <T>(url: string, init?: RequestJsonInit) =>
  requestJson<T>(url, init).catch(rethrowWithCode);

/** The library's API, for the screens and the picker (same-origin requests with the session). */
export const mediaClient = {
  list: (query: Record<string, string>) =>
    call<LibraryAnswer>(`/api/media?${new URLSearchParams(query)}`),
  update: (id: string, changes: { alt?: string; folder?: string }) =>
    call<{ item: MediaItem }>(`/api/media/${id}`, { method: "PUT", json: changes }),
  usage: (id: string) => call<{ uses: MediaUseRow[] }>(`/api/media/${id}/usage`),
  remove: (id: string, force: boolean) =>
    call<{ ok: true }>(`/api/media/${id}/delete`, { method: "POST", json: { force } }),
};
