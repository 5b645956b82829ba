import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { createRateLimiter } from "~/platform/rate-limit";
import { searchSite } from "./search.server";
import { z } from "zod";
import { searchScopes } from "./validation";

const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  type: z.enum(searchScopes).default("all"),
});

type SearchApiEnv = {
  Variables: { tenant: Tenant; viewer: Viewer | null; facts: { clientIp: string } };
};

/** Per client address: typing with a 500 ms debounce makes at most two requests a second. */
export const searchLimits = { windowMs: 60_000, max: 120 };

/** `GET /api/search?q=&type=`: the search modal's one call, open to anyone (spec §6). */
export function searchApi({ database }: { database: Database }) {
  const api = new Hono<SearchApiEnv>();
  const limiter = createRateLimiter(searchLimits);
  const limited = createMiddleware<SearchApiEnv>(async (c, next) => {
    if (!limiter.allow(c.var.facts.clientIp)) throw new AppError({ code: "request.tooMany" });
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
