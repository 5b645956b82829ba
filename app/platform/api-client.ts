/**
 * The browser's one JSON call to our API (spec §8 "query helper", checklist V6 and V7). Client-safe
 * and dependency-free. A refusal throws an {@link ApiError} carrying the server's
 * `{ error: { code, message } }`; a success without a body throws "Undefined data"; a 502, 503 or
 * 504 is asked again, after 200, 400 and 800 ms, when asking again is safe.
 */

/** A refusal of the API: the server's message (its code when it sent none), code and body. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  /** The catalogue code (app/platform/errors.ts), "server.internal" when the body had none. */
  readonly code: string;
  /** The parsed answer (`{}` when it was not JSON): some refusals list reasons beside the error. */
  readonly body: unknown;

  constructor({
    status,
    code,
    message,
    body,
  }: {
    status: number;
    code: string;
    message: string;
    body: unknown;
  }) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Spec §8: a success whose data is undefined (no body, or not JSON) is an error too. */
export const UNDEFINED_DATA = "Undefined data";

/** Gateway answers worth asking again: the server behind was busy or restarting. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** V7: exponential backoff from 200 ms, three retries at most. */
export const RETRY_DELAYS_MS: readonly number[] = [200, 400, 800];
/** A Retry-After up to this is waited for; a longer one ends the retries (the error is thrown). */
export const MAX_RETRY_AFTER_MS = 10_000;

/** Methods that change nothing more when repeated (RFC 9110 §9.2.2). */
const idempotent = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

export type RequestJsonInit = RequestInit & {
  /** A value sent as the JSON body (with its content type). */
  json?: unknown;
  /** Ask again on 502/503/504 although the method is not idempotent: the caller knows it is safe. */
  retry?: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Retry-After as milliseconds from now (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text().catch(() => "");
  let data: unknown;
  try {
    data = text === "" ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = isRecord(data) && isRecord(data.error) ? data.error : {};
    const code = typeof error.code === "string" && error.code ? error.code : "server.internal";
    const message = typeof error.message === "string" && error.message ? error.message : code;
    throw new ApiError({ status: response.status, code, message, body: data ?? {} });
  }
  if (data === undefined || data === null) throw new Error(UNDEFINED_DATA);
  return data as T;
}

/**
 * Calls `url` and answers its JSON. Throws an {@link ApiError} on a refusal, "Undefined data" on
 * an empty success, and lets a network failure through as it came. Idempotent methods (or any,
 * with `retry: true`) are asked again on 502/503/504 after 200, 400 then 800 ms, or after the
 * answer's Retry-After when it is longer (up to 10 s; longer, the answer is the error).
 */
export async function requestJson<T>(url: string, init: RequestJsonInit = {}): Promise<T> {
  const { json, retry, ...rest } = init;
  const method = (rest.method ?? "GET").toUpperCase();
  const request: RequestInit = { ...rest, method };
  if (json !== undefined) {
    const headers = new Headers(rest.headers);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    request.headers = headers;
    request.body = JSON.stringify(json);
  }
  // A stream is read by the first request: it cannot be sent twice.
  const resendable = !(request.body instanceof ReadableStream);
  const mayRetry = resendable && (retry ?? idempotent.has(method));
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url, request);
    const backoff = RETRY_DELAYS_MS[attempt];
    if (mayRetry && backoff !== undefined && RETRY_STATUSES.has(response.status)) {
      const asked = retryAfterMs(response.headers.get("retry-after"));
      if (asked === null || asked <= MAX_RETRY_AFTER_MS) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(Math.max(backoff, asked ?? 0), request.signal);
        continue;
      }
    }
    return answerOf<T>(response);
  }
}

/**
 * For screens that translate a refusal by its catalogue code (`t(errorKeyOf(error.message))`):
 * rethrows an {@link ApiError} as an Error whose message is the code, its body kept beside.
 */
export function rethrowWithCode(error: unknown): never {
  if (error instanceof ApiError) throw Object.assign(new Error(error.code), { body: error.body });
  throw error;
}
