import { describe, expect, test } from "vitest";
import {
  SECONDS_IN,
  formatDuration,
  formatRelativeDuration,
  largestDurationUnit,
} from "./duration";

describe("V5 duration helper", () => {
  test("V5 the units are the spec's: month 2592000 s, week 604800, day 86400, hour 3600, minute 60", () => {
    expect(SECONDS_IN).toEqual({
      month: 2_592_000,
      week: 604_800,
      day: 86_400,
      hour: 3_600,
      minute: 60,
      second: 1,
    });
  });

  test.each([
    [0, 0, "second"],
    [1, 1, "second"],
    [59, 59, "second"],
    [60, 1, "minute"],
    [119, 1, "minute"],
    [120, 2, "minute"],
    [3_599, 59, "minute"],
    [3_600, 1, "hour"],
    [86_399, 23, "hour"],
    [86_400, 1, "day"],
    [604_799, 6, "day"],
    [604_800, 1, "week"],
    [2_591_999, 4, "week"],
    [2_592_000, 1, "month"],
    [31_536_000, 12, "month"],
  ])("V5 %i s → %i in unit %s (both sides of each boundary)", (seconds, value, unit) => {
    expect(largestDurationUnit(seconds)).toEqual({ value, unit });
  });

  test("V5 a negative duration keeps its sign, a fraction of a second is none, NaN is refused", () => {
    expect(largestDurationUnit(-90)).toEqual({ value: -1, unit: "minute" });
    expect(largestDurationUnit(-2_592_000)).toEqual({ value: -1, unit: "month" });
    expect(largestDurationUnit(0.4)).toEqual({ value: 0, unit: "second" });
    expect(largestDurationUnit(-0.4)).toEqual({ value: 0, unit: "second" });
    expect(() => largestDurationUnit(Number.NaN)).toThrow(RangeError);
    expect(() => largestDurationUnit(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  test("V5 written in the reader's language", () => {
    // Languages put (narrow) no-break spaces between number and unit.
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(formatDuration(59, "en"))).toBe("59 seconds");
    expect(plain(formatDuration(60, "en"))).toBe("1 minute");
    expect(plain(formatDuration(3 * 86_400 + 5, "en"))).toBe("3 days");
    expect(plain(formatDuration(2 * 2_592_000, "fr"))).toBe("2 mois");
    expect(plain(formatDuration(7_200, "en", { unitDisplay: "short" }))).toBe("2 hr");
    expect(plain(formatRelativeDuration(-86_400, "en"))).toBe("yesterday");
    expect(plain(formatRelativeDuration(3 * 604_800, "en"))).toBe("in 3 weeks");
    expect(plain(formatRelativeDuration(-7_200, "de"))).toBe("vor 2 Stunden");
  });
});
