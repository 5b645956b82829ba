import { describe, expect, test } from "vitest";
import { addressIsGone, enhancedCodeOf, replyCodeOf } from "./bounce-codes";

describe("M5 bounce codes", () => {
  test("M5 only a dead address is a hard bounce: a spam or policy block (5.7.x) or a full mailbox is not", () => {
    expect(enhancedCodeOf("550 5.1.1 <a@example.com>: Recipient address rejected")).toBe("5.1.1");
    expect(enhancedCodeOf("smtp; 554 5.7.1 Service unavailable; client host blocked")).toBe(
      "5.7.1",
    );
    expect(enhancedCodeOf("550 no such user")).toBeUndefined();
    expect(replyCodeOf("smtp; 550 5.1.1 user unknown")).toBe(550);
    expect(replyCodeOf("no code here")).toBeUndefined();

    expect(addressIsGone({ enhanced: "5.1.1", reply: 550 })).toBe(true);
    expect(addressIsGone({ enhanced: "5.1.10" })).toBe(true);
    expect(addressIsGone({ enhanced: "5.2.1" })).toBe(true);
    expect(addressIsGone({ enhanced: "5.7.1", reply: 550 })).toBe(false);
    expect(addressIsGone({ enhanced: "5.2.2", reply: 552 })).toBe(false);
    expect(addressIsGone({ enhanced: "5.4.4" })).toBe(false);
    // No enhanced code, or the undefined 5.0.0: the reply code decides, as RFC 5321 says.
    expect(addressIsGone({ reply: 550 })).toBe(true);
    expect(addressIsGone({ enhanced: "5.0.0", reply: 553 })).toBe(true);
    expect(addressIsGone({ enhanced: "5.0.0", reply: 554 })).toBe(false);
    expect(addressIsGone({ reply: 554 })).toBe(false);
  });
});
