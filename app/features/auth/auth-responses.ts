/**
 * better-auth answers some calls with the session token in the JSON body (sign-in, sign-up,
 * get-session, two-factor and phone verification). The cookie already carries it, httpOnly;
 * in a body any script on the page (an owner's custom script) could read it. These endpoints
 * list or end sessions across every site of the person, tokens included: ours replace them
 * (/api/account/sessions), scoped to the asking site.
 */
export const crossSiteSessionPaths = [
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
];

/** The value with every `token` property removed, at any depth. */
export function dropTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, child]) => [key, dropTokens(child)]),
  );
}

/** better-auth's response with any token taken out of its JSON body (headers kept, cookies too). */
export async function withoutBodyTokens(response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json") || !response.body) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(dropTokens(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
