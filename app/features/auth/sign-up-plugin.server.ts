import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, sendVerificationEmailFn } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod";

const forUser = z.object({ userId: z.string().min(1) });

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
        { method: "POST", body: forUser, metadata: { SERVER_ONLY: true } },
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
      /** A session (and its cookie) for a person whose sign-up just committed. */
      openSignUpSession: createAuthEndpoint(
        { method: "POST", body: forUser, metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("UNAUTHORIZED", { message: "no such person" });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "no session" });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ status: true });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
