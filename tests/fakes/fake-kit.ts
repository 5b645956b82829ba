// What the payment providers' fakes share: a tiny router, bodies, pages, and webhooks sent
// the way a provider sends them (signed, retried on demand, twice, out of order, or forged).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  params: Record<string, string>;
};
export type FakeResponse = {
  status: number;
  body: string;
  headers?: Record<string, string>;
};
type Handler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export const json = (status: number, value: unknown, headers: Record<string, string> = {}) => ({
  status,
  body: JSON.stringify(value),
  headers: { "content-type": "application/json", ...headers },
});
export const html = (body: string, headers: Record<string, string> = {}) => ({
  status: 200,
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fake provider</title></head><body style="font-family:sans-serif;margin:2rem">${body}</body></html>`,
  headers: { "content-type": "text/html; charset=utf-8", ...headers },
});
export const redirect = (location: string) => ({
  status: 303,
  body: "",
  headers: { location },
});

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `a[b][0][c]=1` form fields (Stripe's encoding) as nested objects and arrays. */
export function parseBracketForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1]!);
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else slot[part] ??= nextIsIndex ? [] : {};
      if (!last) node = slot[part] as Record<string, unknown>;
    });
  }
  return root;
}

type Route = { method: string; pattern: RegExp; keys: string[]; handler: Handler };

/** A router over `/v1/things/:id` patterns; unknown routes answer 404 in the provider's voice. */
export function createRouter(notFound: (request: FakeRequest) => FakeResponse) {
  const routes: Route[] = [];
  const add = (method: string, path: string, handler: Handler) => {
    const keys: string[] = [];
    const pattern = new RegExp(
      `^${path.replace(/:(\w+)/g, (_m, key: string) => {
        keys.push(key);
        return "([^/]+)";
      })}$`,
    );
    routes.push({ method, pattern, keys, handler });
  };
  async function handle(request: Omit<FakeRequest, "params">): Promise<FakeResponse> {
    for (const route of routes) {
      if (route.method !== request.method) continue;
      const match = route.pattern.exec(request.path);
      if (!match) continue;
      const params = Object.fromEntries(
        route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]),
      );
      return route.handler({ ...request, params });
    }
    return notFound({ ...request, params: {} });
  }
  return { add, handle };
}

export type DeliveryOptions = {
  /** How many times each event is sent (a provider's retries; 1 = once). */
  copies: number;
  /** Sign with the wrong secret. */
  badSignature: boolean;
  /** Keep events instead of sending them, until `release`. */
  hold: boolean;
};

export type Delivery = {
  url: string;
  type: string;
  eventId: string;
  status: number | null;
  error?: string;
};

/** Sends a webhook: HTTP by default; tests may hand in `app.request` instead. */
export type WebhookSender = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string },
) => Promise<{ status: number }>;

/**
 * A POST to `url` from this process. `*.localhost` names do not resolve here as they do in a
 * browser: the connection goes to 127.0.0.1 with the URL's Host, as the tenant needs.
 */
export const httpSender: WebhookSender = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const loopback = target.hostname === "localhost" || target.hostname.endsWith(".localhost");
    const request = http.request(
      {
        method: init.method,
        hostname: loopback ? "127.0.0.1" : target.hostname,
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        headers: {
          ...init.headers,
          host: target.host,
          "content-length": String(Buffer.byteLength(init.body)),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });

/**
 * A provider's outgoing webhooks: `sign(body, forged)` gives the headers. Each event goes
 * `copies` times; held events wait for `release` (in order, or reversed: out of order).
 */
export function createWebhookDispatcher(
  sign: (body: string, forged: boolean, eventId: string) => Record<string, string>,
) {
  const options: DeliveryOptions = { copies: 1, badSignature: false, hold: false };
  const held: Item[] = [];
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<void>>();
  let sender: WebhookSender = httpSender;

  type Item = { url: string; body: string; type: string; eventId: string } & Pick<
    DeliveryOptions,
    "copies" | "badSignature"
  >;

  /** Sends one event as the options were when it happened (a held one keeps them). */
  async function post(item: Item) {
    for (let copy = 0; copy < Math.max(1, item.copies); copy++) {
      const delivery: Delivery = {
        url: item.url,
        type: item.type,
        eventId: item.eventId,
        status: null,
      };
      deliveries.push(delivery);
      try {
        const headers = {
          "content-type": "application/json",
          "user-agent": "fake-provider-webhooks",
          ...sign(item.body, item.badSignature, item.eventId),
        };
        delivery.status = (
          await sender(item.url, { method: "POST", headers, body: item.body })
        ).status;
      } catch (error) {
        delivery.error = (error as Error).message;
      }
    }
  }

  return {
    options,
    deliveries,
    held,
    setSender(next: WebhookSender) {
      sender = next;
    },
    configure(next: Partial<DeliveryOptions>) {
      Object.assign(options, next);
    },
    /** Sends (or holds) an event; the promise ends once it is delivered, `idle` waits for all. */
    send(url: string, event: { id: string; type: string }, body = JSON.stringify(event)) {
      const { copies, badSignature } = options;
      const item: Item = { url, body, type: event.type, eventId: event.id, copies, badSignature };
      if (options.hold) {
        held.push(item);
        return Promise.resolve();
      }
      const delivery = post(item).finally(() => pending.delete(delivery));
      pending.add(delivery);
      return delivery;
    },
    /** Waits until every event sent so far is delivered (providers send them on their own time). */
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async release({ reverse = false }: { reverse?: boolean } = {}) {
      const items = held.splice(0, held.length);
      if (reverse) items.reverse();
      for (const item of items) {
        const delivery = post(item).finally(() => pending.delete(delivery));
        pending.add(delivery);
        await delivery;
      }
    },
  };
}
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

/** The test-control routes every fake has: delivery options, release, what was sent. */
export function addControlRoutes(
  router: ReturnType<typeof createRouter>,
  webhooks: WebhookDispatcher,
) {
  router.add("POST", "/__fake/delivery", ({ body }) => {
    webhooks.configure(JSON.parse(body || "{}") as Partial<DeliveryOptions>);
    return json(200, webhooks.options);
  });
  router.add("POST", "/__fake/release", async ({ body }) => {
    await webhooks.release(JSON.parse(body || "{}") as { reverse?: boolean });
    return json(200, { released: true });
  });
  router.add("GET", "/__fake/deliveries", () => json(200, webhooks.deliveries));
}

/** Listens on `port` (0: any free one) on 127.0.0.1; `close` ends it. */
export async function serve(
  handle: (request: Omit<FakeRequest, "params">) => Promise<FakeResponse>,
  { port = 0, log }: { port?: number; log?: (line: string) => void } = {},
) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const request = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      log?.(`${request.method} ${req.url}`);
      handle(request)
        .catch((error: Error) => json(500, { error: { message: error.message } }))
        .then((answer) => {
          res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let counter = 0;
/** A provider-looking id: `prefix` and 14 random-ish characters. */
export function fakeId(prefix: string): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}${random}${counter.toString(36).padStart(6, "0")}`;
}
