/**
 * M9 on the server: a browser's error report, cleaned and written to the log at warn level with
 * `component: "client"`. Never a cookie, header or secret: only the cleaned text and its place.
 */
import type { Logger } from "~/platform/logger.server";
import { emailPattern } from "~/platform/patterns";
import { CLIENT_ERROR_MAX_MESSAGE, printable, withoutUrlQueries } from "./limits";
import type { ClientErrorInput } from "./validation";

/** A value after a name that says secret: `session_token=…`, `"password": "…"`, `apiKey: …`. */
const secretValue =
  /\b([\w.-]*(?:token|secret|password|passwd|pwd|cookie|session|authorization|api[_-]?key)[\w.-]*)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi;
const bearer = /\bBearer\s+[\w.~+/-]+=*/gi;
/** The shared e-mail pattern (V1), unanchored to find addresses inside a text. */
const emailInText = new RegExp(emailPattern.source.replace(/^\^|\$$/g, ""), "gi");

/**
 * The report's text as the log keeps it: no control or bidi characters, no query string or
 * fragment in a URL, no value after a secret-looking name, no bearer token, no e-mail address;
 * at most 2000 characters.
 */
export function cleanClientMessage(message: string): string {
  return withoutUrlQueries(printable(message))
    .replace(secretValue, "$1$2[redacted]")
    .replace(bearer, "Bearer [redacted]")
    .replace(emailInText, "[email]")
    .trim()
    .slice(0, CLIENT_ERROR_MAX_MESSAGE);
}

/** Writes one report to the request's logger. */
export function recordClientError(
  logger: Logger,
  { input, accountId }: { input: ClientErrorInput; accountId: string | null },
): void {
  logger.warn(
    {
      component: "client",
      accountId,
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.path ? { path: input.path } : {}),
    },
    cleanClientMessage(input.message) || "(empty)",
  );
}
