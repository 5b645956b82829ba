import { createMiddleware } from "hono/factory";
import { presentsApiKey } from "~/features/api-keys/api.server";
import { MAIL_FEEDBACK_PATH, mailRelayPath, oneClickPath } from "~/features/campaigns/api.server";
import { AppError } from "~/platform/errors";
import type { AppEnv } from "../app-env";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin of a Referer, or null for anything that is not an absolute http(s) URL. */
function refererOrigin(referer: string): string | null {
  try {
    const url = new URL(referer);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Where a state-changing request comes from, as the browser says: its Origin; without one
 * (older browsers on some requests), Sec-Fetch-Site; without that, the Referer's origin.
 * Returns whether that is this very site (decision 017).
 */
export function isSameOrigin(headers: Headers, siteOrigin: string): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return origin.toLowerCase() === siteOrigin;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const referer = headers.get("referer");
  if (referer !== null) return refererOrigin(referer)?.toLowerCase() === siteOrigin;
  return false;
}

/**
 * Calls from a payment provider's servers carry no Origin and no cookie: they are proven by
 * their signature, which their handler checks before anything is stored (issue 16). So is a
 * mail client's one-click unsubscribe (RFC 8058): its link is signed for its recipient. The
 * operator's MTA posting bounce and complaint mails is proven by the platform's key, and a mail
 * relay's webhook (Mailgun, SendGrid, Amazon SES through SNS) by the relay's signature.
 */
const signedMachinePaths = /^\/api\/payments\/webhooks\/[a-z]+$/;
export const signedMachineWrite = (path: string) =>
  signedMachinePaths.test(path) ||
  oneClickPath.test(path) ||
  path === MAIL_FEEDBACK_PATH ||
  mailRelayPath.test(path);

/**
 * A program calling the API with a key (decision 086) sends no cookie, so no browser can be
 * made to send it for a visitor: the key is its proof. With a cookie the origin rule holds,
 * and the key's own check still runs after it.
 */
const keyWithoutCookies = (path: string, headers: Headers) =>
  !headers.has("cookie") && presentsApiKey(path, headers.get("authorization") ?? undefined);

/**
 * One origin rule for every state-changing request (API, better-auth, page actions), whatever
 * its content type: a form, a `text/plain` body or a beacon from another site, a sister
 * subdomain (same-site for SameSite=Lax cookies), an opaque `null` origin or no origin at all
 * is refused before any handler runs.
 */
export function sameOriginWrites() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (
      !safeMethods.has(c.req.method) &&
      !signedMachineWrite(c.req.path) &&
      !keyWithoutCookies(c.req.path, c.req.raw.headers) &&
      !isSameOrigin(c.req.raw.headers, c.var.facts.origin)
    )
      throw new AppError({ code: "request.crossSite" });
    await next();
  });
}
