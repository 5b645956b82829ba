import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

export type StoredFile = { body: Buffer; contentType: string };
export type FileFacts = { size: number; contentType: string };
export type FileRef = { bucket: string; key: string };
export type ListedFile = { key: string; size: number };

/** Where uploaded files live: local disk under DATA_DIR, or S3-compatible storage (s3-storage.server.ts). */
export type Storage = {
  driver: "local" | "s3";
  put(file: FileRef & { body: Buffer; contentType: string }): Promise<void>;
  /** Stores a file from a path on this machine, streamed: a large upload is never held in memory. */
  putFile(file: FileRef & { path: string; contentType: string }): Promise<void>;
  get(file: FileRef): Promise<StoredFile | null>;
  /** Size and type without the bytes; null when missing. */
  stat(file: FileRef): Promise<FileFacts | null>;
  /** The bytes from `start` to `end` inclusive (the whole file without them), streamed. */
  read(file: FileRef & { start?: number; end?: number }): Promise<ReadableStream<Uint8Array>>;
  delete(file: FileRef): Promise<void>;
  /** Every file of a bucket (none when it was never written), keys in no promised order. */
  list(bucket: string): AsyncIterable<ListedFile>;
  /** The public address of a stored file, served by GET /files/{bucket}/{key}. */
  publicUrl(file: FileRef): string;
  /**
   * A short-lived address where the browser fetches the file from the store itself (S3 with a
   * public address), answering with these headers; absent where the store cannot.
   */
  signedUrl?(
    file: FileRef & { contentType?: string; disposition?: string; cacheControl?: string },
  ): Promise<string>;
};

/**
 * An account's files nobody reaches by address (quiz answers, ticket attachments, its exports):
 * GET /files serves `account-{id}` buckets only, so these go out through routes that check who
 * asks.
 */
export const privateBucket = (accountId: string) => `private-${accountId}`;

/** Every driver's files are served by the app at GET /files/{bucket}/{key}, which checks the host. */
export const publicFileUrl = ({ bucket, key }: FileRef) => `/files/${bucket}/${key}`;

const safeSegment = /^[a-z0-9][a-z0-9._-]*$/i;

/** Bucket and key come from our code, but a path must never climb out of the storage root. */
function resolveInside(root: string, bucket: string, key: string): string {
  const segments = key.split("/");
  if (!safeSegment.test(bucket) || segments.some((segment) => !safeSegment.test(segment))) {
    throw new Error("invalid storage path");
  }
  return path.join(root, bucket, ...segments);
}

/** The type a stored file is served with, by the extension our own code gave its key. */
export const contentTypes: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".bmp": "image/bmp",
  ".svg": "image/svg+xml",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".mkv": "video/x-matroska",
  ".ogv": "video/ogg",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".flac": "audio/flac",
  ".pdf": "application/pdf",
  ".json": "application/json",
  ".gz": "application/gzip",
  ".zip": "application/zip",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".ppt": "application/vnd.ms-powerpoint",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

const typeOf = (file: string) => contentTypes[path.extname(file)] ?? "application/octet-stream";

export function createLocalStorage({ root }: { root: string }): Storage {
  const locate = ({ bucket, key }: FileRef) => {
    try {
      return resolveInside(root, bucket, key);
    } catch {
      return null;
    }
  };
  // Write then rename: a reader never sees half a file.
  async function writeAtomically(file: string, write: (temporary: string) => Promise<void>) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await write(temporary);
    await fs.rename(temporary, file);
  }
  return {
    driver: "local",
    async put({ bucket, key, body }) {
      const file = resolveInside(root, bucket, key);
      await writeAtomically(file, (temporary) => fs.writeFile(temporary, body));
    },
    async putFile({ bucket, key, path: source }) {
      const file = resolveInside(root, bucket, key);
      await writeAtomically(file, (temporary) => fs.copyFile(source, temporary));
    },
    async get(ref) {
      const file = locate(ref);
      if (!file) return null;
      try {
        return { body: await fs.readFile(file), contentType: typeOf(file) };
      } catch {
        return null;
      }
    },
    async stat(ref) {
      const file = locate(ref);
      if (!file) return null;
      const facts = await fs.stat(file).catch(() => null);
      return facts?.isFile() ? { size: facts.size, contentType: typeOf(file) } : null;
    },
    async read({ start, end, ...ref }) {
      const file = locate(ref);
      if (!file) throw new Error("invalid storage path");
      return Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    },
    async delete(ref) {
      const file = locate(ref);
      if (file) await fs.rm(file, { force: true });
    },
    async *list(bucket) {
      if (!safeSegment.test(bucket)) throw new Error("invalid storage path");
      const base = path.join(root, bucket);
      const entries = await fs
        .readdir(base, { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        });
      for (const entry of entries) {
        // A write in progress (writeAtomically) is not a file yet.
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        const file = path.join(entry.parentPath, entry.name);
        const facts = await fs.stat(file).catch(() => null);
        if (facts)
          yield { key: path.relative(base, file).split(path.sep).join("/"), size: facts.size };
      }
    },
    publicUrl: publicFileUrl,
  };
}
