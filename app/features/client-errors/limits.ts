import { urlQueryInText } from "~/platform/patterns";

/**
 * M9 bounds of `POST /api/log`, shared by the browser's reporter and the server. Client-safe and
 * without packages (the reporter is part of every page).
 */

/** The endpoint the browser's errors are sent to (spec §7). */
export const CLIENT_ERROR_PATH = "/api/log";
/** Largest body the endpoint reads: past it, 413. */
export const CLIENT_ERROR_MAX_BODY_BYTES = 4 * 1024;
/** Longest message the endpoint takes: past it, 400 (the reporter cuts before sending). */
export const CLIENT_ERROR_MAX_MESSAGE = 2000;
/** At most this many reports per page load; the same error twice is sent once. */
export const CLIENT_ERROR_MAX_PER_PAGE = 5;

/** Where in the page the error was caught. */
export const clientErrorKinds = ["error", "rejection", "boundary"] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

const unprintable = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/**
 * The text without control characters (NUL included, which the API refuses) or bidirectional
 * overrides, which could make a log line read differently from what it holds. Newlines and tabs
 * are kept.
 */
export function printable(text: string): string {
  let kept = "";
  for (const character of text) if (!unprintable(character.codePointAt(0)!)) kept += character;
  return kept;
}

/** The text's web addresses without their query strings or fragments. */
export const withoutUrlQueries = (text: string) => text.replace(urlQueryInText, "$1");
