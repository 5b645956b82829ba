import { pipeline, Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

export type Encoding = "br" | "gzip";

/** Text worth compressing; images, fonts and archives are compressed already. */
const compressible =
  /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/i;
/** Below this, the header costs more than compression saves. */
const MIN_BYTES = 1024;

/**
 * The encoding a request accepts, brotli first, by `Accept-Encoding` with its q-values;
 * `offered` limits the choice (a cached page is kept as gzip only).
 */
export function acceptedEncoding(
  header: string | undefined,
  offered: readonly Encoding[] = ["br", "gzip"],
): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const best = offered.filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best ?? null;
}

/** Marks a response as varying by encoding, keeping what it varies by already. */
export function varyByEncoding(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set("vary", `${vary}, Accept-Encoding`);
}

/**
 * A compressor that flushes each chunk as it comes: a streamed page (React Router's deferred
 * data) reaches the browser piece by piece, as it would uncompressed. Files and cached pages are
 * compressed harder, once. Brotli at quality 4 with a 256 KB window (a page is 20-120 KB):
 * measured on a 87 KB lesson page streamed in two pieces, 0.9-1.3 ms of CPU a page against
 * 1.7-2.2 at quality 5 with the default 4 MB window (whose larger tables the allocator maps and
 * unmaps for every response), for 7 % more bytes (17.7 KB against 16.5). Gzip at level 6.
 */
function compressor(encoding: Encoding) {
  return encoding === "br"
    ? zlib.createBrotliCompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
        },
      })
    : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
}

/**
 * Joins the chunks that arrive in one turn of the event loop into one. React writes a page in
 * pieces of a few KB, all in one go: compressed and flushed one by one they cost a round trip to
 * the compressing thread and a socket write each (~10 % of a signed-in render). What a later turn
 * brings (a deferred boundary) still goes out on its own, as soon as it comes.
 */
export function chunksPerTurn() {
  let parts: Buffer[] = [];
  const joined = () => {
    const chunk = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    parts = [];
    return chunk;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (parts.length === 0) {
        setImmediate(() => {
          if (parts.length > 0) this.push(joined());
        });
      }
      parts.push(chunk);
      done();
    },
    flush(done) {
      done(null, parts.length > 0 ? joined() : undefined);
    },
  });
}

/**
 * Compresses what the app answers by the request's `Accept-Encoding` (brotli, else gzip), unless
 * it is compressed already (precompressed files, cached pages), small, or not text.
 */
export function compression() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has("content-encoding") || c.req.method === "HEAD") return;
    if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (!compressible.test(res.headers.get("content-type") ?? "")) return;
    if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return;
    const length = res.headers.get("content-length");
    if (length !== null && Number(length) < MIN_BYTES) return;
    varyByEncoding(res.headers);
    const encoding = acceptedEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;
    const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream);
    // pipeline, not pipe: a page that fails mid-stream (or a client gone) ends every stage.
    const stages = pipeline(body, chunksPerTurn(), compressor(encoding), () => {});
    const compressed = Readable.toWeb(stages) as ReadableStream;
    const headers = new Headers(res.headers);
    headers.set("content-encoding", encoding);
    headers.delete("content-length");
    // Hono copies the old response's headers onto a new one: drop it first (Content-Length).
    c.res = undefined;
    c.res = new Response(compressed, { status: res.status, statusText: res.statusText, headers });
  });
}
