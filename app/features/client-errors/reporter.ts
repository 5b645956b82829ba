/**
 * M9 in the browser: uncaught errors, unhandled rejections and the root error boundary's errors
 * are sent to `POST /api/log`, each distinct error once and at most five per page load, by
 * `navigator.sendBeacon` (or a keepalive fetch) so that a page being left still sends them.
 * Tiny and dependency-free: root.tsx installs it on every page.
 */
import {
  CLIENT_ERROR_MAX_BODY_BYTES,
  CLIENT_ERROR_MAX_MESSAGE,
  CLIENT_ERROR_MAX_PER_PAGE,
  CLIENT_ERROR_PATH,
  printable,
  withoutUrlQueries,
  type ClientErrorKind,
} from "./limits";

/** Sends one body; answers nothing (a report that fails is not reported again). */
export type ReportTransport = (url: string, body: string) => void;

export type ReporterOptions = {
  /** The site's account (the host's), sent as `account_id`; none on the platform's own site. */
  accountId?: string | null;
  send?: ReportTransport;
  max?: number;
  /** The page's path (no query string, which may carry tokens). */
  path?: () => string;
};

/** A beacon as text/plain (no preflight); a keepalive fetch where beacons are not available. */
export const beaconTransport: ReportTransport = (url, body) => {
  try {
    if (typeof navigator !== "undefined" && navigator.sendBeacon?.(url, body)) return;
  } catch {
    // A beacon refused (too large, or a policy): try fetch.
  }
  void fetch(url, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "text/plain;charset=UTF-8" },
  }).catch(() => undefined);
};

/** What an error says, with its stack when it has one: "TypeError: x is undefined\n    at …". */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    const stack = typeof error.stack === "string" ? error.stack : "";
    return stack.includes(error.message) ? stack : stack ? `${head}\n${stack}` : head;
  }
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const encoder = new TextEncoder();

/** The body, cut until it fits the endpoint's bounds (characters, then bytes). */
export function reportBody(
  message: string,
  fields: { accountId?: string | null; kind: ClientErrorKind; path?: string },
): string {
  let text = withoutUrlQueries(printable(message.slice(0, 4 * CLIENT_ERROR_MAX_MESSAGE)))
    .trim()
    .slice(0, CLIENT_ERROR_MAX_MESSAGE);
  const body = (value: string) =>
    JSON.stringify({
      message: value,
      ...(fields.accountId ? { account_id: fields.accountId } : {}),
      kind: fields.kind,
      ...(fields.path ? { path: fields.path.slice(0, 500) } : {}),
    });
  while (text.length > 1 && encoder.encode(body(text)).byteLength > CLIENT_ERROR_MAX_BODY_BYTES) {
    text = text.slice(0, Math.floor(text.length * 0.8));
  }
  return body(text);
}

/** One page's reporter: each distinct error once, `max` at most. */
export function createErrorReporter(options: ReporterOptions = {}) {
  const send = options.send ?? beaconTransport;
  const max = options.max ?? CLIENT_ERROR_MAX_PER_PAGE;
  const path = options.path ?? (() => (typeof location === "undefined" ? "" : location.pathname));
  let accountId = options.accountId ?? null;
  const seen = new Set<string>();
  return {
    setAccount(id: string | null | undefined) {
      accountId = id ?? null;
    },
    /** Sends the error unless it was sent already or the page's reports are spent; true if sent. */
    report(error: unknown, kind: ClientErrorKind): boolean {
      if (seen.size >= max) return false;
      const message = describeError(error);
      // Cross-origin scripts' errors say only this: nothing to learn from them.
      if (!message.trim() || message === "Script error.") return false;
      const key = message.slice(0, 500);
      if (seen.has(key)) return false;
      seen.add(key);
      send(CLIENT_ERROR_PATH, reportBody(message, { accountId, kind, path: path() }));
      return true;
    },
  };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

/** The page's reporter: one per page load, shared by the listeners and the error boundary. */
let pageReporter: ErrorReporter | undefined;
const reporterOf = (accountId?: string | null) => {
  pageReporter ??= createErrorReporter({ accountId });
  if (accountId !== undefined) pageReporter.setAccount(accountId);
  return pageReporter;
};

/**
 * Listens to the window's uncaught errors and unhandled rejections; answers the function that
 * stops listening (a React effect's cleanup).
 */
export function installErrorReporter({ accountId }: { accountId?: string | null } = {}) {
  if (typeof window === "undefined") return () => undefined;
  const reporter = reporterOf(accountId);
  const onError = (event: ErrorEvent) => {
    reporter.report(event.error ?? event.message, "error");
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.report(event.reason, "rejection");
  };
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}

/** The root error boundary's error (an exception, not a "not found" answer). */
export function reportBoundaryError(error: unknown, accountId?: string | null): void {
  if (typeof window === "undefined") return;
  reporterOf(accountId).report(error, "boundary");
}
