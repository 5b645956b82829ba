import { describe, expect, test } from "vitest";
import { fromLocalInput, noticeState, toLocalInput } from "./notices-time";

describe("D16 the header notice's schedule", () => {
  test("a timestamp and a datetime-local value convert both ways in the local zone", () => {
    const timestamp = new Date(2026, 4, 1, 9, 30).getTime();
    expect(toLocalInput(timestamp)).toBe("2026-05-01T09:30");
    expect(fromLocalInput("2026-05-01T09:30")).toBe(timestamp);
    expect(toLocalInput(null)).toBe("");
    expect(fromLocalInput("")).toBeNull();
  });

  test("a value that is not a date is NaN, so the schema refuses it", () => {
    expect(fromLocalInput("tomorrow")).toBeNaN();
    expect(fromLocalInput("2026-04-31T10:00")).toBeNaN();
  });

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
