import { describe, expect, test } from "vitest";
import { avatarKey, avatarToShow, parseKnownAvatar, rememberAvatar } from "./avatar-cache";

const store = () => {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe("D14 avatars remembered per session under type_userid", () => {
  test("D14 the record is kept under type_userid and read back", () => {
    const session = store();
    rememberAvatar(session, "member", "u1", { src: "/a.jpg", failed: false });
    expect([...session.values.keys()]).toEqual(["member_u1"]);
    expect(avatarKey("membership", "m7")).toBe("membership_m7");
    expect(parseKnownAvatar(session.getItem("member_u1"))).toEqual({
      src: "/a.jpg",
      failed: false,
    });
  });

  test("D14 a failed picture is not shown again; a picture the screen lacks comes from the record", () => {
    const failed = { src: "/a.jpg", failed: true };
    expect(avatarToShow("/a.jpg", failed)).toBeNull();
    // A new picture (uploaded since) is tried.
    expect(avatarToShow("/b.jpg", failed)).toBe("/b.jpg");
    expect(avatarToShow(null, { src: "/a.jpg", failed: false })).toBe("/a.jpg");
    expect(avatarToShow(null, failed)).toBeNull();
    expect(avatarToShow("/a.jpg", null)).toBe("/a.jpg");
  });

  test("D14 a record another script wrote, or storage that refuses, changes nothing", () => {
    for (const stored of ["{", "42", '{"src":1,"failed":true}', '{"src":"/a.jpg"}', null]) {
      expect(parseKnownAvatar(stored), String(stored)).toBeNull();
    }
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() =>
      rememberAvatar(refusing, "member", "u1", { src: "/a.jpg", failed: true }),
    ).not.toThrow();
  });
});
