import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError } from "~/platform/errors";
import { cleanFileName } from "~/platform/storage/file-name";
import { MAX_MEDIA_REQUEST_BYTES, MAX_UPLOAD_BYTES, normaliseFolder } from "./media-types";

/** Passes bytes on, failing the upload once more than the request's limit have come. */
function capped(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new AppError({ code: "request.tooLarge" }));
      else done(null, chunk);
    },
  });
}

export type ReceivedFile = { name: string; file: string; size: number; truncated: boolean };
export type ReceivedUpload = { folder: string; files: ReceivedFile[]; dir: string };

/** At most this many files in one request (the dashboard sends one per request, for its bars). */
export const MAX_FILES_PER_REQUEST = 20;

/**
 * Streams a multipart upload to temporary files with busboy: a 20 MB video passes through a
 * few 64 KB buffers, never whole in memory. Each file stops at MAX_UPLOAD_BYTES (marked
 * truncated); the `folder` field comes before the files. The caller removes `dir`.
 */
export async function receiveUpload(request: Request): Promise<ReceivedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !request.body) {
    throw new AppError({ code: "request.invalid" });
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "lyceum-upload-"));
  const received: ReceivedUpload = { folder: "", files: [], dir };
  const writes: Promise<void>[] = [];
  let fault: AppError | null = null;
  try {
    const parser = busboy({
      headers: { "content-type": type },
      // busboy reads a part's `filename="…"` as Latin-1 unless told: browsers send UTF-8.
      defParamCharset: "utf8",
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: MAX_FILES_PER_REQUEST,
        fields: 4,
        fieldSize: 1024,
        parts: MAX_FILES_PER_REQUEST + 4,
      },
    });
    parser.on("field", (name, value) => {
      if (name !== "folder") return;
      const folder = value.includes("\u0000") ? null : normaliseFolder(value);
      if (folder === null) fault ??= new AppError({ code: "request.invalid" });
      else received.folder = folder;
    });
    parser.on("file", (_field, stream, info) => {
      const entry: ReceivedFile = {
        name: cleanFileName(info.filename ?? ""),
        file: path.join(dir, randomUUID()),
        size: 0,
        truncated: false,
      };
      received.files.push(entry);
      stream.on("data", (chunk: Buffer) => (entry.size += chunk.length));
      stream.on("limit", () => (entry.truncated = true));
      // Caught here: a request cut off half-way must not leave a rejection nobody awaits.
      writes.push(
        pipeline(stream, createWriteStream(entry.file)).catch((error: unknown) => {
          fault ??= new AppError({ code: "request.malformed", cause: error });
        }),
      );
    });
    parser.on("filesLimit", () => (fault ??= new AppError({ code: "request.tooLarge" })));
    await pipeline(
      Readable.fromWeb(request.body as import("node:stream/web").ReadableStream),
      capped(MAX_MEDIA_REQUEST_BYTES),
      parser,
    );
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await fs.rm(dir, { recursive: true, force: true });
    if (error instanceof AppError) throw error;
    throw new AppError({ code: "request.malformed", cause: error });
  }
  if (fault) {
    await fs.rm(dir, { recursive: true, force: true });
    throw fault;
  }
  return received;
}
