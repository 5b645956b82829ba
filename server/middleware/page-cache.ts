import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { hasSessionCookie } from "~/features/auth/auth.server";
import { cacheableContentType, cacheGroupOf, pageCacheKey } from "~/features/site/site";
import { createPageLifetime } from "~/platform/cache/page-lifetime";
import { prepareSplicedGzip, splicedGzip } from "~/platform/cache/spliced-gzip";
import type { SiteCache } from "~/features/site/site.server";
import type { AppEnv } from "../app-env";
import { acceptedEncoding, varyByEncoding } from "./compression";
import { NONCE_LENGTH } from "./security-headers";

/**
 * Stands for the CSP nonce in a stored page, replaced by each hit's own nonce (decision 016): a
 * nonce is never replayed. Random per process, so no page content can contain it by design.
 */
const NONCE_PLACEHOLDER = `nonce-placeholder-${randomBytes(12).toString("hex")}`;

const withPlaceholder = (body: ArrayBuffer, nonce: string | undefined) => {
  const html = new TextDecoder().decode(body);
  return nonce ? html.replaceAll(nonce, NONCE_PLACEHOLDER) : html;
};

const withNonce = (body: Uint8Array, nonce: string) =>
  new TextDecoder().decode(body).replaceAll(NONCE_PLACEHOLDER, nonce);

/** Only HTML carries a nonce: the sitemap's XML is kept and served byte for byte. */
const carriesNonce = (contentType: string) => /^text\/html\b/.test(contentType);

/**
 * Answers anonymous GETs of the cacheable public pages from memory (P18) and keeps what it
 * renders for them. A request carrying a session cookie always renders: the signed-in user
 * menu and admin bar must never be stored, nor served to anyone else.
 */
export function pageCache(cache: SiteCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const tenant = c.var.tenant;
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || tenant.kind !== "account") return next();
    const key = pageCacheKey(new URL(c.req.url), c.req.header("accept-language") ?? null);
    if (!key || hasSessionCookie(c.req.raw.headers)) return next();

    const accountId = tenant.account.accountId;
    const hit = cache.pages.get(accountId, key);
    if (hit) {
      const headers = new Headers({
        "content-type": hit.contentType,
        ...(hit.cacheControl ? { "cache-control": hit.cacheControl } : {}),
        "x-page-cache": "hit",
      });
      varyByEncoding(headers);
      // Kept as gzip only: brotli cannot be spliced, and every browser that asks for br takes gzip.
      const gzip = hit.gzip && acceptedEncoding(c.req.header("accept-encoding"), ["gzip"]);
      if (gzip) headers.set("content-encoding", "gzip");
      if (method === "HEAD") return new Response(null, { status: 200, headers });
      const body = gzip
        ? new Uint8Array(splicedGzip(hit.gzip!, c.var.nonce))
        : carriesNonce(hit.contentType)
          ? withNonce(hit.body, c.var.nonce)
          : hit.body;
      return new Response(body, { status: 200, headers });
    }

    const generation = cache.pages.generation(accountId);
    const lifetime = createPageLifetime();
    c.set("pageLifetime", lifetime);
    await next();
    const response = c.res;
    const contentType = response.headers.get("content-type") ?? "";
    const storable =
      method === "GET" &&
      c.var.viewer === null &&
      response.status === 200 &&
      cacheableContentType.test(contentType) &&
      !response.headers.has("set-cookie") &&
      !/no-store|private/.test(response.headers.get("cache-control") ?? "");
    if (!storable || !response.body) return;
    // Read a copy while the original streams to this visitor.
    const [toVisitor, toCache] = response.body.tee();
    c.res = new Response(toVisitor, response);
    c.res.headers.set("x-page-cache", "miss");
    const pathname = cacheGroupOf(new URL(c.req.url).pathname);
    const nonce = c.var.nonce;
    const cacheControl = response.headers.get("cache-control") ?? undefined;
    void new Response(toCache)
      .arrayBuffer()
      .then((body) => {
        // Only HTML carries the nonce; XML has no hole and is compressed whole the same way.
        const text = carriesNonce(contentType)
          ? withPlaceholder(body, nonce)
          : new TextDecoder().decode(body);
        const gzip = prepareSplicedGzip(text, NONCE_PLACEHOLDER, NONCE_LENGTH);
        cache.pages.set(
          accountId,
          key,
          {
            body: new TextEncoder().encode(text),
            gzip,
            contentType,
            cacheControl,
            pathname,
          },
          generation,
          lifetime.staleAt,
        );
      })
      .catch((error: unknown) => c.var.logger.warn({ err: error }, "page cache: store failed"));
  });
}
