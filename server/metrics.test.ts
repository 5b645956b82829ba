import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "../tests/factories";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { createTestApp } from "../tests/support/test-server";
import { areaOf } from "./metrics";

const token = "metrics-key-0123456789abcdef-0123456789";

describe("I37 Prometheus /metrics behind its key", () => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let unconfigured: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    app = createTestApp(db.database, { METRICS_TOKEN: token }).app;
    unconfigured = createTestApp(db.database).app;
    await createAccount(db.database, { slug: "metered" });
  });
  afterAll(() => db?.dispose());

  const scrape = (authorization?: string, on = app) =>
    on.request("http://metered.localhost/metrics", {
      headers: authorization ? { authorization } : {},
    });

  test("I37 without METRICS_TOKEN there is no such address; a wrong key is 401", async () => {
    expect((await scrape(`Bearer ${token}`, unconfigured)).status).toBe(404);
    expect((await scrape()).status).toBe(401);
    const wrong = await scrape(`Bearer ${token.slice(0, -1)}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await wrong.text()).not.toContain("lyceum_");
  });

  test("I37 a scrape reads requests by area and status, latencies, job queues, caches and the process", async () => {
    await app.request("http://metered.localhost/api/health");
    await app.request("http://metered.localhost/api/no-such-thing");
    const res = await scrape(`Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // Prometheus's text format: every sample line is `name{labels} value`.
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#"))) {
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/);
    }
    expect(text).toMatch(
      /lyceum_http_requests_total\{method="GET",area="api",status="2xx",service="lyceum"\} [1-9]/,
    );
    expect(text).toMatch(/lyceum_http_requests_total\{method="GET",area="api",status="4xx"/);
    expect(text).toContain('lyceum_http_request_duration_seconds_bucket{le="0.005"');
    expect(text).toMatch(
      /lyceum_jobs\{queue="orders\.receipt",state="failed",service="lyceum"\} 0/,
    );
    expect(text).toMatch(/lyceum_cache_entries\{cache="tenantHosts",service="lyceum"\} [1-9]/);
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  test("I37 labels stay a handful of values whatever paths clients invent", () => {
    expect(areaOf("/api/orders")).toBe("api");
    expect(areaOf("/assets/x.js")).toBe("static");
    expect(areaOf("/files/a/b.png")).toBe("files");
    expect(areaOf("/dashboard/posts")).toBe("dashboard");
    expect(areaOf("/anything-at-all/" + "x".repeat(500))).toBe("site");
  });
});
