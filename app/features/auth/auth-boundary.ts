import { z } from "zod";
import { AppError, errorCatalogue, type ErrorCode } from "~/platform/errors";
import { englishText } from "~/platform/i18n/messages.server";
import { sitePathPattern, urlPattern } from "~/platform/patterns";
import { safeRedirect } from "./guards.server";

/**
 * What goes into better-auth and what comes out of it, at our side of the call. better-auth
 * checks less than we need: `update-user` stores any `name` and `image` (null breaks the row:
 * 500), a plugin's hook reads `"field" in body` and throws on a POST without a body (500), and
 * `verify-email` builds a URL from its `callbackURL` and throws on one that is not a URL (500).
 */

/** better-auth's parameters naming where the browser goes next: paths on this site only. */
const redirectParameters = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

const isSitePath = (value: unknown) =>
  typeof value === "string" && value !== "" && safeRedirect(value, "") === value;

/** A picture of the person: a path on the site or an http(s) address, nothing else. */
const imageSource = z
  .string()
  .max(500)
  .refine((value) => sitePathPattern.test(value) || urlPattern.test(value));

/** Bodies of endpoints whose fields better-auth stores without checking them. */
const bodySchemas: Record<string, z.ZodType> = {
  // What a person may change of themselves here; anything else (email, flags) is refused.
  "/update-user": z
    .object({
      name: z.string().trim().min(1).max(80).optional(),
      image: imageSource.nullable().optional(),
    })
    .strict(),
};

const invalid = (where: string) => new AppError({ code: "request.invalid", details: { where } });

/** The body as the object better-auth would read; the input rule has vetted its text. */
async function bodyObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text === "") return {};
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded")
    return Object.fromEntries(new URLSearchParams(text));
  // No better-auth endpoint takes a file; any other body was checked as a JSON object.
  if (type === "multipart/form-data") throw invalid("body");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid("body");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw invalid("body");
  return value as Record<string, unknown>;
}

/**
 * The request handed to better-auth for `endpoint` ("/update-user"): redirect parameters that
 * are paths on this site, and a POST body that is always a JSON object (`{}` when none was sent),
 * checked against our schema where better-auth has none. Anything else is 400.
 */
export async function betterAuthRequest(
  request: Request,
  { endpoint, headers }: { endpoint: string; headers: Headers },
): Promise<Request> {
  const url = new URL(request.url);
  for (const name of redirectParameters) {
    for (const value of url.searchParams.getAll(name))
      if (!isSitePath(value)) throw invalid(`query.${name}`);
  }
  if (request.method !== "POST") return new Request(request, { headers });
  const body = await bodyObject(request);
  for (const name of redirectParameters) {
    if (name in body && !isSitePath(body[name])) throw invalid(`body.${name}`);
  }
  const schema = bodySchemas[endpoint];
  if (schema && !schema.safeParse(body).success) throw invalid("body");
  const json = new Headers(headers);
  json.set("content-type", "application/json");
  json.delete("content-length");
  return new Request(request.url, {
    method: "POST",
    headers: json,
    body: JSON.stringify(body),
    signal: request.signal,
  });
}

const codeForStatus: Record<number, ErrorCode> = {
  401: "not_authenticated",
  403: "auth.forbidden",
  404: "route.notFound",
  413: "request.tooLarge",
  429: "auth.tooManyRequests",
};

/**
 * better-auth's answers to a wrong password. Its own code beside the status's catalogue code read
 * as two contradicting answers (`INVALID_EMAIL_OR_PASSWORD` and `not_authenticated`, "Auth session
 * missing!"): these answer with the catalogue's code alone.
 */
const wrongCredentials = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PHONE_NUMBER_OR_PASSWORD"]);

const catalogueError = (code: ErrorCode) => ({
  code,
  message: englishText(errorCatalogue[code].key),
});

/**
 * better-auth's refusals carry a catalogue code too (`error.code`, as every /api answer), beside
 * its own `code` and `message` that its client reads; an empty refusal gets a JSON body. A code
 * of ours raised inside better-auth (`auth.accountLocked`) is its catalogue code as well.
 */
export async function withCatalogueError(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const text = await response.text();
  let parsed: unknown = {};
  try {
    if (text) parsed = JSON.parse(text);
  } catch {
    parsed = { message: text };
  }
  const body =
    parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const own = typeof body.code === "string" ? body.code : "";
  const answer = wrongCredentials.has(own)
    ? { error: catalogueError("auth.invalidCredentials") }
    : {
        ...body,
        error: catalogueError(
          own in errorCatalogue
            ? (own as ErrorCode)
            : (codeForStatus[response.status] ?? "request.invalid"),
        ),
      };
  return new Response(JSON.stringify(answer), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
