import { describe, expect, test } from "vitest";
import { fromLocalInput, localInputToIso, toLocalInput } from "./datetime-local";

describe("D16 I37 datetime-local values and instants", () => {
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

  test("I37 an ISO instant goes in and comes out the same way (a sale's window, a coupon, a post)", () => {
    const at = new Date(2026, 10, 29, 14, 5);
    expect(toLocalInput(at.toISOString())).toBe("2026-11-29T14:05");
    expect(localInputToIso("2026-11-29T14:05")).toBe(at.toISOString());
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("2026-02-30T10:00")).toBeNull();
    expect(toLocalInput("not a date")).toBe("");
  });
});
