import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { errorCatalogue, isAppError, type ErrorCode } from "~/platform/errors";
import { fieldIssuesOf } from "~/platform/field-issues";
import { englishText } from "~/platform/i18n/messages.server";
import { defaultLanguage } from "~/platform/i18n/languages";
import type { AppEnv } from "./app-env";
import { renderStatusPage } from "./status-page";

function classify(error: unknown): { code: ErrorCode; status: number; details?: unknown } {
  if (isAppError(error)) return { code: error.code, status: error.status, details: error.details };
  if (error instanceof ZodError) {
    return { code: "request.invalid", status: 400, details: fieldIssuesOf(error) };
  }
  if (error instanceof HTTPException && error.status < 500) {
    return {
      code: error.status === 404 ? "route.notFound" : "request.invalid",
      status: error.status,
    };
  }
  return { code: "server.internal", status: 500 };
}

/**
 * The one error translator: `{ error: { code, message } }` for the API, a styled page otherwise.
 * Internals (stack, SQL, cause) go to the log only.
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  const { code, status, details } = classify(error);
  const logger = c.var.logger ?? c.var.services?.logger;
  if (status >= 500) logger?.error({ err: error, code }, "request failed");
  else logger?.debug({ code }, "request rejected");

  const key = errorCatalogue[code].key;
  if (isAppError(error) && error.retryAfterSeconds !== undefined)
    c.header("Retry-After", String(error.retryAfterSeconds));
  if (c.req.path.startsWith("/api/") || c.req.path === "/api") {
    const message = englishText(key);
    return c.json({ error: { code, message, ...(details ? { details } : {}) } }, status as 400);
  }
  const name = key.replace(/^errors\./, "");
  return c.html(
    renderStatusPage({
      lang: c.var.lang ?? defaultLanguage,
      status,
      titleKey: name,
      textKey: `${name}Text`,
    }),
    status as 400,
  );
};
