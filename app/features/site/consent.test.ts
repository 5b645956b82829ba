import { describe, expect, test } from "vitest";
import { consentCookie, readConsent } from "./consent";

describe("P15 cookie consent", () => {
  test("P15 reads the stored choice and ignores anything else", () => {
    expect(readConsent("")).toBeNull();
    expect(readConsent("theme=dark; cookie_consent=required; x=1")).toBe("required");
    expect(readConsent("cookie_consent=all")).toBe("all");
    expect(readConsent("cookie_consent=maybe")).toBeNull();
    expect(readConsent("my_cookie_consent=all")).toBeNull();
  });

  test("P15 the choice is kept 180 days on the whole site, Lax", () => {
    expect(consentCookie("disabled", { secure: false })).toBe(
      "cookie_consent=disabled; Max-Age=15552000; Path=/; SameSite=Lax",
    );
    expect(consentCookie("all", { secure: true })).toContain("; Secure");
  });
});
