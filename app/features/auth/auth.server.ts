import { createLru } from "~/platform/cache/lru";
import { and, eq, like, ne } from "drizzle-orm";
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
import { hashBackupCode, hashedBackupCodes } from "./backup-codes.server";
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
/** better-auth's identifier of a reset link's row in verifications (the value is the person's id). */
const RESET_PREFIX = "reset-password:";

/**
 * Only the newest reset link of a person works: asking for one voids those sent before, and a
 * reset voids any left (two asked for at once). better-auth keeps each until it expires.
 */
async function voidResetLinks(database: Database, userId: string, keepToken?: string) {
  await database.owner
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_PREFIX}%`),
        keepToken ? ne(verifications.identifier, `${RESET_PREFIX}${keepToken}`) : undefined,
      ),
    );
}

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
  // The site's own address, never the Host the request named (better-auth's absolute links
  // are built on the request's origin: their path and query are moved onto the site's).
  const link = path.startsWith("http") ? new URL(path) : null;
  const url = `${facts.linkOrigin}${link ? `${link.pathname}${link.search}` : path}`;
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
      onPasswordReset: async ({ user }) => {
        await voidResetLinks(database, user.id);
        await signInLimits.forgive(user);
      },
      // Answered before the mail is written: for an unknown address better-auth writes nothing,
      // and a known one must not take longer to answer (issue 31, point 5). A mail lost to a
      // crash in between is asked for again.
      sendResetPassword: async ({ user, token }, request) => {
        void (async () => {
          await voidResetLinks(database, user.id, token);
          await sendTemplate({
            mailer,
            request,
            to: user.email,
            template: "resetPassword",
            path: `/login/reset-password?token=${encodeURIComponent(token)}`,
          });
        })().catch((error: unknown) => console.error("the password reset mail failed", error));
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
        const reasons = await passwordWeaknesses(String(ctx.body?.newPassword ?? ""));
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

/**
 * A better-auth instance holds several MiB (its endpoints, schema and plugins), measured at
 * about 6 MiB each: the registry's byte bound is this estimate times its entries.
 */
const AUTH_INSTANCE_BYTES = 6 * 1024 * 1024;
export const AUTH_INSTANCES_MAX = 64;

/**
 * One better-auth per site origin, made on first use: a small LRU (decision 038). Its keys are
 * canonical origins (the edge has already lower-cased the host, dropped a trailing dot and any
 * port the server does not listen on, and the tenant middleware refused unknown hosts), so a
 * client cannot mint new entries; a site pushed out is rebuilt on its next request.
 */
export function createAuthRegistry(options: AuthOptions) {
  const byOrigin = createLru<Auth>({
    maxEntries: AUTH_INSTANCES_MAX,
    maxBytes: AUTH_INSTANCES_MAX * AUTH_INSTANCE_BYTES,
    weigh: () => AUTH_INSTANCE_BYTES,
  });
  return {
    forOrigin(origin: string): Auth {
      return byOrigin.getOrCreate(origin.toLowerCase(), () => createSiteAuth(options, origin));
    },
    stats: () => byOrigin.stats(),
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
