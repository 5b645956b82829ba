/*
 * The first-party cookie an affiliate's link leaves: their code and when the visitor clicked
 * (last click wins). Nothing else about the visitor is kept or inferred (no fingerprinting).
 */

export const REFERRAL_COOKIE = "lyceum_ref";
/** The query parameter of an affiliate's link. */
export const REFERRAL_PARAMETER = "ref";
export const affiliateCodePattern = /^[a-z0-9][a-z0-9-]{2,31}$/;

export type Referral = { code: string; at: string };

export function referralCookieValue(code: string, at: Date) {
  return `${code}.${Math.floor(at.getTime() / 1000)}`;
}

/** The referral a request's cookies carry, or null (absent, or not ours). */
export function referralOf(cookieHeader: string | null | undefined): Referral | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name !== REFERRAL_COOKIE) continue;
    const match = /^([a-z0-9-]{3,32})\.(\d{9,11})$/.exec(decodeURIComponent(value));
    if (!match || !affiliateCodePattern.test(match[1]!)) return null;
    return { code: match[1]!, at: new Date(Number(match[2]) * 1000).toISOString() };
  }
  return null;
}

export function referralSetCookie(
  code: string,
  { at, days, secure }: { at: Date; days: number; secure: boolean },
) {
  return [
    `${REFERRAL_COOKIE}=${referralCookieValue(code, at)}`,
    "Path=/",
    `Max-Age=${days * 86_400}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Whether a click at `at` still counts at `now` for a window of `days`. */
export const withinWindow = (at: string, days: number, now: Date) => {
  const clicked = Date.parse(at);
  return clicked <= now.getTime() + 60_000 && now.getTime() - clicked <= days * 86_400_000;
};
