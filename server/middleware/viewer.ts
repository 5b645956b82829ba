import { createMiddleware } from "hono/factory";
import type { Tenant } from "~/features/accounts/tenant";
import { withTrustedHeaders, type RequestFacts } from "~/features/auth/request-headers";
import { resolveViewer } from "~/features/auth/session.server";
import type { Env } from "~/platform/env.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import type { AppEnv } from "../app-env";

/** The socket's address: the only client IP we trust (no proxy support configured yet). */
function clientIp(env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/**
 * What the server establishes about a request to a site: its origin (behind TLS termination
 * the socket speaks HTTP; a public base domain is always served over HTTPS), account and name.
 * Shared by HTTP requests and realtime upgrades (server/realtime.ts).
 */
export function requestFacts({
  env,
  tenant,
  lang,
  protocol,
  host,
  clientIp: ip,
}: {
  env: Env;
  tenant: Tenant;
  lang: LanguageCode;
  protocol: string;
  host: string;
  clientIp: string;
}): RequestFacts {
  const accountId = tenant.kind === "account" ? tenant.account.accountId : null;
  const siteName =
    tenant.kind === "account"
      ? (tenant.account.settings.sitetitle ?? tenant.account.slug)
      : "Lyceum";
  const httpsOnly = env.NODE_ENV === "production" && env.BASE_DOMAIN !== "localhost";
  const origin = `${httpsOnly ? "https:" : protocol}//${host}`;
  return { clientIp: ip, origin, accountId, siteName, lang };
}

/** Request facts for auth code, then the signed-in viewer (if any) of this site. */
export function viewer() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { env, auth, database } = c.var.services;
    const facts = requestFacts({
      env,
      tenant: c.var.tenant,
      lang: c.var.lang,
      protocol: new URL(c.req.url).protocol,
      host: c.req.header("host") ?? "",
      clientIp: clientIp(c.env),
    });
    c.set("facts", facts);
    c.set(
      "viewer",
      await resolveViewer({
        auth,
        database,
        origin: facts.origin,
        headers: withTrustedHeaders(c.req.raw.headers, facts),
        accountId: facts.accountId,
        superAdminEmails: env.SUPER_ADMIN_EMAILS,
      }),
    );
    await next();
  });
}
