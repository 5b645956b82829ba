import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, sendVerificationEmailFn } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod";

const forUser = z.object({ userId: z.string().min(1) });
/** A session's own lifetime, shorter than the site's (the console's entry as a site's owner). */
const forSession = forUser.extend({
  expiresInSeconds: z.number().int().positive().max(86_400).optional(),
});
/** better-auth's mail function reads the link's destination from the body's `callbackURL`. */
const forNewPerson = forUser.extend({ callbackURL: z.string().optional() });

/**
 * Our sign-ups write the person, their credential and their membership in one transaction of
 * their own; better-auth then does what follows the commit. Both endpoints have no path: they
 * are reachable from server code (`auth.api`) only, never over HTTP.
 */
export const signUpSupport = () =>
  ({
    id: "lyceum-sign-up",
    endpoints: {
      /** The verification mail of a new, unverified person: the link signs them in on this site. */
      sendSignUpVerification: createAuthEndpoint(
        { method: "POST", body: forNewPerson, metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user || user.emailVerified) return ctx.json({ sent: false });
          try {
            await sendVerificationEmailFn(ctx, user);
          } catch (error) {
            // As better-auth's own sign-up: the person stands; they get a new link by signing in.
            ctx.context.logger.error("the sign-up verification mail could not be sent", error);
            return ctx.json({ sent: false });
          }
          return ctx.json({ sent: true });
        },
      ),
      /**
       * A session (and its cookie) for a person whose sign-up just committed, or with
       * `expiresInSeconds` a short one whose cookie ends with the browser (not remembered).
       */
      openSignUpSession: createAuthEndpoint(
        { method: "POST", body: forSession, metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("UNAUTHORIZED", { message: "no such person" });
          const lifetime = ctx.body.expiresInSeconds;
          const session = lifetime
            ? await ctx.context.internalAdapter.createSession(
                user.id,
                true,
                { expiresAt: new Date(Date.now() + lifetime * 1000) },
                true,
              )
            : await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "no session" });
          await setSessionCookie(ctx, { session, user }, Boolean(lifetime));
          return ctx.json({ status: true });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
