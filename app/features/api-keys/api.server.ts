import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { siteNameOf, type Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { authenticateApiKey, type ApiKeyPrincipal } from "./api-keys.server";
import { presentedKey } from "./key-secret.server";
import { openApiDocument } from "./openapi.server";
import { apiRouteFor } from "./route-registry.server";

type KeyEnv = {
  Variables: {
    tenant: Tenant;
    facts: { origin: string };
    viewer: Viewer | null;
    sessionId: string | null;
    apiKey?: Pick<ApiKeyPrincipal, "keyId" | "scopes">;
  };
};

/** Per key, across every process: a busy integration, not a flood. */
export const apiKeyLimits = { points: 300, duration: 60 };

/** Whether a request presents one of our keys (well formed or not) to the API. */
export const presentsApiKey = (path: string, authorization: string | undefined) =>
  path.startsWith("/api/") && presentedKey(authorization) !== null;

/**
 * A request to `/api/…` with `Authorization: Bearer lyk_…` acts as its key and nothing else
 * (decision 086): the key must be live on this host's account (else 401 `apiKey.invalid`, never
 * a 500, whatever the header holds), the route must be in the registry (else 403: sessions,
 * keys, passwords, exports and every page action stay a person's) and open to one of its
 * scopes; its viewer holds only those scopes' capabilities and its cookies are dropped, so
 * nothing after this point sees a session. Counted per key.
 */
export function apiKeyAccess({
  database,
  rateLimits,
}: {
  database: Database;
  rateLimits: RateLimits;
}) {
  const limiter = rateLimits.create("api-key", apiKeyLimits);
  return createMiddleware<KeyEnv>(async (c, next) => {
    if (!c.req.path.startsWith("/api/")) return next();
    const presented = presentedKey(c.req.header("authorization"));
    if (presented === null) return next();
    const tenant = c.var.tenant;
    if (presented === "malformed" || tenant.kind !== "account")
      throw new AppError({ code: "apiKey.invalid" });
    const principal = await authenticateApiKey(database, {
      accountId: tenant.account.accountId,
      secret: presented,
    });
    if (!principal) throw new AppError({ code: "apiKey.invalid" });
    await limiter.take(`key:${principal.keyId}`);
    const route = apiRouteFor(c.req.method, c.req.path);
    if (!route) throw new AppError({ code: "apiKey.routeClosed" });
    if (route.scope && !principal.scopes.includes(route.scope))
      throw new AppError({ code: "apiKey.scopeMissing" });
    const headers = new Headers(c.req.raw.headers);
    headers.delete("cookie");
    c.req.raw = new Request(c.req.raw, { headers });
    c.set("viewer", principal.viewer);
    c.set("sessionId", null);
    c.set("apiKey", { keyId: principal.keyId, scopes: principal.scopes });
    await next();
  });
}

/** `GET /api/openapi.json`: open to anyone on a site's host, its servers that site's origin. */
export function apiKeysApi() {
  const api = new Hono<KeyEnv>();
  api.get("/openapi.json", (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    c.header("Cache-Control", "public, max-age=300");
    return c.json(
      openApiDocument({ origin: c.var.facts.origin, siteName: siteNameOf(tenant.account) }),
    );
  });
  return api;
}
