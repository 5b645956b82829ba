import { describe, expect, test } from "vitest";
import {
  admit,
  delayAfter,
  FAILURES_BEFORE_DELAY,
  FORGET_AFTER_MS,
  MAX_DELAY_MS,
  type Counter,
} from "./sign-in-limits.server";
import { formatWait, signInErrorMessage } from "./sign-in-error";

/** Runs `count` failed attempts through `admit`, `stepMs` apart, from `start`. */
function fail(count: number, { start = 0, stepMs = 0, from = null as Counter | null } = {}) {
  let counter = from;
  const answers: ReturnType<typeof admit>[] = [];
  for (let i = 0; i < count; i++) {
    const answer = admit(counter, start + i * stepMs);
    answers.push(answer);
    if (answer.allowed) counter = answer.next;
  }
  return { counter, answers };
}

describe("A11 the per-account sign-in delay", () => {
  test("A11 five failures are free, then attempts wait and are refused meanwhile", () => {
    const { counter, answers } = fail(FAILURES_BEFORE_DELAY);
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(counter).toEqual({ failures: 5, lockedUntil: 30_000, updatedAt: 0 });
    expect(admit(counter, 10_000)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(admit(counter, 30_000).allowed).toBe(true);
  });

  test("A11 the delay grows: 30 s doubling to a cap of 15 minutes", () => {
    expect([4, 5, 6, 7, 8, 9, 10, 20].map(delayAfter)).toEqual([
      0,
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
    ]);
    // Each attempt made once the previous delay is over waits twice as long afterwards.
    let counter = fail(5).counter!;
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const at = counter.lockedUntil!;
      const answer = admit(counter, at);
      if (!answer.allowed) throw new Error("refused after its delay");
      waits.push((answer.next.lockedUntil! - at) / 1000);
      counter = answer.next;
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
  });

  test("A11 failures are forgotten after a day without one", () => {
    const { counter } = fail(7);
    const later = admit(counter, FORGET_AFTER_MS + 1);
    expect(later).toEqual({
      allowed: true,
      next: { failures: 1, lockedUntil: null, updatedAt: FORGET_AFTER_MS + 1 },
    });
  });
});

describe("A11 the sign-in form's message for a waiting account", () => {
  test("A11 the wait is said in seconds or whole minutes, in the page's language", () => {
    expect(formatWait(30, "en")).toBe("30 seconds");
    expect(formatWait(61, "en")).toBe("2 minutes");
    expect(formatWait(900, "fr")).toBe("15 minutes");
    expect(formatWait(120, "de")).toBe("2 Minuten");
    expect(
      signInErrorMessage({ status: 429, code: "auth.accountLocked", retryAfter: 45 }, "en"),
    ).toEqual({ key: "auth.errors.accountLocked", values: { wait: "45 seconds" } });
    // better-auth's own per-address 429 keeps its message.
    expect(signInErrorMessage({ status: 429 }, "en")).toEqual({
      key: "auth.errors.tooManyAttempts",
    });
  });
});
