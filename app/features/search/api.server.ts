import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { searchQuerySchema, searchSite } from "./search.server";

type SearchApiEnv = {
  Variables: { tenant: Tenant; viewer: Viewer | null; facts: { clientIp: string } };
};

/** Per client address: typing with a 500 ms debounce makes at most two requests a second. */
export const searchLimits = { points: 120, duration: 60 };

/** `GET /api/search?q=&type=`: the search modal's one call, open to anyone (spec §6). */
export function searchApi({
  database,
  rateLimits,
}: {
  database: Database;
  rateLimits: RateLimits;
}) {
  const api = new Hono<SearchApiEnv>();
  // Counted in the shared store, so every worker and instance spends the same budget.
  const limiter = rateLimits.create("search", searchLimits);
  const limited = createMiddleware<SearchApiEnv>(async (c, next) => {
    await limiter.take(addressKey(c.var.facts.clientIp));
    await next();
  });

  api.get("/search", limited, async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "tenant.notFound" });
    const input = searchQuerySchema.parse(c.req.query());
    const results = await searchSite(database, {
      accountId: tenant.account.accountId,
      term: input.q,
      scope: input.type,
      viewer: c.var.viewer,
    });
    // Answers differ by viewer (members), so no shared cache may keep them.
    c.header("Cache-Control", "private, no-store");
    return c.json(results);
  });

  return api;
}
