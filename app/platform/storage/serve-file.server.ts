import type { FileRef, Storage } from "./storage.server";

/** How long a redirect to a signed address may be reused (its signature holds 5 to 10 minutes). */
const SIGNED_URL_REUSE_SECONDS = 60;

/** A single `bytes=` range of a file of `size` bytes: inclusive bounds, "bad" when unsatisfiable. */
export function parseRange(
  header: string | null | undefined,
  size: number,
): { start: number; end: number } | "bad" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answer the whole file, as RFC 9110 allows.
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return "bad";
  let start: number;
  let end: number;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0) return "bad";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) return "bad";
  return { start, end };
}

/** Stored SVGs: drawn with their own styles, nothing run, nothing fetched, never framed. */
export const SVG_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
/** Every other file that is not shown inline: a unique origin, nothing loaded or run. */
export const ACTIVE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Types a browser shows without running anything: raster images, video, audio, plain text and JSON. */
export function shownInline(contentType: string): boolean {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "image/svg+xml") return false;
  return (
    /^(image|video|audio)\//.test(type) || type === "text/plain" || type === "application/json"
  );
}

/**
 * A stored file as an HTTP answer: its type, a cache lifetime, nosniff, a download (attachment, sandboxed) for anything active, and byte ranges (206) so video and audio seek without downloading all.
 */
export async function serveStoredFile(
  storage: Storage,
  ref: FileRef,
  request: Request,
): Promise<Response | null> {
  const facts = await storage.stat(ref);
  if (!facts) return null;
  // Media keys are never reused (a new upload, a new key); avatars and logos keep their key.
  const cacheControl = ref.key.startsWith("media/")
    ? "public, max-age=31536000, immutable"
    : "public, max-age=86400";
  // Pictures, video and sound come from the store itself where it signs addresses (a video
  // seeks there by ranges); anything that must be drawn under our policies still comes from us.
  if (storage.signedUrl && shownInline(facts.contentType) && request.method === "GET") {
    const location = await storage.signedUrl({
      ...ref,
      contentType: facts.contentType,
      cacheControl,
    });
    // The address holds a few minutes: a browser may follow this answer that long.
    return new Response(null, {
      status: 302,
      headers: { location, "cache-control": `public, max-age=${SIGNED_URL_REUSE_SECONDS}` },
    });
  }
  const headers = new Headers({
    "content-type": facts.contentType,
    "cache-control": cacheControl,
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
  });
  // An SVG opened on its own is a document: nothing in it may run (decision 040). This policy
  // is the route's own: the security-headers middleware keeps it.
  if (facts.contentType.startsWith("image/svg")) {
    headers.set("content-security-policy", SVG_POLICY);
  } else if (!shownInline(facts.contentType)) {
    // PDF, XML, HTML, Office files: scripts in them (a PDF's /OpenAction) would run in our
    // origin in the browser's viewer. A download runs nothing; the sandbox covers a browser
    // that shows it anyway.
    headers.set("content-disposition", "attachment");
    headers.set("content-security-policy", ACTIVE_POLICY);
  }
  const range = parseRange(request.headers.get("range"), facts.size);
  if (range === "bad") {
    headers.set("content-range", `bytes */${facts.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (request.method === "HEAD") {
    headers.set("content-length", String(facts.size));
    return new Response(null, { status: 200, headers });
  }
  if (!range) {
    headers.set("content-length", String(facts.size));
    return new Response(await storage.read(ref), { status: 200, headers });
  }
  headers.set("content-range", `bytes ${range.start}-${range.end}/${facts.size}`);
  headers.set("content-length", String(range.end - range.start + 1));
  return new Response(await storage.read({ ...ref, ...range }), { status: 206, headers });
}
