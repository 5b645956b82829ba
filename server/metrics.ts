// Prometheus metrics (`GET /metrics`, decision 079): what an operator's Prometheus scrapes with
// the key METRICS_TOKEN names. Requests and their latency are counted as they pass; queue
// depths, caches and the connection pool are read at each scrape.
import { Hono, type MiddlewareHandler } from "hono";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { presentsKey } from "~/platform/bearer-key.server";
import { AppError } from "~/platform/errors";
import type { AppEnv, ServerServices } from "./app-env";

/**
 * What part of the product a path is: labels stay a handful of values whatever clients ask
 * (a label per path would let anyone grow the registry without bound).
 */
export function areaOf(path: string): string {
  if (path.startsWith("/api/")) return "api";
  if (/^\/(?:assets|media)\/|^\/favicon\.svg$/.test(path)) return "static";
  if (path.startsWith("/files/")) return "files";
  if (path === "/dashboard" || path.startsWith("/dashboard/")) return "dashboard";
  if (path === "/metrics") return "metrics";
  return "site";
}

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export type Metrics = {
  registry: Registry;
  /** Counts and times every request (first middleware, so errors and cached pages count too). */
  middleware: MiddlewareHandler<AppEnv>;
};

export function createMetrics(services: ServerServices): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "lyceum" });
  // The process's CPU, memory, event loop lag and GC, as prom-client measures them.
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "area", "status"] as const;
  const requests = new Counter({
    name: "lyceum_http_requests_total",
    help: "HTTP requests answered, by method, area of the product and status class",
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "lyceum_http_request_duration_seconds",
    help: "Time to answer an HTTP request (headers ready), by method, area and status class",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "lyceum_jobs",
    help: "Jobs in the durable queue by queue and state (created = waiting, failed = out of retries)",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { name, ...counts } of await services.jobs.stats()) {
        for (const state of ["created", "retry", "active", "completed", "failed"] as const) {
          this.set({ queue: name, state }, counts[state]);
        }
      }
    },
  });
  new Gauge({
    name: "lyceum_cache_entries",
    help: "Entries held by each bounded in-memory cache",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      const { auth, tenants, siteCache } = services;
      const caches: Record<string, { entries: number }> = {
        authInstances: auth.stats(),
        tenantHosts: tenants.stats(),
        ...siteCache.stats(),
      };
      for (const [cache, stats] of Object.entries(caches)) this.set({ cache }, stats.entries);
    },
  });
  new Gauge({
    name: "lyceum_db_pool_connections",
    help: "PostgreSQL connections of this process's pool: total, idle, and requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = services.database.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: methods.has(c.req.method) ? c.req.method : "OTHER",
        area: areaOf(c.req.path),
        status: `${Math.floor((c.res?.status ?? 500) / 100)}xx`,
      };
      requests.inc(labels);
      latency.observe(labels, (performance.now() - started) / 1000);
    }
  };
  return { registry, middleware };
}

/**
 * `GET /metrics` in Prometheus's text format, to a scraper presenting METRICS_TOKEN; 404 when
 * none is set, as if there were no such address. One process's view: with several workers each
 * answers for itself (a scrape reaches one of them).
 */
export function metricsRoute(metrics: Metrics | null, token: string | undefined) {
  const route = new Hono<AppEnv>();
  route.get("/metrics", async (c) => {
    if (!metrics || !token) throw new AppError({ code: "route.notFound" });
    if (!presentsKey(token, c.req.header("authorization"))) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError({ code: "not_authenticated" });
    }
    return c.body(await metrics.registry.metrics(), 200, {
      "content-type": metrics.registry.contentType,
      "cache-control": "no-store",
    });
  });
  return route;
}
