import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { hasSessionCookie } from "~/features/auth/session.server";
import { cacheableContentType, cacheGroupOf, pageCacheKey } from "~/features/site/cacheable-pages";
import type { SiteCache } from "~/features/site/site-cache.server";
import type { AppEnv } from "../app-env";

/**
 * Stands for the CSP nonce in a stored page, replaced by each hit's own nonce (decision 016): a
 * nonce is never replayed. Random per process, so no page content can contain it by design.
 */
const NONCE_PLACEHOLDER = `nonce-placeholder-${randomBytes(12).toString("hex")}`;

const withPlaceholder = (body: ArrayBuffer, nonce: string | undefined) => {
  const html = new TextDecoder().decode(body);
  return new TextEncoder().encode(nonce ? html.replaceAll(nonce, NONCE_PLACEHOLDER) : html);
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
    const key = pageCacheKey(new URL(c.req.url));
    if (!key || hasSessionCookie(c.req.raw.headers)) return next();

    const accountId = tenant.account.accountId;
    const hit = cache.pages.get(accountId, key);
    if (hit) {
      const body = carriesNonce(hit.contentType) ? withNonce(hit.body, c.var.nonce) : hit.body;
      return new Response(method === "HEAD" ? null : body, {
        status: 200,
        headers: {
          "content-type": hit.contentType,
          ...(hit.cacheControl ? { "cache-control": hit.cacheControl } : {}),
          "x-page-cache": "hit",
        },
      });
    }

    const generation = cache.pages.generation(accountId);
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
      .then((body) =>
        cache.pages.set(
          accountId,
          key,
          {
            body: carriesNonce(contentType) ? withPlaceholder(body, nonce) : new Uint8Array(body),
            contentType,
            cacheControl,
            pathname,
          },
          generation,
        ),
      )
      .catch((error: unknown) => c.var.logger.warn({ err: error }, "page cache: store failed"));
  });
}
