import { Hono } from "hono";
import type { AuthRegistry } from "~/features/auth/auth.server";
import type { RequestFacts } from "~/features/auth/auth";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import type { Mailer } from "~/platform/mail/mail.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { signUpAccount, slugProblem } from "./account-sign-up.server";
import { ACCOUNT_CHANGED } from "~/features/accounts/accounts.server";
import type { Tenant } from "~/features/accounts/accounts";

export type SignUpApiEnv = {
  Variables: { tenant: Tenant; facts: RequestFacts; logger: Logger };
};

/** The platform's own API on the base domain: sign-up for a new account (P20). */
export function signUpApi({
  database,
  auth,
  mailer,
  pubsub,
  baseDomain,
  rateLimits,
}: {
  database: Database;
  auth: AuthRegistry;
  mailer: Mailer;
  pubsub: PubSub;
  baseDomain: string;
  rateLimits: RateLimits;
}) {
  const api = new Hono<SignUpApiEnv>();
  // Every attempt counts, refused ones too: they are how addresses and slugs would be probed.
  // Counted in the shared store, so every worker and instance spends the same budget.
  const signUpLimiter = rateLimits.create("platform-sign-ups", { points: 10, duration: 60 * 60 });
  const slugCheckLimiter = rateLimits.create("platform-slug-checks", { points: 120, duration: 60 });

  api.use("/platform/*", async (c, next) => {
    // Accounts are created on the platform's own domain only; an account's site has no such route.
    if (c.var.tenant.kind !== "platform") throw new AppError({ code: "route.notFound" });
    await next();
  });

  api.post("/platform/sign-up", async (c) => {
    await signUpLimiter.take(addressKey(c.var.facts.clientIp));
    const body: unknown = await c.req.json().catch(() => ({}));
    const result = await signUpAccount(
      {
        database,
        auth,
        mailer,
        logger: c.var.logger,
        baseDomain,
        headers: c.req.raw.headers,
        facts: c.var.facts,
      },
      body,
    );
    // Every instance's resolver may remember this host as unknown (someone looked before it
    // existed): all of them forget that, so the new site answers at once wherever it is asked.
    await pubsub.publish({ topic: ACCOUNT_CHANGED, accountId: result.accountId });
    return c.json({ status: "created", ...result }, 201);
  });

  api.get("/platform/slug-check", async (c) => {
    await slugCheckLimiter.take(addressKey(c.var.facts.clientIp));
    const slug = (c.req.query("slug") ?? "").trim().toLowerCase();
    const problem = await slugProblem(database, slug);
    return c.json({ slug, available: problem === null, reason: problem });
  });

  return api;
}
