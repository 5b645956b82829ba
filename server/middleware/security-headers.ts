import { randomFillSync } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { ownerScriptsAllowed } from "~/features/site/site";
import type { Env } from "~/platform/env.server";
import type { AppEnv } from "../app-env";

/**
 * Which Content-Security-Policy a response gets (decision 016):
 * - `public`: a page of an account's public site, where the owner's scripts run
 *   (`'strict-dynamic'`: scripts our nonced code adds may load more);
 * - `strict`: the dashboard, sign-in, sign-up and checkout pages, and every page of the platform
 *   host — only our own nonced scripts and files from our origin, never the owner's;
 * - `resource`: anything that is not HTML (JSON, files, scripts, XML): nothing may run or load.
 */
export type PolicyKind = "public" | "strict" | "resource";

/** Random bytes drawn 256 nonces at a time: one system call instead of one per response. */
const randomPool = Buffer.alloc(16 * 256);
let poolOffset = randomPool.length;

/** 128 random bits: a fresh nonce per response, never reused (cached pages get a new one). */
export function createNonce(): string {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const nonce = randomPool.toString("base64", poolOffset, poolOffset + 16);
  poolOffset += 16;
  return nonce;
}
/** Every nonce's length in characters (base64 of 16 bytes): a cached page's holes fit it. */
export const NONCE_LENGTH = 24;

/** Paths other sites and mail clients embed (images, fonts, uploaded files). */
const embeddable = /^\/(?:files|assets|media)\/|^\/favicon\.svg$/;

/** A Host header the tenant resolver accepted, usable in a header value. */
const plainHost = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

export function policyKind({
  contentType,
  path,
  accountSite,
}: {
  contentType: string;
  path: string;
  /** The host is an account's site (not the platform, not unknown). */
  accountSite: boolean;
}): PolicyKind {
  if (!/^text\/html/i.test(contentType)) return "resource";
  return accountSite && ownerScriptsAllowed(path) ? "public" : "strict";
}

/** Sources one page adds to the strict policy (the checkout's payment provider scripts). */
export type ExtraSources = { script?: string[]; frame?: string[]; media?: string[] };

/** The pages that pay in Razorpay's modal: the shop's checkout and a site's plan billing (C7). */
const razorpayPages: ReadonlySet<string> = new Set(["/checkout", "/dashboard/billing"]);

/**
 * `/checkout` and `/dashboard/billing` load Razorpay's Checkout script
 * (RAZORPAY_CHECKOUT_JS_URL; a fake's in tests), whose modal is a frame of its own origin or of
 * api.razorpay.com. No other page gets them.
 */
export function checkoutSources(
  env: Pick<Env, "RAZORPAY_CHECKOUT_JS_URL">,
  path: string,
): ExtraSources | undefined {
  if (!razorpayPages.has(path)) return undefined;
  const origin = new URL(env.RAZORPAY_CHECKOUT_JS_URL).origin;
  return { script: [origin], frame: [origin, "https://api.razorpay.com"] };
}

/**
 * Stored files answered by a redirect to a signed S3 address (S3_PUBLIC_URL) load from the
 * store's origin. `https:` already covers one; a store reached over plain http (MinIO on a LAN
 * or a laptop) must be named, or a video or audio file would be refused. Images allow any.
 */
export function storageSources(env: Pick<Env, "S3_PUBLIC_URL">): ExtraSources | undefined {
  if (!env.S3_PUBLIC_URL) return undefined;
  const url = new URL(env.S3_PUBLIC_URL);
  return url.protocol === "http:" ? { media: [url.origin] } : undefined;
}

export function contentSecurityPolicy({
  kind,
  nonce,
  host,
  viteDev = false,
  extra,
}: {
  kind: PolicyKind;
  nonce: string;
  /** The validated host, for the realtime socket (`'self'` covers ws: only in CSP3 browsers). */
  host: string | null;
  /** `npm run dev`: Vite's HMR socket listens on a port of its own. */
  viteDev?: boolean;
  extra?: ExtraSources;
}): string {
  if (kind === "resource") return "default-src 'none'; frame-ancestors 'none'";
  const sockets = host && plainHost.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  const scripts =
    kind === "public"
      ? // 'self' and https: are for browsers without CSP3; 'strict-dynamic' makes CSP3 ones ignore them.
        [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", "https:"]
      : [`'nonce-${nonce}'`, "'self'", ...(extra?.script ?? [])];
  const connect = [
    "'self'",
    ...sockets,
    // The owner's scripts and analytics tag talk to their own services.
    ...(kind === "public" ? ["https:"] : []),
    ...(viteDev ? ["ws:", "wss:"] : []),
  ];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", scripts],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    // Mantine styles through style attributes and <style> elements; a nonce here would turn
    // 'unsafe-inline' off for them. Styles cannot run script.
    ["style-src", ["'self'", "'unsafe-inline'", "https:"]],
    ["img-src", ["*", "data:", "blob:"]],
    ["font-src", ["'self'", "data:", "https:"]],
    ["media-src", ["'self'", "https:", "blob:", ...(extra?.media ?? [])]],
    ["connect-src", connect],
    ["frame-src", kind === "public" ? ["'self'", "https:"] : ["'self'", ...(extra?.frame ?? [])]],
    ["worker-src", ["'self'", "blob:"]],
    ["manifest-src", ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** Features no page of ours uses: denied to the page and anything it embeds. */
const permissionsPolicy = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** Served only over HTTPS: the same rule as the request's origin (server/middleware/viewer.ts). */
export const servedOverHttps = (env: Pick<Env, "NODE_ENV" | "BASE_DOMAIN">) =>
  env.NODE_ENV === "production" && env.BASE_DOMAIN !== "localhost";

/** The headers every response carries (OWASP Secure Headers Project), CSP included. */
export function securityHeadersFor({
  kind,
  nonce,
  host,
  path,
  https,
  viteDev,
  extra,
}: {
  kind: PolicyKind;
  nonce: string;
  host: string | null;
  path: string;
  https: boolean;
  viteDev?: boolean;
  extra?: ExtraSources;
}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy({ kind, nonce, host, viteDev, extra }),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // Not no-referrer: Chromium then sends `Origin: null` on form posts, which the origin check
    // of state-changing requests must refuse (decision 016).
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": embeddable.test(path) ? "cross-origin" : "same-origin",
    "Permissions-Policy": permissionsPolicy,
    "X-Permitted-Cross-Domain-Policies": "none",
    // The old XSS auditors did more harm than good; CSP replaces them.
    "X-XSS-Protection": "0",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * Registered first (before static files and the page cache), so every response gets the
 * headers: makes this request's nonce (`c.var.nonce`, for the page and for a cached page's
 * placeholder) and sets the headers on whatever answered.
 */
export function securityHeaders({ env, viteDev = false }: { env: Env; viteDev?: boolean }) {
  const https = servedOverHttps(env);
  const storage = storageSources(env);
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    const accountSite = c.var.tenant?.kind === "account";
    const known = c.var.tenant !== undefined && c.var.tenant.kind !== "unknown";
    const headers = securityHeadersFor({
      kind: policyKind({
        contentType: c.res.headers.get("content-type") ?? "",
        path: c.req.path,
        accountSite,
      }),
      nonce,
      host: known ? (c.req.header("host") ?? null) : null,
      path: c.req.path,
      https,
      viteDev,
      extra: { ...checkoutSources(env, c.req.path), ...storage },
    });
    // A file route's own policy wins over the resource policy (a stored SVG's `sandbox`,
    // decision 040): it is as strict and says more.
    const own = c.res.headers.get("content-security-policy");
    if (
      own &&
      /\bsandbox\b/.test(own) &&
      headers["Content-Security-Policy"]?.startsWith("default-src 'none'")
    )
      headers["Content-Security-Policy"] = own;
    let response = c.res;
    try {
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    } catch {
      // Immutable headers (a fetched or redirect Response): answer a copy that can carry them.
      response = new Response(response.body, response);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      c.res = response;
    }
  });
}
