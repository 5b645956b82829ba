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

export type ApiAnswer = { status?: string; error?: { code: string; details?: unknown } };

/** POSTs JSON to one of our API routes; a network failure reads as status 0. */
export async function postJson(
  path: string,
  body: unknown,
): Promise<{ status: number; answer: ApiAnswer }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  return {
    status: response?.status ?? 0,
    answer: (await response?.json().catch(() => ({}))) ?? {},
  };
}
