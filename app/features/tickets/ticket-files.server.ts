import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "~/platform/errors";
import { attachmentDisposition } from "~/platform/storage/attachment";
import { cleanFileName } from "~/platform/storage/file-name";
import { privateBucket, type FileRef, type Storage } from "~/platform/storage/storage.server";
import type { TicketAttachment } from "./ticket-shapes";
import { MAX_TICKET_FILE_BYTES, MAX_TICKET_FILES } from "./validation";

/** A file as the request brought it. */
export type UploadedFile = { name: string; bytes: Buffer };

/** What a ticket takes, by its bytes (file-type): pictures, PDF and zip. */
const binaryTypes: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg", "jpe"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/bmp": ["bmp"],
  "image/avif": ["avif"],
  "application/pdf": ["pdf"],
  "application/zip": ["zip"],
};
/** Plain text has no signature: UTF-8 without NUL, under a text name. */
const textExts = ["txt", "text", "md", "csv", "log", "json"];

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

function asText(bytes: Uint8Array): boolean {
  try {
    return !new TextDecoder("utf-8", { fatal: true }).decode(bytes).includes("\u0000");
  } catch {
    return false;
  }
}

/**
 * An attachment's type decided by its content, or null when it is refused: anything outside
 * the list, or a name that claims another type than the bytes hold (a program renamed .pdf).
 * SVG and HTML are text a browser would run: they are not text files here.
 */
export async function ticketFileType(bytes: Uint8Array, name: string): Promise<string | null> {
  if (!bytes.byteLength) return null;
  const ext = extensionOf(name);
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (found) {
    const exts = binaryTypes[found.mime];
    if (!exts || (ext && !exts.includes(ext))) return null;
    return found.mime;
  }
  if (!asText(bytes)) return null;
  return !ext || textExts.includes(ext) ? "text/plain" : null;
}

/**
 * Where a ticket's files live: the site's private bucket (GET /files serves `account-{id}`
 * only), under the ticket. Only the download route reads them.
 */
export const ticketFileRef = (accountId: string, key: string): FileRef => ({
  bucket: privateBucket(accountId),
  key,
});
const ticketFileKey = (ticketId: string, fileId: string) => `tickets/${ticketId}/${fileId}`;
/** The file's id, the last segment of its key. */
export const fileIdOf = (attachment: TicketAttachment) => attachment.key.split("/").pop()!;

/** Refuses a message's files before anything is stored: count, size, then each one's type. */
export async function checkTicketFiles(
  files: UploadedFile[],
): Promise<(UploadedFile & { type: string })[]> {
  if (files.length > MAX_TICKET_FILES) throw new AppError({ code: "tickets.tooManyFiles" });
  if (files.some((file) => file.bytes.byteLength > MAX_TICKET_FILE_BYTES))
    throw new AppError({ code: "request.tooLarge" });
  const checked = [];
  for (const file of files) {
    const name = cleanFileName(file.name);
    const type = await ticketFileType(file.bytes, name);
    if (!type) throw new AppError({ code: "tickets.fileType", details: { name } });
    checked.push({ name, bytes: file.bytes, type });
  }
  return checked;
}

/** Stores checked files under the ticket; a failure removes the ones already stored. */
export async function storeTicketFiles(
  storage: Storage,
  {
    accountId,
    ticketId,
    files,
  }: { accountId: string; ticketId: string; files: (UploadedFile & { type: string })[] },
): Promise<TicketAttachment[]> {
  const stored: TicketAttachment[] = [];
  try {
    for (const file of files) {
      const key = ticketFileKey(ticketId, randomUUID());
      await storage.put({
        ...ticketFileRef(accountId, key),
        body: file.bytes,
        contentType: file.type,
      });
      stored.push({ key, name: file.name, size: file.bytes.byteLength, type: file.type });
    }
  } catch (error) {
    await removeTicketFiles(storage, { accountId, attachments: stored });
    throw error;
  }
  return stored;
}

export async function removeTicketFiles(
  storage: Storage,
  { accountId, attachments }: { accountId: string; attachments: TicketAttachment[] },
) {
  for (const attachment of attachments)
    await storage.delete(ticketFileRef(accountId, attachment.key)).catch(() => undefined);
}

/**
 * An attachment as a download: always an attachment, never sniffed into something a browser
 * would run, never kept by a cache.
 */
export async function ticketFileResponse(
  storage: Storage,
  { accountId, attachment }: { accountId: string; attachment: TicketAttachment },
): Promise<Response> {
  const ref = ticketFileRef(accountId, attachment.key);
  const facts = await storage.stat(ref);
  if (!facts) throw new AppError({ code: "tickets.notFound" });
  const headers = new Headers({
    "content-type": attachment.type,
    "content-length": String(facts.size),
    "content-disposition": attachmentDisposition(attachment.name),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
  return new Response(await storage.read(ref), { status: 200, headers });
}
