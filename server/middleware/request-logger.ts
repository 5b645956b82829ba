import { createMiddleware } from "hono/factory";
import { lazyChild } from "~/platform/logger.server";
import type { AppEnv } from "../app-env";

/** One child logger per request, carrying its request id (and later its account id). */
export function requestLogger() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    c.set("logger", lazyChild(c.var.services.logger, { requestId: c.var.requestId }));
    await next();
    // At warn and above (production loads, the bench) the line would be dropped: skip building it.
    if (!c.var.services.logger.isLevelEnabled("info")) return;
    c.var.logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });
}
