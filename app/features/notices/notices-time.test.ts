import { describe, expect, test } from "vitest";
import { noticeState } from "./notices-time";

describe("D16 the header notice's schedule", () => {
  test("the state follows the public site's rule", () => {
    const now = Date.now();
    const notice = { enabled: true, text: "Hello", start: null, expire: null };
    expect(noticeState(notice, now)).toBe("showing");
    expect(noticeState({ ...notice, enabled: false }, now)).toBe("off");
    expect(noticeState({ ...notice, text: " " }, now)).toBe("empty");
    expect(noticeState({ ...notice, start: now + 1 }, now)).toBe("scheduled");
    expect(noticeState({ ...notice, expire: now }, now)).toBe("ended");
    expect(noticeState({ ...notice, start: now, expire: now + 1 }, now)).toBe("showing");
  });
});
