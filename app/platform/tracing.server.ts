import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from "@opentelemetry/api";

/**
 * OpenTelemetry traces (issue 37), when an OTLP endpoint is set: a span per HTTP request (joined
 * to the caller's trace by its `traceparent`) and per background job, sent over OTLP/HTTP to
 * the collector the operator already runs (Jaeger, Tempo, Honeycomb…). Without an endpoint
 * nothing is loaded and the spans below are the API's no-ops.
 */
export type Tracing = { shutdown(): Promise<void> };

export async function startTracing({
  endpoint,
  serviceName,
}: {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base address (`/v1/traces` is added). */
  endpoint: string | undefined;
  serviceName: string;
}): Promise<Tracing | null> {
  if (!endpoint) return null;
  // Loaded only here: a server without a collector never pays for the SDK (decision 019).
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The global provider, AsyncLocalStorage context and W3C trace-context propagation.
  provider.register();
  return { shutdown: () => provider.shutdown() };
}

const tracer = () => trace.getTracer("lyceum");

/** Runs `work` in a span of its own (a child of the active one); an error marks it and goes on. */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: () => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A request's span: named by its method and route (the route map's path, not the address asked,
 * so names stay few), joined to the trace its `traceparent` header names.
 */
export async function traceRequest(
  request: { method: string; path: string; headers: Headers },
  answer: () => Promise<{ status: number; route: string }>,
): Promise<void> {
  const carrier = Object.fromEntries(request.headers);
  const parent = propagation.extract(context.active(), carrier);
  await tracer().startActiveSpan(
    request.method,
    {
      kind: SpanKind.SERVER,
      attributes: { "http.request.method": request.method, "url.path": request.path },
    },
    parent,
    async (span) => {
      try {
        const { status, route } = await answer();
        span.updateName(`${request.method} ${route}`);
        span.setAttributes({ "http.route": route, "http.response.status_code": status });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** A background job's run in a span of its own: its queue and which attempt it is. */
export const inJobSpan = <T>(queue: string, attempt: number, work: () => Promise<T>) =>
  inSpan(
    `job ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        "messaging.system": "pg-boss",
        "messaging.destination.name": queue,
        "job.attempt": attempt,
      },
    },
    work,
  );
