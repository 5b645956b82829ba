import { createHash, randomBytes } from "node:crypto";
import { KEY_BODY_LENGTH, KEY_PREFIX, SHOWN_PREFIX_LENGTH } from "./scopes";

const wellFormed = new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{${KEY_BODY_LENGTH}}$`);

/** A new secret: `lyk_` and 24 random bytes; shown once, kept only as its hash. */
export function newSecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), hash: hashOf(secret) };
}

export const hashOf = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

/**
 * What an `Authorization` header says about a key: null when it names none (no header, another
 * scheme, another kind of bearer token: the routes that take those read them), `malformed` for
 * a `Bearer lyk_…` that cannot be one of ours, else the secret.
 */
export function presentedKey(authorization: string | undefined): string | "malformed" | null {
  if (authorization === undefined) return null;
  const match = /^\s*bearer\s+(lyk_\S*)(.*)$/is.exec(authorization);
  if (!match) return /^\s*bearer\s+lyk_/i.test(authorization) ? "malformed" : null;
  const [, token, rest] = match;
  if (rest!.trim() !== "" || !wellFormed.test(token!)) return "malformed";
  return token!;
}
