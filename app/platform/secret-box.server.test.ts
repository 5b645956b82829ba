import { describe, expect, test } from "vitest";
import { createSecretBox, SecretBoxError } from "./secret-box.server";

const secret = "test-secret-test-secret-test-secret-0123";
const context = "account-1/stripe/secret";

/** The sealed value with one character of part `index` changed. */
function alter(sealed: string, index: number): string {
  const parts = sealed.split(".");
  const part = parts[index]!;
  const flipped = part[0] === "A" ? "B" : "A";
  parts[index] = flipped + part.slice(1);
  return parts.join(".");
}

describe("secret box", () => {
  const box = createSecretBox(secret);

  test("seals and opens a string, with a fresh nonce each time", () => {
    const plain = "sk_test_51Hx…ünïcødé";
    const a = box.seal(plain, context);
    const b = box.seal(plain, context);
    expect(a).not.toBe(b);
    expect(a).not.toContain("sk_test");
    expect(a.startsWith("v1.")).toBe(true);
    expect(box.open(a, context)).toBe(plain);
    expect(box.open(b, context)).toBe(plain);
    expect(box.open(box.seal("", context), context)).toBe("");
  });

  test("another server secret opens nothing", () => {
    const other = createSecretBox("another-secret-another-secret-0123456");
    expect(() => other.open(box.seal("x", context), context)).toThrow(SecretBoxError);
  });

  test("a value sealed for another context does not open", () => {
    const sealed = box.seal("sk_live_1", "account-1/stripe/secret");
    expect(() => box.open(sealed, "account-2/stripe/secret")).toThrow(SecretBoxError);
    expect(() => box.open(sealed, "account-1/stripe/webhook")).toThrow(SecretBoxError);
  });

  test("any altered part is refused", () => {
    const sealed = box.seal("whsec_abcdef", context);
    for (const index of [1, 2, 3]) {
      expect(() => box.open(alter(sealed, index), context)).toThrow(SecretBoxError);
    }
  });

  test("unknown versions and malformed values are refused", () => {
    const sealed = box.seal("x", context);
    expect(() => box.open(sealed.replace(/^v1\./, "v2."), context)).toThrow(SecretBoxError);
    for (const bad of ["", "v1", "v1...", "v1.a.b", "v1.!!.??.**", `${sealed}.extra`]) {
      expect(() => box.open(bad, context)).toThrow(SecretBoxError);
    }
    const [v, nonce, body, tag] = sealed.split(".");
    expect(() => box.open([v, nonce!.slice(2), body, tag].join("."), context)).toThrow(
      SecretBoxError,
    );
    expect(() => box.open([v, nonce, body, tag!.slice(4)].join("."), context)).toThrow(
      SecretBoxError,
    );
  });

  test("a short secret is refused", () => {
    expect(() => createSecretBox("short")).toThrow();
  });
});
