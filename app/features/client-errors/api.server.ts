import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import { AppError } from "~/platform/errors";
import type { FieldIssue } from "~/platform/field-issues";
import type { Logger } from "~/platform/logger.server";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { recordClientError } from "./client-errors.server";
import { CLIENT_ERROR_MAX_BODY_BYTES } from "./limits";
import { clientErrorSchema } from "./validation";

export type ClientErrorsApiEnv = {
  Variables: {
    tenant: Tenant;
    logger: Logger;
    facts: { clientIp: string; origin: string };
  };
};

/**
 * Per client address: a page sends five at most, so twenty a minute is a person reloading a
 * broken page; past it, 429 and nothing logged (the log is not a place to flood).
 */
export const clientErrorLimits = { points: 20, duration: 60 };

/** A fetch's JSON or a beacon's text/plain body: read as text whatever the type, then parsed. */
async function jsonBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new AppError({ code: "request.invalid" });
  }
}

/** Spec §7 `POST /api/log`: a browser's error, recorded in the server's log (M9). */
export function clientErrorsApi({ rateLimits }: { rateLimits: RateLimits }) {
  const api = new Hono<ClientErrorsApiEnv>();
  // Counted in the shared store, so every worker and instance spends the same budget.
  const limiter = rateLimits.create("client-errors", clientErrorLimits);
  const small = bodyLimit({
    maxSize: CLIENT_ERROR_MAX_BODY_BYTES,
    onError: () => {
      throw new AppError({ code: "request.tooLarge" });
    },
  });

  api.post(
    "/log",
    async (c, next) => {
      await limiter.take(addressKey(c.var.facts.clientIp));
      await next();
    },
    small,
    async (c) => {
      const input = clientErrorSchema.parse(await jsonBody(c));
      const accountId = hostAccountOf(c.var.tenant);
      // The site's own account, or none: another site's id is a mistake or a forgery.
      if ((input.account_id ?? null) !== null && input.account_id !== accountId)
        throw new AppError({
          code: "request.invalid",
          details: [{ path: "account_id", code: "accountMismatch" } satisfies FieldIssue],
        });
      recordClientError(c.var.logger, { input, accountId });
      return c.body(null, 204);
    },
  );

  return api;
}
