import type { ApiAnswer } from "./client";

/*
 * The i18n keys the auth forms show for an answer (apart from the transport in client.ts, which
 * the site frame and the dashboard load without any of these texts).
 */

/** Our error keys for better-auth's answers. */
export function authErrorKey(error: { status?: number; code?: string } | null | undefined): string {
  if (!error) return "auth.errors.generic";
  if (error.status === 429) return "auth.errors.tooManyAttempts";
  if (error.code === "EMAIL_NOT_VERIFIED" || error.status === 403) return "auth.errors.verifyEmail";
  if (error.code === "INVALID_EMAIL_OR_PASSWORD" || error.status === 401)
    return "auth.errors.invalidCredentials";
  return "auth.errors.generic";
}

const fieldErrorKeys: Record<string, string> = {
  email: "auth.errors.invalidEmail",
  phone: "auth.errors.invalidPhone",
};

/** Why a sign-up was refused, as the form shows it: password reasons, field errors or one message. */
export function signUpRefusal({ status, answer }: { status: number; answer: ApiAnswer }): {
  reasons: string[];
  fields: Record<string, string>;
  message: string | null;
} {
  const details = answer.error?.details as { reasons?: string[] } | { path: string }[] | undefined;
  if (answer.error?.code === "auth.weakPassword" && details && "reasons" in details) {
    return { reasons: details.reasons ?? ["weak"], fields: {}, message: null };
  }
  if (answer.error?.code === "request.invalid" && Array.isArray(details)) {
    const fields = Object.fromEntries(
      details.map((issue) => [issue.path, fieldErrorKeys[issue.path] ?? "auth.errors.required"]),
    );
    return { reasons: [], fields, message: null };
  }
  return {
    reasons: [],
    fields: {},
    message: status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.generic",
  };
}
