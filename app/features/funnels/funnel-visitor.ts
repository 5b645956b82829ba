/*
 * A funnel's visitor is a first-party random id in a cookie of its own: one visit per step and
 * visitor, the same page of a split test on every return, and their order tied to their visits.
 * Nothing about the person is kept or inferred (no fingerprinting).
 */

export const FUNNEL_VISITOR_COOKIE = "lyceum_fv";
const visitorPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The visitor id a request's cookies carry, or null (absent, or not one of ours). */
export function funnelVisitorOf(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name === FUNNEL_VISITOR_COOKIE) return visitorPattern.test(value) ? value : null;
  }
  return null;
}

export function funnelVisitorSetCookie(visitor: string, { secure }: { secure: boolean }) {
  return [
    `${FUNNEL_VISITOR_COOKIE}=${visitor}`,
    "Path=/",
    `Max-Age=${365 * 86_400}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The kind of device a user agent names, as the report groups visits. */
export function deviceOf(userAgent: string | null | undefined): "desktop" | "mobile" | "tablet" {
  const agent = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(agent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(agent)) return "mobile";
  return "desktop";
}

/** Which page of a split test a visitor sees: the same one every time, B for `percent` of them. */
export function splitVariant(visitor: string, stepId: string, percent: number): "a" | "b" {
  let hash = 2166136261;
  for (const char of `${visitor}:${stepId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % 100 < percent ? "b" : "a";
}
