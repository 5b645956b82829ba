import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { createMiddleware } from "hono/factory";
import type { Tenant } from "~/features/accounts/accounts";
import { withTrustedHeaders, type RequestFacts } from "~/features/auth/auth";
import { resolveViewerSession, withoutSessionCookies } from "~/features/auth/auth.server";
import { noteActiveUser } from "~/features/usage/usage.server";
import type { Env } from "~/platform/env.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import type { AppEnv } from "../app-env";

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
  const siteName = tenant.kind === "account" ? siteNameOf(tenant.account) : "Lyceum";
  const httpsOnly = env.NODE_ENV === "production" && env.BASE_DOMAIN !== "localhost";
  const origin = `${httpsOnly ? "https:" : protocol}//${host.toLowerCase()}`;
  const linkOrigin =
    tenant.kind === "account"
      ? siteOrigin({ ...tenant.account, baseDomain: env.BASE_DOMAIN, like: origin })
      : origin;
  return { clientIp: ip, origin, linkOrigin, accountId, siteName, lang };
}

/** Request facts (origin, account, client address) for every later check and for auth code. */
export function siteFacts() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set(
      "facts",
      requestFacts({
        env: c.var.services.env,
        tenant: c.var.tenant,
        lang: c.var.lang,
        // The canonical address (middleware/canonical-request.ts): the one client address the
        // limiters, fair admission and sign-in lock-out count by.
        protocol: c.var.address.scheme,
        host: c.var.address.host,
        clientIp: c.var.address.clientIp,
      }),
    );
    await next();
  });
}

/**
 * The signed-in viewer (if any) of this site. A session cookie that is not a live session of
 * this very site (opened on another site, expired, unknown) is taken off the request here, so
 * nothing after this point — better-auth's own endpoints, pages, `.data` requests — can act
 * through it.
 */
export function viewer() {
  return createMiddleware<AppEnv>(async (c, next) => {
    // An API key's request has its viewer already, and no cookies (middleware apiKeyAccess).
    if (c.var.apiKey) return next();
    const { env, auth, database } = c.var.services;
    const facts = c.var.facts;
    const found = await resolveViewerSession({
      auth,
      database,
      origin: facts.origin,
      headers: withTrustedHeaders(c.req.raw.headers, facts),
      accountId: facts.accountId,
      superAdminEmails: env.SUPER_ADMIN_EMAILS,
    });
    c.set("viewer", found?.viewer ?? null);
    const member = found?.viewer.membership;
    if (member && facts.accountId && member.accountId === facts.accountId)
      await noteActiveUser(c.var.services, {
        accountId: facts.accountId,
        userId: found.viewer.user.id,
      }).catch((error: unknown) =>
        c.var.logger.warn({ err: error, component: "usage" }, "an active member was not metered"),
      );
    c.set("sessionId", found?.sessionId ?? null);
    const stripped = found ? null : withoutSessionCookies(c.req.raw.headers);
    if (stripped) c.req.raw = new Request(c.req.raw, { headers: stripped });
    await next();
  });
}
