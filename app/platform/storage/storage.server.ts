import fs from "node:fs/promises";
import path from "node:path";

export type StoredFile = { body: Buffer; contentType: string };

/** Where uploaded files live: local disk under DATA_DIR, or S3-compatible storage (s3-storage.server.ts). */
export type Storage = {
  driver: "local" | "s3";
  put(file: { bucket: string; key: string; body: Buffer; contentType: string }): Promise<void>;
  get(file: { bucket: string; key: string }): Promise<StoredFile | null>;
  /** The public address of a stored file, served by GET /files/{bucket}/{key}. */
  publicUrl(file: { bucket: string; key: string }): string;
};

const safeSegment = /^[a-z0-9][a-z0-9._-]*$/i;

/** Bucket and key come from our code, but a path must never climb out of the storage root. */
function resolveInside(root: string, bucket: string, key: string): string {
  const segments = key.split("/");
  if (!safeSegment.test(bucket) || segments.some((segment) => !safeSegment.test(segment))) {
    throw new Error("invalid storage path");
  }
  return path.join(root, bucket, ...segments);
}

const contentTypes: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

export function createLocalStorage({ root }: { root: string }): Storage {
  return {
    driver: "local",
    async put({ bucket, key, body }) {
      const file = resolveInside(root, bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async get({ bucket, key }) {
      let file: string;
      try {
        file = resolveInside(root, bucket, key);
      } catch {
        return null;
      }
      try {
        const body = await fs.readFile(file);
        return {
          body,
          contentType: contentTypes[path.extname(file)] ?? "application/octet-stream",
        };
      } catch {
        return null;
      }
    },
    publicUrl({ bucket, key }) {
      return `/files/${bucket}/${key}`;
    },
  };
}
