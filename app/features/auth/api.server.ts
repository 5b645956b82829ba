import { Hono, type Context } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { isLanguageCode } from "~/platform/i18n/languages";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail } from "~/platform/mail/templates.server";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import type { AuthRegistry } from "./auth.server";
import { type RequestFacts, withTrustedHeaders } from "./request-headers";
import { betterAuthRequest, withCatalogueError } from "./auth-boundary";
import { crossSiteSessionPaths, withoutBodyTokens } from "./auth-responses";
import { listSiteSessions, revokeOtherSiteSessions, revokeSiteSession } from "./profile.server";
import { signUp } from "./sign-up.server";
import { finishPhoneSignUp, startPhoneSignUp } from "./phone-sign-up.server";
import {
  phoneSignUpSchema,
  phoneVerifySchema,
  revokeSessionSchema,
  signUpSchema,
} from "./validation";

export type AuthApiEnv = {
  Variables: {
    tenant: Tenant;
    facts: RequestFacts;
    viewer: Viewer | null;
    /** The viewer's session on this site (set with the viewer). */
    sessionId: string | null;
  };
};

/** /api/auth/* (better-auth) and /api/account/sign-up (ours, enumeration-safe). */
type Outcome = { status: string; setCookie?: string[] };

/** Sign-up answers: 202 while an e-mail or a code is awaited, 200 (with the session) once signed in. */
function answer(c: Context<AuthApiEnv>, outcome: Outcome) {
  for (const cookie of outcome.setCookie ?? []) c.header("Set-Cookie", cookie, { append: true });
  return c.json({ status: outcome.status }, outcome.setCookie ? 200 : 202);
}

export function authApi({
  auth: registry,
  database,
  mailer,
  rateLimits,
  afterSignUp,
}: {
  auth: AuthRegistry;
  database: Database;
  mailer: Mailer;
  rateLimits: RateLimits;
  /**
   * What other features note of a person new to a site, after their transaction (affiliates:
   * the sign-up a link brought). Given by the server, so auth imports none of them.
   */
  afterSignUp?: (signUp: { accountId: string; userId: string; headers: Headers }) => Promise<void>;
}) {
  const api = new Hono<AuthApiEnv>();
  // Per client address, shared by every worker (decision 039).
  const signUps = rateLimits.create("auth-sign-up", { points: 10, duration: 10 * 60 });
  // As better-auth limited its own /phone-number/* before we spent the codes ourselves.
  const codes = rateLimits.create("auth-phone-code", { points: 5, duration: 60 });
  const siteCall = (facts: RequestFacts, raw: Headers, accountId: string) => ({
    auth: registry.forOrigin(facts.origin),
    database,
    origin: facts.origin,
    headers: withTrustedHeaders(raw, facts),
    accountId,
  });

  // Sign-up goes through /api/account/sign-up only (enumeration-safe, membership, policy), and
  // by phone through /api/account/sign-up-phone/verify, which spends the texted code itself.
  // better-auth's own verify would open a session on a code alone, past password and 2FA.
  for (const path of ["/auth/sign-up/email", "/auth/phone-number/verify"]) {
    api.post(path, () => {
      throw new AppError({ code: "route.notFound" });
    });
  }

  api.on(["GET", "POST"], "/auth/*", async (c) => {
    // better-auth refuses these too (disabledPaths); here they get the catalogue's answer.
    const endpoint = c.req.path.slice("/api/auth".length).toLowerCase().replace(/\/+$/, "");
    if (crossSiteSessionPaths.includes(endpoint)) throw new AppError({ code: "route.notFound" });
    const headers = withTrustedHeaders(c.req.raw.headers, c.var.facts);
    const auth = registry.forOrigin(c.var.facts.origin);
    const request = await betterAuthRequest(c.req.raw, { endpoint, headers });
    return withCatalogueError(await withoutBodyTokens(await auth.handler(request)));
  });

  /** The person's sessions on this site: device, place, time and an id (never a token). */
  api.get("/account/sessions", async (c) => {
    const viewer = c.var.viewer;
    if (!viewer) throw new AppError({ code: "not_authenticated" });
    const sessions = await listSiteSessions({
      database,
      viewer,
      accountId: c.var.facts.accountId,
      currentSessionId: c.var.sessionId,
    });
    return c.json({ sessions });
  });

  /** Ends one session of the person on this site (`{ id }`), or all others (`{ others: true }`). */
  api.post("/account/sessions/revoke", async (c) => {
    const viewer = c.var.viewer;
    if (!viewer) throw new AppError({ code: "not_authenticated" });
    const input = revokeSessionSchema.parse(await c.req.json().catch(() => ({})));
    const site = { database, viewer, accountId: c.var.facts.accountId };
    if ("id" in input) {
      await revokeSiteSession({ ...site, sessionId: input.id });
      return c.json({ revoked: 1 });
    }
    const revoked = await revokeOtherSiteSessions({ ...site, currentSessionId: c.var.sessionId! });
    return c.json({ revoked });
  });

  api.post("/account/sign-up", async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    await signUps.take(addressKey(c.var.facts.clientIp), "auth.tooManyRequests");
    const input = signUpSchema.parse(await c.req.json().catch(() => ({})));
    const outcome = await signUp(
      {
        ...siteCall(c.var.facts, c.req.raw.headers, tenant.account.accountId),
        notifyExisting: async (email) => {
          const facts = c.var.facts;
          const lang = isLanguageCode(facts.lang) ? facts.lang : "en";
          const mail = renderMail({
            template: "signUpExisting",
            lang,
            vars: { siteName: facts.siteName, url: `${facts.linkOrigin}/login` },
          });
          await mailer.send({
            site: c.req.header("host") ?? "",
            to: email,
            ...mail,
            accountId: tenant.account.accountId,
            template: "signUpExisting",
          });
        },
        joined: async (userId) =>
          afterSignUp?.({
            accountId: tenant.account.accountId,
            userId,
            headers: c.req.raw.headers,
          }),
      },
      input,
    );
    return answer(c, outcome);
  });

  api.post("/account/sign-up-phone", async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    await signUps.take(addressKey(c.var.facts.clientIp), "auth.tooManyRequests");
    const input = phoneSignUpSchema.parse(await c.req.json().catch(() => ({})));
    const outcome = await startPhoneSignUp(
      siteCall(c.var.facts, c.req.raw.headers, tenant.account.accountId),
      input,
    );
    return answer(c, outcome);
  });

  api.post("/account/sign-up-phone/verify", async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    await codes.take(addressKey(c.var.facts.clientIp), "auth.tooManyRequests");
    const input = phoneVerifySchema.parse(await c.req.json().catch(() => ({})));
    const { setCookie, userId } = await finishPhoneSignUp(
      siteCall(c.var.facts, c.req.raw.headers, tenant.account.accountId),
      input,
    );
    await afterSignUp?.({
      accountId: tenant.account.accountId,
      userId,
      headers: c.req.raw.headers,
    });
    return answer(c, { status: "signed_in", setCookie });
  });

  /** Who am I here: the person and their membership of this site. */
  api.get("/account/me", (c) => {
    const viewer = c.var.viewer;
    if (!viewer) throw new AppError({ code: "not_authenticated" });
    return c.json({
      user: viewer.user,
      membership: viewer.membership,
      isSuperAdmin: viewer.isSuperAdmin,
    });
  });

  return api;
}
