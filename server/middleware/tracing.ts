import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { traceRequest } from "~/platform/tracing.server";
import type { AppEnv } from "../app-env";
import { areaOf } from "../metrics";

/**
 * Issue 37: every request in a span when traces are sent (OTEL_EXPORTER_OTLP_ENDPOINT). Named by
 * the matched route; a page (the route map's catch-all) by its area of the product.
 */
export function tracingMiddleware() {
  return createMiddleware<AppEnv>((c, next) =>
    traceRequest(
      { method: c.req.method, path: c.req.path, headers: c.req.raw.headers },
      async () => {
        await next();
        // The handler that answered: a route of a method, not a middleware or a catch-all.
        const route = matchedRoutes(c)
          .filter((one) => one.method !== "ALL" && !one.path.includes("*"))
          .at(-1)?.path;
        return { status: c.res.status, route: route ?? areaOf(c.req.path) };
      },
    ),
  );
}
