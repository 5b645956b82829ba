import { createMiddleware } from "hono/factory";
import { peerOf, requestAddress, type TrustedProxies } from "~/platform/request-address.server";
import type { AppEnv } from "../app-env";

const invalid = { error: { code: "request.invalid", message: "Invalid request" } };

/**
 * Resolves the request's canonical address once, at the edge (decision 038), and rebuilds the
 * request's URL and Host from it, so everything downstream (tenant, auth instance, links, page
 * cache keys, origin checks) sees one address per site. An absolute-form request line
 * (`GET http://evil.example/ HTTP/1.1`) otherwise becomes `request.url`, and a port, case or
 * trailing dot a client makes up would otherwise be a new key for every cache keyed by host.
 */
export function canonicalRequest({ trusted }: { trusted: TrustedProxies }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const address = requestAddress({
      peer: peerOf(c.env),
      headers: c.req.raw.headers,
      trusted,
      fallbackScheme: url.protocol,
      fallbackHost: url.host,
    });
    if (!address) return c.json(invalid, 400);
    c.set("address", address);
    if (
      url.host !== address.host ||
      url.protocol !== address.scheme ||
      c.req.header("host") !== address.host
    ) {
      let rebuilt: URL;
      try {
        rebuilt = new URL(`${address.scheme}//${address.host}${url.pathname}${url.search}`);
      } catch {
        return c.json(invalid, 400);
      }
      const headers = new Headers(c.req.raw.headers);
      headers.set("host", address.host);
      c.req.raw = new Request(rebuilt, {
        method: c.req.raw.method,
        headers,
        body: c.req.raw.body,
        signal: c.req.raw.signal,
        // Node's fetch wants this for a streamed body.
        ...(c.req.raw.body ? { duplex: "half" } : {}),
      } as RequestInit);
    }
    await next();
  });
}
