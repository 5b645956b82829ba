import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { Client, Environment, type OAuthToken } from "@paypal/paypal-server-sdk";
import { createTtlCache } from "~/platform/ttl-cache";
import type { ProviderKeys } from "./payment-types";

const LIVE = "https://api-m.paypal.com";
const SANDBOX = "https://api-m.sandbox.paypal.com";

/**
 * The SDK knows only PayPal's two hosts. Any other PAYPAL_API_BASE (a local fake) is reached
 * through axios's documented `transport` option: each request goes to that host, same path.
 */
function transportTo(base: URL) {
  const library = base.protocol === "https:" ? https : http;
  const prefix = base.pathname.replace(/\/$/, "");
  return {
    request(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
      return library.request(
        {
          ...options,
          protocol: base.protocol,
          hostname: base.hostname,
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          path: `${prefix}${options.path ?? "/"}`,
          agent: undefined,
          headers: { ...options.headers, host: base.host },
        },
        callback,
      );
    },
  };
}

export type PaypalState = {
  client: Client;
  token?: OAuthToken;
  apiBase: string;
  /** Catalog products known to exist, and billing plans by their definition's hash. */
  products: Set<string>;
  plans: Map<string, string>;
};

/** One SDK client per account's keys (it keeps its OAuth token), for half an hour. */
const clients = createTtlCache<PaypalState>({ ttlMs: 30 * 60_000, max: 500 });

export function paypalState(keys: ProviderKeys, apiBase: string | undefined): PaypalState {
  const base = apiBase ?? LIVE;
  const cacheKey = createHash("sha256")
    .update(`${base}\n${keys.publicKey}\n${keys.secretKey}`)
    .digest("hex");
  const known = clients.get(cacheKey);
  if (known) return known;
  const knownHost = base === LIVE || base === SANDBOX;
  const state = { apiBase: base, products: new Set(), plans: new Map() } as unknown as PaypalState;
  state.client = new Client({
    environment: base === LIVE ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    clientCredentialsAuthCredentials: {
      oAuthClientId: keys.publicKey,
      oAuthClientSecret: keys.secretKey,
      oAuthOnTokenUpdate: (token) => {
        state.token = token;
      },
    },
    ...(!knownHost && { unstable_httpClientOptions: { transport: transportTo(new URL(base)) } }),
  });
  clients.set(cacheKey, state);
  return state;
}

/** A PayPal answer that was not 2xx: its status and first issue, never the request. */
export class PaypalRestError extends Error {
  override name = "PaypalRestError";
  readonly status: number;
  readonly code: string | null;
  constructor(status: number, code: string | null) {
    super(`PayPal answered ${status}${code ? ` ${code}` : ""}`);
    this.status = status;
    this.code = code;
  }
}

function issueOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const details = (body as { details?: { issue?: unknown }[] }).details;
  const issue = details?.[0]?.issue ?? (body as { name?: unknown }).name;
  return typeof issue === "string" ? issue : null;
}

/**
 * A documented REST call the SDK has no controller for (Catalog Products, v1 sales, webhook
 * verification), with the SDK's own OAuth token. `raw` is sent as it is (a webhook's exact
 * bytes); otherwise `body` as JSON. Returns the JSON answer; a status that is not 2xx throws
 * PaypalRestError.
 */
export async function paypalRest(
  paypal: PaypalState,
  {
    method,
    path,
    body,
    raw,
    requestId,
  }: { method: "GET" | "POST"; path: string; body?: unknown; raw?: string; requestId?: string },
): Promise<Record<string, unknown>> {
  paypal.token = await paypal.client.clientCredentialsAuthManager.updateToken(paypal.token);
  const response = await fetch(`${paypal.apiBase}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${paypal.token.accessToken}`,
      "content-type": "application/json",
      ...(requestId && { "paypal-request-id": requestId }),
    },
    ...(method === "POST" && { body: raw ?? JSON.stringify(body ?? {}) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let answer: unknown = null;
  try {
    answer = text ? JSON.parse(text) : {};
  } catch {
    answer = null;
  }
  if (!response.ok) throw new PaypalRestError(response.status, issueOf(answer));
  return answer && typeof answer === "object" ? (answer as Record<string, unknown>) : {};
}
