import { createMiddleware } from "hono/factory";
import { withTrustedHeaders } from "~/features/auth/request-headers";
import { resolveViewer } from "~/features/auth/session.server";
import type { AppEnv } from "../app-env";

/** The socket's address: the only client IP we trust (no proxy support configured yet). */
function clientIp(env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/** Request facts for auth code, then the signed-in viewer (if any) of this site. */
export function viewer() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const tenant = c.var.tenant;
    const accountId = tenant.kind === "account" ? tenant.account.accountId : null;
    const siteName =
      tenant.kind === "account"
        ? (tenant.account.settings.sitetitle ?? tenant.account.slug)
        : "Lyceum";
    // Behind TLS termination the socket speaks HTTP; a public base domain is always served over HTTPS.
    const { env } = c.var.services;
    const httpsOnly = env.NODE_ENV === "production" && env.BASE_DOMAIN !== "localhost";
    const protocol = httpsOnly ? "https:" : new URL(c.req.url).protocol;
    const origin = `${protocol}//${c.req.header("host") ?? ""}`;
    c.set("facts", { clientIp: clientIp(c.env), origin, accountId, siteName, lang: c.var.lang });
    const { auth, database } = c.var.services;
    c.set(
      "viewer",
      await resolveViewer({
        auth,
        database,
        origin,
        headers: withTrustedHeaders(c.req.raw.headers, c.var.facts),
        accountId,
        superAdminEmails: env.SUPER_ADMIN_EMAILS,
      }),
    );
    await next();
  });
}
