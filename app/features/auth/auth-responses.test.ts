import { expect, test } from "vitest";
import { coarsePlace } from "./profile.server";
import { dropTokens, withoutBodyTokens } from "./auth-responses";

test("A11 no better-auth answer hands a session token to the page", async () => {
  expect(
    dropTokens({
      token: "t",
      user: { id: "u" },
      session: { id: "s", token: "t" },
      list: [{ token: 1 }],
    }),
  ).toEqual({ user: { id: "u" }, session: { id: "s" }, list: [{}] });
  const response = new Response(JSON.stringify({ redirect: false, token: "secret-token" }), {
    headers: { "content-type": "application/json", "set-cookie": "lyceum.session_token=x" },
  });
  const cleaned = await withoutBodyTokens(response);
  expect(await cleaned.text()).not.toContain("secret-token");
  expect(cleaned.headers.get("set-cookie")).toBe("lyceum.session_token=x");
});

test("A11 a session's place is its network, not its address", () => {
  expect(coarsePlace("198.51.100.23")).toBe("198.51.100.0/24");
  expect(coarsePlace("::ffff:10.1.2.3")).toBe("10.1.2.0/24");
  expect(coarsePlace("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
  expect(coarsePlace("0000:0000:0000:0000:0000:0000:0000:0001")).toBe("::1");
  expect(coarsePlace("2001:0db8:0abc:0000:0000:0000:0000:0001")).toBe("2001:db8:abc::/48");
  expect(coarsePlace("unknown")).toBeNull();
  expect(coarsePlace(null)).toBeNull();
});
