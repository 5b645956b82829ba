import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/** The scheme the socket speaks: a request line cannot claim TLS that the connection lacks. */
function socketScheme(env: unknown): "http:" | "https:" {
  const socket = (env as { incoming?: { socket?: { encrypted?: boolean } } } | undefined)?.incoming
    ?.socket;
  return socket?.encrypted ? "https:" : "http:";
}

/**
 * Rebuilds the request's URL from the Host header and the socket's scheme. An absolute-form
 * request line (`GET http://evil.example/ HTTP/1.1`) otherwise becomes `request.url`, and
 * anything built from it (links, redirects, cache keys) would name the attacker's host.
 */
export function canonicalRequest() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const host = c.req.header("host") ?? url.host;
    const scheme = c.env === undefined ? url.protocol : socketScheme(c.env);
    if (url.host !== host || url.protocol !== scheme) {
      const canonical = `${scheme}//${host}${url.pathname}${url.search}`;
      let rebuilt: URL;
      try {
        rebuilt = new URL(canonical);
      } catch {
        return c.json({ error: { code: "request.invalid", message: "Invalid request" } }, 400);
      }
      if (rebuilt.host !== host.toLowerCase()) {
        return c.json({ error: { code: "request.invalid", message: "Invalid request" } }, 400);
      }
      c.req.raw = new Request(rebuilt, {
        method: c.req.raw.method,
        headers: c.req.raw.headers,
        body: c.req.raw.body,
        signal: c.req.raw.signal,
        // Node's fetch wants this for a streamed body.
        ...(c.req.raw.body ? { duplex: "half" } : {}),
      } as RequestInit);
    }
    await next();
  });
}
