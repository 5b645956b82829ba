import { createHmac } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { phoneNumber, twoFactor } from "better-auth/plugins";
import { joinAccount } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { isLanguageCode } from "~/platform/i18n/languages";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail, translate, type MailTemplate } from "~/platform/mail/templates.server";
import { phonePattern } from "~/platform/patterns";
import type { SmsSender } from "~/platform/sms/sms.server";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordWeaknesses,
} from "./password-policy.server";
import { crossSiteSessionPaths } from "./auth-responses";
import { platformStaffRule } from "./platform-staff.server";
import { readFacts, trustedHeaders } from "./request-headers";
import { createSignInLimits } from "./sign-in-limits.server";
import { signUpSupport } from "./sign-up-plugin.server";
import { safeRedirect } from "./guards.server";
import {
  authAccounts,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from "./tables.server";

const DAY = 24 * 60 * 60;

async function sendTemplate({
  mailer,
  request,
  to,
  template,
  path,
}: {
  mailer: Mailer;
  request: Request | undefined;
  to: string;
  template: MailTemplate;
  /** A path on the site (`/login/...`), or better-auth's own absolute link for this site. */
  path: string;
}) {
  const facts = readFacts(request?.headers);
  const lang = isLanguageCode(facts.lang) ? facts.lang : "en";
  const url = path.startsWith("http") ? path : `${facts.origin}${path}`;
  const mail = renderMail({ template, lang, vars: { siteName: facts.siteName, url } });
  await mailer.send({
    site: facts.origin.replace(/^https?:\/\//, ""),
    to,
    ...mail,
    accountId: facts.accountId,
    template,
  });
}

type AfterContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * better-auth accepts a TOTP code as often as it likes within its window. We remember each
 * code a user signed in with (in the verifications table, so every instance sees it) and refuse
 * it a second time, ending the session the replay would have opened.
 */
async function refuseReplayedCode(ctx: AfterContext) {
  const newSession = ctx.context.newSession;
  const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? "");
  if (!newSession || !code) return;
  const identifier = `totp-used:${newSession.user.id}:${code}`;
  const used = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (used && new Date(used.expiresAt).getTime() > Date.now()) {
    await ctx.context.internalAdapter.deleteSession(newSession.session.token);
    throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
  }
  await ctx.context.internalAdapter.createVerificationValue({
    identifier,
    value: "used",
    expiresAt: new Date(Date.now() + 3 * 30_000),
  });
}

/** A code by text message, in the site's language. */
async function textCode({
  sms,
  context,
  to,
  code,
  key,
}: {
  sms: SmsSender;
  context: { request?: Request; headers?: Headers } | undefined;
  to: string;
  code: string;
  key: string;
}) {
  const facts = readFacts(context?.request?.headers ?? context?.headers);
  const lang = isLanguageCode(facts.lang) ? facts.lang : "en";
  const text = translate(lang, key, { code, siteName: facts.siteName });
  await sms.send({ site: facts.origin.replace(/^https?:\/\//, ""), to, text });
}

/** As with an e-mailed reset, a password reset by text ends every session of the person. */
async function endSessionsAfterPhoneReset(ctx: AfterContext) {
  if (ctx.context.returned instanceof APIError) return;
  const phone = String((ctx.body as { phoneNumber?: unknown } | undefined)?.phoneNumber ?? "");
  const user = await ctx.context.adapter.findOne<{ id: string }>({
    model: "user",
    where: [{ field: "phoneNumber", value: phone }],
  });
  if (user) await ctx.context.internalAdapter.deleteUserSessions(user.id);
}

const HASHED = "hmac:";

/** A backup code as stored: keyed hash, so a database dump does not reveal usable codes. */
function hashBackupCode(secret: string, code: string): string {
  return HASHED + createHmac("sha256", secret).update(code.trim()).digest("hex");
}

/**
 * better-auth stores backup codes as one string through these two functions. We store only hashes
 * (it re-stores the remaining list after each use, so already-hashed entries are kept as they are);
 * the plain codes exist once, in the answer that shows them to the person.
 */
function hashedBackupCodes(secret: string) {
  return {
    encrypt: async (json: string) =>
      JSON.stringify(
        (JSON.parse(json) as string[]).map((code) =>
          code.startsWith(HASHED) ? code : hashBackupCode(secret, code),
        ),
      ),
    decrypt: async (stored: string) => stored,
  };
}

type AuthOptions = {
  database: Database;
  secret: string;
  mailer: Mailer;
  sms: SmsSender;
  /** The platform's host: its sign-in is for the platform's staff only (decision 037). */
  baseDomain?: string;
  superAdminEmails?: readonly string[];
};

/**
 * better-auth for one site origin (`http://demo.localhost:3000`). Each site is its own origin:
 * links in its e-mails point to it, and requests from any other origin are refused.
 */
function createSiteAuth({ database, secret, mailer, sms, ...rest }: AuthOptions, origin: string) {
  const secureCookies = origin.startsWith("https://");
  const signInLimits = createSignInLimits({ database, secret });
  const staff = platformStaffRule(rest, origin);
  return betterAuth({
    appName: "Lyceum",
    secret,
    baseURL: origin,
    basePath: "/api/auth",
    trustedOrigins: [origin],
    // Sessions are listed and ended per site by our own routes (decision 017).
    disabledPaths: crossSiteSessionPaths,
    database: drizzleAdapter(database.owner, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: rateLimits,
      },
    }),
    account: { fields: { accountId: "providerAccountId" } },
    user: {
      // A new address is confirmed from the old one first, then verified by a link sent to it.
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, url }, request) => {
          await sendTemplate({
            mailer,
            request,
            to: user.email,
            template: "confirmEmailChange",
            path: url,
          });
        },
      },
    },
    session: {
      expiresIn: 7 * DAY,
      updateAge: DAY,
      additionalFields: { tenantId: { type: "string", required: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => signInLimits.forgive(user),
      sendResetPassword: async ({ user, token }, request) => {
        await sendTemplate({
          mailer,
          request,
          to: user.email,
          template: "resetPassword",
          path: `/login/reset-password?token=${encodeURIComponent(token)}`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, token, url }, request) => {
        // Only a path on this site: the link is sent from the site's own address.
        const next = safeRedirect(new URL(url).searchParams.get("callbackURL"), "/");
        await sendTemplate({
          mailer,
          request,
          to: user.email,
          template: "verifyEmail",
          path: `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(next)}`,
        });
      },
    },
    rateLimit: {
      enabled: true,
      // In the database, so every instance counts the same attempts.
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 10, max: 3 },
        "/sign-in/phone-number": { window: 10, max: 3 },
        "/phone-number/*": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 5 },
        "/two-factor/*": { window: 10, max: 3 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [trustedHeaders.clientIp] },
      useSecureCookies: secureCookies,
      cookiePrefix: "lyceum",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: secureCookies },
    },
    databaseHooks: {
      session: {
        create: {
          // A session belongs to the site it was opened on; signing in on a site makes you a member.
          before: async (session, context) => {
            if (staff.isPlatform) {
              const user = await context?.context.internalAdapter.findUserById(session.userId);
              staff.checkSession(user?.email);
              return { data: { ...session, tenantId: null } };
            }
            const { accountId } = readFacts(context?.request?.headers ?? context?.headers);
            return { data: { ...session, tenantId: accountId } };
          },
          after: async (session, context) => {
            const { accountId } = readFacts(context?.request?.headers ?? context?.headers);
            if (!accountId || staff.isPlatform) return;
            const user = await context?.context.internalAdapter.findUserById(session.userId);
            if (user) await joinAccount(database, { accountId, user });
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        await signInLimits.after(ctx);
        if (ctx.path === "/two-factor/verify-totp") await refuseReplayedCode(ctx);
        if (ctx.path === "/phone-number/reset-password") await endSessionsAfterPhoneReset(ctx);
      }),
      before: createAuthMiddleware(async (ctx) => {
        staff.checkSignIn(ctx);
        await signInLimits.before(ctx);
        if (ctx.path === "/two-factor/verify-backup-code") {
          // Stored codes are hashes: compare the hash of what the person typed.
          const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? "");
          return { context: { body: { ...ctx.body, code: hashBackupCode(secret, code) } } };
        }
        const passwordPaths = [
          "/reset-password",
          "/change-password",
          "/phone-number/reset-password",
        ];
        if (!passwordPaths.includes(ctx.path)) return;
        const reasons = passwordWeaknesses(String(ctx.body?.newPassword ?? ""));
        if (reasons.length > 0) {
          throw new APIError("BAD_REQUEST", {
            code: "WEAK_PASSWORD",
            message: "weak password",
            reasons,
          });
        }
      }),
    },
    plugins: [
      phoneNumber({
        phoneNumberValidator: (value) => phonePattern.test(value),
        requireVerification: true,
        expiresIn: 300,
        allowedAttempts: 3,
        sendOTP: ({ phoneNumber: to, code }, context) =>
          textCode({ sms, context, to, code, key: "sms.code" }),
        sendPasswordResetOTP: ({ phoneNumber: to, code }, context) =>
          textCode({ sms, context, to, code, key: "sms.resetCode" }),
        // No signUpOnVerification: phone-sign-up.server.ts creates the person, in one transaction.
      }),
      twoFactor({
        issuer: "Lyceum",
        backupCodeOptions: { storeBackupCodes: hashedBackupCodes(secret) },
      }),
      signUpSupport(),
    ],
  });
}

export type Auth = ReturnType<typeof createSiteAuth>;

/** One better-auth per site origin, made on first use (the tenant middleware vouches for the host). */
export function createAuthRegistry(options: AuthOptions) {
  const byOrigin = new Map<string, Auth>();
  return {
    forOrigin(origin: string): Auth {
      let auth = byOrigin.get(origin);
      if (!auth) {
        if (byOrigin.size >= 5_000) byOrigin.delete(byOrigin.keys().next().value!);
        auth = createSiteAuth(options, origin);
        byOrigin.set(origin, auth);
      }
      return auth;
    },
  };
}

export type AuthRegistry = ReturnType<typeof createAuthRegistry>;

/** Calls a better-auth endpoint the way a browser would, so rate limits and hooks apply. */
export function callAuth(
  auth: Auth,
  {
    origin,
    path,
    headers,
    body,
  }: { origin: string; path: string; headers: Headers; body: unknown },
): Promise<Response> {
  const copy = new Headers(headers);
  copy.set("content-type", "application/json");
  copy.set("origin", origin);
  return auth.handler(
    new Request(`${origin}/api/auth${path}`, {
      method: "POST",
      headers: copy,
      body: JSON.stringify(body),
    }),
  );
}
export * from "./auth-pages.server";
export * from "./guards.server";
export * from "./outbox.server";
export * from "./person.server";
export * from "./profile.server";
export * from "./session.server";
export * from "./site-owner.server";
export * from "./session-cleanup.server";
