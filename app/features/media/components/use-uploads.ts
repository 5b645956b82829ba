import { useCallback, useState } from "react";
import { MEDIA_UPLOAD_PATH, type MediaItem } from "../media-types";

/** One file on its way: progress 0–100, then its library item or the reason it was refused. */
export type UploadState = {
  key: string;
  name: string;
  progress: number;
  status: "uploading" | "done" | "refused";
  /** An i18n key under media.errors and its values. */
  error?: { key: string; values: Record<string, string> };
  item?: MediaItem;
};

type Rejected = { name: string; reason: string; format?: string };

function errorOf(rejected: Rejected | undefined, name: string) {
  const reason = rejected?.reason ?? "failed";
  return {
    key: `media.errors.${reason}`,
    values: { name, format: (rejected?.format ?? "").toUpperCase() },
  };
}

/**
 * Sends each file in its own request (XHR, whose upload reports progress; fetch does not), so
 * every file has its own bar and its own answer.
 */
export function useUploads({
  folder,
  onUploaded,
}: {
  folder: string;
  onUploaded?: (item: MediaItem) => void;
}) {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = (key: string, change: Partial<UploadState>) =>
    setUploads((list) =>
      list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
    );

  const send = useCallback(
    (file: File) => {
      const key = `${Date.now()}-${Math.random()}`;
      setUploads((list) => [{ key, name: file.name, progress: 0, status: "uploading" }, ...list]);
      const form = new FormData();
      form.append("folder", folder);
      form.append("file", file, file.name);
      const request = new XMLHttpRequest();
      request.open("POST", MEDIA_UPLOAD_PATH);
      request.responseType = "json";
      request.upload.onprogress = (event) => {
        if (event.lengthComputable)
          update(key, { progress: Math.round((event.loaded / event.total) * 100) });
      };
      request.onload = () => {
        const body = (request.response ?? {}) as { uploaded?: MediaItem[]; rejected?: Rejected[] };
        const item = body.uploaded?.[0];
        if (item) {
          update(key, { status: "done", progress: 100, item });
          onUploaded?.(item);
        } else {
          const reason =
            request.status === 413 ? { name: file.name, reason: "tooLarge" } : body.rejected?.[0];
          update(key, { status: "refused", error: errorOf(reason, file.name) });
        }
      };
      request.onerror = () =>
        update(key, { status: "refused", error: errorOf(undefined, file.name) });
      request.send(form);
    },
    [folder, onUploaded],
  );

  const start = useCallback((files: File[]) => files.forEach(send), [send]);
  const clear = useCallback(
    () => setUploads((list) => list.filter((u) => u.status === "uploading")),
    [],
  );
  return { uploads, start, clear };
}
