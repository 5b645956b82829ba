import type { IncomingMessage, Server } from "node:http";
import { withTrustedHeaders } from "~/features/auth/auth";
import { resolveViewerSession } from "~/features/auth/auth.server";
import type { Authenticate } from "~/features/realtime/realtime.server";
import { defaultLanguage, isLanguageCode } from "~/platform/i18n/languages";
import {
  parseTrustedProxies,
  requestAddress,
  type TrustedProxies,
} from "~/platform/request-address.server";
import type { ServerServices } from "./app-env";
import { requestFacts } from "./middleware/viewer";

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** The upgrade's canonical address, read as an HTTP request's is (decision 038). */
function addressOf(request: IncomingMessage, trusted: TrustedProxies) {
  return requestAddress({
    peer: {
      address: request.socket.remoteAddress ?? "unknown",
      localPort: request.socket.localPort,
      encrypted: "encrypted" in request.socket && Boolean(request.socket.encrypted),
    },
    headers: headersOf(request),
    trusted,
    fallbackScheme: "http:",
  });
}

/**
 * The upgrade's client address, as request facts have it for HTTP; the handshake's
 * per-address cap and the facts both read it here.
 */
function clientAddressOf(request: IncomingMessage, trusted: TrustedProxies): string {
  return addressOf(request, trusted)?.clientIp ?? request.socket.remoteAddress ?? "unknown";
}

/**
 * Who opens a realtime socket, decided the way an HTTP request is: the Host names the site,
 * the browser's Origin must be that site (no other page may open a socket with its visitors'
 * cookies), and the session cookie must be a session of this site held by a member of it.
 */
export function realtimeAuthenticator(services: ServerServices): Authenticate {
  const { env, tenants, auth, database } = services;
  const trusted = parseTrustedProxies(env.TRUSTED_PROXIES) ?? (() => false);
  return async (request) => {
    const address = addressOf(request, trusted);
    if (!address) return { status: 404, code: "tenant.notFound" };
    const tenant = await tenants.resolve(address.host);
    if (tenant.kind === "suspended") return { status: 503, code: "tenant.suspended" };
    if (tenant.kind !== "account") return { status: 404, code: "tenant.notFound" };
    const language = tenant.account.settings.defaultLanguage;
    const facts = requestFacts({
      env,
      tenant,
      lang: isLanguageCode(language) ? language : defaultLanguage,
      protocol: address.scheme,
      host: address.host,
      clientIp: address.clientIp,
    });
    if (request.headers.origin !== facts.origin) return { status: 403, code: "auth.forbidden" };
    const found = await resolveViewerSession({
      auth,
      database,
      origin: facts.origin,
      headers: withTrustedHeaders(headersOf(request), facts),
      accountId: facts.accountId,
      superAdminEmails: env.SUPER_ADMIN_EMAILS,
    });
    if (!found) return { status: 401, code: "not_authenticated" };
    const { viewer, sessionId } = found;
    if (!viewer.membership && !viewer.isSuperAdmin) return { status: 403, code: "auth.forbidden" };
    return { account: tenant.account, viewer, sessionId };
  };
}

/** Serves the realtime WebSocket on `server`; returns what shutdown calls. */
export function attachRealtime(server: Server, services: ServerServices) {
  const trusted = parseTrustedProxies(services.env.TRUSTED_PROXIES) ?? (() => false);
  services.realtime.attach(server, realtimeAuthenticator(services), (request) =>
    clientAddressOf(request, trusted),
  );
  return { close: () => services.realtime.close() };
}
