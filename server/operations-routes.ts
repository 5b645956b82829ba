import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { countAppliedMigrations } from "~/platform/db/health.server";
import { AppError } from "~/platform/errors";
import type { AppEnv } from "./app-env";
import { eventLoopDelay } from "./event-loop-delay";

/** Probes for load balancers and orchestrators; they answer on any host. */
export function operationsRoutes() {
  const routes = new Hono<AppEnv>();
  const delay = eventLoopDelay();

  // The event loop's lateness: what a load test watches (npm run bench).
  // And every cache keyed by request data, against its bounds (decision 038): what a memory
  // test reads, and what an operator watches when memory climbs.
  routes.get("/health", (c) => {
    const { auth, tenants, siteCache } = c.var.services;
    return c.json({
      status: "ok",
      eventLoop: delay.last(),
      caches: { authInstances: auth.stats(), tenantHosts: tenants.stats(), ...siteCache.stats() },
    });
  });

  routes.get("/ready", async (c) => {
    const { database, lifecycle, migrationsExpected } = c.var.services;
    if (lifecycle.shuttingDown) {
      return c.json({ status: "shutting_down" }, 503);
    }
    try {
      await database.owner.execute(sql`select 1`);
      const applied = await countAppliedMigrations(database);
      if (applied < migrationsExpected) {
        return c.json({ status: "migrations_pending", applied, expected: migrationsExpected }, 503);
      }
      return c.json({ status: "ready", database: database.kind, migrations: applied });
    } catch (error) {
      c.var.logger.error({ err: error }, "readiness check failed");
      return c.json({ status: "database_unreachable" }, 503);
    }
  });

  // A TLS proxy issuing certificates as hosts are first asked for (Caddy's on-demand TLS, its
  // `ask`): 200 only for the platform's domain and the sites it serves, so no one makes the
  // proxy request certificates for names pointed at it by others.
  routes.get("/tls/allowed", async (c) => {
    const domain = c.req.query("domain") ?? "";
    if (domain.length === 0 || domain.length > 253 || !/^[a-z0-9.-]+$/i.test(domain))
      throw new AppError({ code: "request.invalid" });
    const tenant = await c.var.services.tenants.resolve(domain);
    if (tenant.kind === "unknown") throw new AppError({ code: "tenant.notFound" });
    return c.json({ allowed: true, kind: tenant.kind });
  });

  return routes;
}
