import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  addressKey,
  type Budget,
  type RateLimits,
} from "~/platform/rate-limits/rate-limits.server";
import { collect, getAnalyticsSummary, startFunnelSession } from "./analytics.server";
import { collectSchema, funnelStartSchema, MAX_BODY_BYTES, summaryQuerySchema } from "./validation";

export type AnalyticsApiEnv = {
  Variables: {
    tenant: Tenant;
    viewer: Viewer | null;
    facts: { clientIp: string; origin: string };
  };
};

/** Per client address. A person makes a few page views a minute; a school behind one address, more. */
export const analyticsLimits = {
  collect: { points: 600, duration: 60 },
  "funnel-start": { points: 60, duration: 10 * 60 },
} satisfies Record<string, Budget>;

/**
 * The JSON body of a fetch or of `navigator.sendBeacon` (which sends text/plain): read as text
 * whatever the content type, then parsed.
 */
async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError({ code: "request.invalid" });
  }
}

/**
 * First-party analytics of an account's public site (spec §7 funnel start and the analytics
 * tag's page views and add_to_cart events), and the counts its managers read.
 */
export function analyticsApi({
  database,
  rateLimits,
}: {
  database: Database;
  rateLimits: RateLimits;
}) {
  const api = new Hono<AnalyticsApiEnv>();
  const limited = (name: keyof typeof analyticsLimits) => {
    const limiter = rateLimits.create(`analytics-${name}`, analyticsLimits[name]);
    return createMiddleware<AnalyticsApiEnv>(async (c, next) => {
      await limiter.take(addressKey(c.var.facts.clientIp));
      await next();
    });
  };
  const small = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError({ code: "request.tooLarge" });
    },
  });
  const noStore = createMiddleware<AnalyticsApiEnv>(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  api.post("/funnel/start", limited("funnel-start"), small, noStore, async (c) => {
    const input = funnelStartSchema.parse(await jsonBody(c));
    const sessionId = await startFunnelSession(database, {
      hostAccountId: hostAccountOf(c.var.tenant),
      input,
    });
    return c.json({ session_id: sessionId });
  });

  api.post("/analytics/collect", limited("collect"), small, async (c) => {
    const input = collectSchema.parse(await jsonBody(c));
    await collect(database, {
      hostAccountId: hostAccountOf(c.var.tenant),
      siteHost: c.req.header("host") ?? "",
      input,
    });
    return c.body(null, 204);
  });

  api.get("/analytics/summary", noStore, async (c) => {
    // Who asks comes before what they ask: anonymous callers learn nothing, not even validation.
    if (!c.var.viewer) throw new AppError({ code: "not_authenticated" });
    const query = summaryQuerySchema.parse(c.req.query());
    const summary = await getAnalyticsSummary(database, {
      viewer: c.var.viewer,
      hostAccountId: hostAccountOf(c.var.tenant),
      query,
    });
    return c.json(summary);
  });

  return api;
}
