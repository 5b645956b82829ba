import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/** One child logger per request, carrying its request id (and later its account id). */
export function requestLogger() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const logger = c.var.services.logger.child({ requestId: c.var.requestId });
    c.set("logger", logger);
    await next();
    // At warn and above (production loads, the bench) the line would be dropped: skip building it.
    if (!logger.isLevelEnabled("info")) return;
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
