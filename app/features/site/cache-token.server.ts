import { createHmac, timingSafeEqual } from "node:crypto";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Signed tokens for machine calls of the cache refresh endpoints (a deploy hook, a CMS
 * webhook): `v1.{account}.{expiry}.{signature}`, bound to one account, valid until expiry.
 * The key is derived from the auth secret for this use only, so a token is worth nothing
 * anywhere else.
 */
export function createCacheTokens(secret: string) {
  const key = createHmac("sha256", secret).update("lyceum.cache-refresh.v1").digest();
  const sign = (accountId: string, expires: number) =>
    createHmac("sha256", key).update(`${accountId}.${expires}`).digest("base64url");
  return {
    issue(accountId: string, { days = 365, now = Date.now() } = {}) {
      const expires = Math.floor((now + days * DAY_MS) / 1000);
      return {
        token: `v1.${accountId}.${expires}.${sign(accountId, expires)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    /** Whether the token was issued for this account and has not expired. */
    verify(token: string, accountId: string, now = Date.now()): boolean {
      const [version, account, expiry, signature] = token.split(".");
      if (version !== "v1" || account !== accountId || !expiry || !signature) return false;
      const expires = Number(expiry);
      if (!Number.isInteger(expires) || expires * 1000 <= now) return false;
      const expected = Buffer.from(sign(accountId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type CacheTokens = ReturnType<typeof createCacheTokens>;
