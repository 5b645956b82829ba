import { phoneNumberClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

function makeClient() {
  // Each site is its own origin: the client talks to the host the page came from.
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: "/api/auth",
    plugins: [twoFactorClient(), phoneNumberClient()],
  });
}

let client: ReturnType<typeof makeClient> | undefined;

/** The browser's auth client, made on first use (never during server rendering). */
export function authClient() {
  client ??= makeClient();
  return client;
}

/** Our error keys for better-auth's answers. */
export function authErrorKey(error: { status?: number; code?: string } | null | undefined): string {
  if (!error) return "auth.errors.generic";
  if (error.status === 429) return "auth.errors.tooManyAttempts";
  if (error.code === "EMAIL_NOT_VERIFIED" || error.status === 403) return "auth.errors.verifyEmail";
  if (error.code === "INVALID_EMAIL_OR_PASSWORD" || error.status === 401)
    return "auth.errors.invalidCredentials";
  return "auth.errors.generic";
}
