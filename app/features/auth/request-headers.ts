/**
 * Facts the server establishes about a request (never taken from the client: the server
 * overwrites these headers before auth code sees the request).
 */
export const trustedHeaders = {
  clientIp: "x-lyceum-client-ip",
  origin: "x-lyceum-origin",
  linkOrigin: "x-lyceum-link-origin",
  accountId: "x-lyceum-account",
  siteName: "x-lyceum-site-name",
  lang: "x-lyceum-lang",
} as const;

export type RequestFacts = {
  clientIp: string;
  /** `http://demo.localhost:3000`: where links in this site's e-mails point. */
  origin: string;
  /**
   * The site's canonical origin (its own domain, else `{slug}.{BASE_DOMAIN}`, in the canonical
   * request's scheme and port): what links in its e-mails point to (decision 038).
   */
  linkOrigin: string;
  accountId: string | null;
  siteName: string;
  lang: string;
};

/** A copy of the request's headers with our facts written over any client-sent values. */
export function withTrustedHeaders(headers: Headers, facts: RequestFacts): Headers {
  const copy = new Headers(headers);
  copy.set(trustedHeaders.clientIp, facts.clientIp);
  copy.set(trustedHeaders.origin, facts.origin);
  copy.set(trustedHeaders.linkOrigin, facts.linkOrigin);
  if (facts.accountId) copy.set(trustedHeaders.accountId, facts.accountId);
  else copy.delete(trustedHeaders.accountId);
  copy.set(trustedHeaders.siteName, encodeURIComponent(facts.siteName));
  copy.set(trustedHeaders.lang, facts.lang);
  return copy;
}

export function readFacts(headers: Headers | undefined): RequestFacts {
  return {
    clientIp: headers?.get(trustedHeaders.clientIp) ?? "unknown",
    origin: headers?.get(trustedHeaders.origin) ?? "",
    linkOrigin:
      headers?.get(trustedHeaders.linkOrigin) || (headers?.get(trustedHeaders.origin) ?? ""),
    accountId: headers?.get(trustedHeaders.accountId) ?? null,
    siteName: decodeURIComponent(headers?.get(trustedHeaders.siteName) ?? "Lyceum"),
    lang: headers?.get(trustedHeaders.lang) ?? "en",
  };
}
