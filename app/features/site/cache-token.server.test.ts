import { expect, test } from "vitest";
import { createCacheTokens } from "./cache-token.server";

const account = "6f1c2f7e-8a4b-4c1e-9d2a-0b1c2d3e4f50";
const other = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

test("A11 a cache token opens its own account's refresh only, until it expires", () => {
  const tokens = createCacheTokens("secret-secret-secret-secret-secret-1");
  const now = Date.parse("2026-11-22T00:00:00Z");
  const { token, expiresAt } = tokens.issue(account, { days: 30, now });
  expect(expiresAt).toBe("2026-12-22T00:00:00.000Z");
  expect(tokens.verify(token, account, now)).toBe(true);
  expect(tokens.verify(token, other, now)).toBe(false);
  expect(tokens.verify(token, account, Date.parse(expiresAt))).toBe(false);
  // Another secret, or a forged expiry, fails the signature.
  expect(createCacheTokens("another-secret-another-secret-00").verify(token, account, now)).toBe(
    false,
  );
  const [v, a, e, s] = token.split(".");
  expect(tokens.verify([v, a, String(Number(e) + 86400), s].join("."), account, now)).toBe(false);
  expect(tokens.verify("garbage", account, now)).toBe(false);
});
