import { AppError } from "~/platform/errors";
import type { FileRef, Storage } from "./storage.server";

/**
 * A Content-Disposition that makes a file a download under its own name: an ASCII fallback
 * for old clients (quotes, backslashes and percent signs replaced) and the exact name in
 * RFC 5987's UTF-8 form.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored file answered as a private download (never cached, never sniffed), or `route.notFound`
 * when the storage no longer holds it.
 */
export async function privateDownload(
  storage: Storage,
  ref: FileRef,
  file: { mime: string; originalName: string },
): Promise<Response> {
  const facts = await storage.stat(ref);
  if (!facts) throw new AppError({ code: "route.notFound" });
  if (storage.signedUrl) {
    // The store hands the bytes over itself, as the same attachment; the address is short-lived
    // and this answer, which names it, is never kept.
    const location = await storage.signedUrl({
      ...ref,
      contentType: file.mime,
      disposition: attachmentDisposition(file.originalName),
      cacheControl: "private, no-store",
    });
    return new Response(null, {
      status: 302,
      headers: { location, "cache-control": "private, no-store" },
    });
  }
  const headers = new Headers({
    "content-type": file.mime,
    "content-length": String(facts.size),
    "content-disposition": attachmentDisposition(file.originalName),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
  return new Response(await storage.read(ref), { status: 200, headers });
}
