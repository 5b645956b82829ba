import { authErrorKey } from "./error-keys";

export type SignInFailure = { status?: number; code?: string; retryAfter?: unknown };
export type ErrorMessage = { key: string; values?: Record<string, string> };

/** "30 seconds", "4 minutes": the wait before an account accepts another try, in the page's language. */
export function formatWait(seconds: number, lang: string): string {
  const [value, unit] = seconds < 60 ? [seconds, "second"] : [Math.ceil(seconds / 60), "minute"];
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/** The message for a refused sign-in; an account waiting after wrong passwords says for how long. */
export function signInErrorMessage(failure: SignInFailure, lang: string): ErrorMessage {
  const wait = Number(failure.retryAfter);
  if (failure.code === "auth.accountLocked" && Number.isFinite(wait) && wait > 0) {
    return { key: "auth.errors.accountLocked", values: { wait: formatWait(wait, lang) } };
  }
  return { key: authErrorKey(failure) };
}
