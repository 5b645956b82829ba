import { describe, expect, test } from "vitest";
import {
  countsPriorOrders,
  couponRefusal,
  refusalMessage,
  type CouponLimits,
  type CouponRefusal,
} from "./coupon-rules";

const now = new Date("2026-06-01T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const base: CouponLimits = {
  usageLimit: 0,
  usageCount: 0,
  perUserLimit: 0,
  dateStart: null,
  dateEnd: null,
};

type Case = [
  name: string,
  coupon: Partial<CouponLimits>,
  priorOrders: number | null,
  expected: CouponRefusal | null,
];

// Spec §5 rule by rule, each boundary from both sides (and on it); null = the coupon applies.
const cases: Case[] = [
  ["no limits, no dates", {}, null, null],
  // usage_limit > 0 and usage_count reached it → limit; 0 = unlimited.
  ["usage_limit 0 is unlimited, whatever the count", { usageCount: 100_000 }, null, null],
  ["usage 4 of 5", { usageLimit: 5, usageCount: 4 }, null, null],
  ["usage 5 of 5 reached", { usageLimit: 5, usageCount: 5 }, null, "limit"],
  ["usage 6 of 5 (counted past it)", { usageLimit: 5, usageCount: 6 }, null, "limit"],
  ["usage 0 of 1", { usageLimit: 1, usageCount: 0 }, null, null],
  ["usage 1 of 1 reached", { usageLimit: 1, usageCount: 1 }, null, "limit"],
  // start date in the future → unavailable.
  ["start a millisecond after now", { dateStart: at(1) }, null, "unavailable"],
  ["start a day after now", { dateStart: at(86_400_000) }, null, "unavailable"],
  ["start exactly now has started", { dateStart: at(0) }, null, null],
  ["start a millisecond before now", { dateStart: at(-1) }, null, null],
  // end date past → expired.
  ["end a millisecond before now", { dateEnd: at(-1) }, null, "expired"],
  ["end a year ago", { dateEnd: at(-365 * 86_400_000) }, null, "expired"],
  ["end exactly now has not passed", { dateEnd: at(0) }, null, null],
  ["end a millisecond after now", { dateEnd: at(1) }, null, null],
  ["inside its dates", { dateStart: at(-1), dateEnd: at(1) }, null, null],
  ["start and end both exactly now", { dateStart: at(0), dateEnd: at(0) }, null, null],
  // a signed-in person's prior orders reach per_user_limit (> 0) → limit.
  ["per-user 1, no prior order", { perUserLimit: 1 }, 0, null],
  ["per-user 1, one prior order", { perUserLimit: 1 }, 1, "limit"],
  ["per-user 1, two prior orders", { perUserLimit: 1 }, 2, "limit"],
  ["per-user 2, one prior order", { perUserLimit: 2 }, 1, null],
  ["per-user 2, two prior orders", { perUserLimit: 2 }, 2, "limit"],
  ["per-user 0 is no limit", { perUserLimit: 0 }, 50, null],
  ["per-user 1 for a visitor not signed in", { perUserLimit: 1 }, null, null],
  // Several rules at once: the spec's order decides which message shows.
  [
    "usage reached and not started",
    { usageLimit: 1, usageCount: 1, dateStart: at(1) },
    null,
    "limit",
  ],
  ["not started and ended", { dateStart: at(1), dateEnd: at(-1) }, null, "unavailable"],
  ["ended and per-user reached", { dateEnd: at(-1), perUserLimit: 1 }, 3, "expired"],
  ["not started and per-user reached", { dateStart: at(1), perUserLimit: 1 }, 1, "unavailable"],
  [
    "usage under its limit but per-user reached",
    { usageLimit: 10, usageCount: 2, perUserLimit: 1 },
    1,
    "limit",
  ],
];

describe("C3 coupon rules (spec §5, §8)", () => {
  test.each(cases)("C3 %s", (_name, coupon, priorOrders, expected) => {
    expect(couponRefusal({ ...base, ...coupon }, { now, priorOrders })).toBe(expected);
  });

  test("C3 per-user limits across two users: one at the limit, the other not", () => {
    const coupon = { ...base, perUserLimit: 1 };
    const priorOrders = new Map([
      ["ada", 1],
      ["ben", 0],
    ]);
    const refusalFor = (user: string) =>
      couponRefusal(coupon, { now, priorOrders: priorOrders.get(user)! });
    expect(refusalFor("ada")).toBe("limit");
    expect(refusalFor("ben")).toBeNull();
    priorOrders.set("ben", 1);
    expect(refusalFor("ben")).toBe("limit");
  });

  test("C3 prior orders are counted only for a signed-in person and a per-user limit", () => {
    expect(countsPriorOrders({ ...base, perUserLimit: 1 }, "user-1")).toBe(true);
    expect(countsPriorOrders({ ...base, perUserLimit: 1 }, null)).toBe(false);
    expect(countsPriorOrders({ ...base, perUserLimit: 0 }, "user-1")).toBe(false);
  });

  test("C3 each refusal names its toast (spec §8)", () => {
    expect(refusalMessage).toEqual({
      limit: "cart.couponLimit",
      unavailable: "cart.couponUnavailable",
      expired: "cart.couponExpired",
    });
  });
});
