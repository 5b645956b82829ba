import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTracing, type Tracing } from "~/platform/tracing.server";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { createTestApp } from "../tests/support/test-server";

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
  status?: { code?: number };
};
type OtlpExport = {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
};

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((one) => one.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

// A collector speaking OTLP/HTTP (JSON), standing in for Jaeger, Tempo or an OTel Collector.
describe("I37 OpenTelemetry traces when an OTLP endpoint is set", () => {
  const received: { path: string; body: OtlpExport }[] = [];
  const collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  let db: TestDatabase;
  let tracing: Tracing | null;
  let endpoint = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    tracing = await startTracing({ endpoint, serviceName: "lyceum-test" });
    db = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await db?.dispose();
    collector.close();
  });

  test("I37 no endpoint, no tracing loaded", async () => {
    expect(await startTracing({ endpoint: undefined, serviceName: "x" })).toBeNull();
  });

  test("I37 a request is a span named by its route, in the caller's trace, sent to the collector; a job is one too", async () => {
    const { app, services } = createTestApp(db.database, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    let ran: () => void = () => {};
    const jobRan = new Promise<void>((resolve) => (ran = resolve));
    services.jobs.work("tracing.probe", async () => ran());
    await services.jobs.start();
    await services.jobs.sendNow("tracing.probe", {});
    await jobRan;
    await services.jobs.stop();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parentId = "00f067aa0ba902b7";
    const res = await app.request("/api/health", {
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.status).toBe(200);
    expect((await app.request("/api/no-such-thing")).status).toBe(404);
    // Shutting down sends what the batch still holds.
    await tracing!.shutdown();
    expect(received.map((one) => one.path)).toContain("/v1/traces");
    const resources = received.flatMap((one) => one.body.resourceSpans);
    expect(resources[0]!.resource.attributes).toContainEqual({
      key: "service.name",
      value: { stringValue: "lyceum-test" },
    });
    const spans = resources.flatMap((one) => one.scopeSpans.flatMap((scope) => scope.spans));
    const health = spans.find((span) => attribute(span, "url.path") === "/api/health")!;
    expect(health).toMatchObject({
      name: "GET /api/health",
      traceId,
      parentSpanId: parentId,
      kind: 2,
    });
    expect(attribute(health, "http.route")).toBe("/api/health");
    expect(attribute(health, "http.response.status_code")).toBe(200);
    const job = spans.find((span) => span.name === "job tracing.probe")!;
    expect(job.kind).toBe(5);
    expect(attribute(job, "messaging.destination.name")).toBe("tracing.probe");
    expect(attribute(job, "job.attempt")).toBe(1);
    const missing = spans.find((span) => attribute(span, "url.path") === "/api/no-such-thing")!;
    // A route nobody serves is named by its area, never by the address asked.
    expect(missing.name).toBe("GET api");
    expect(missing.traceId).not.toBe(traceId);
    expect(attribute(missing, "http.response.status_code")).toBe(404);
  });
});
