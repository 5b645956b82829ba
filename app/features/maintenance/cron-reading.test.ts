import { describe, expect, test } from "vitest";
import { cronText, readCron } from "./cron-reading";
import { scheduleLabelId } from "./crons-shapes";

describe("M8 a cron expression in words", () => {
  test("M8 the common shapes are read; anything else is left as the expression", () => {
    expect(readCron("* * * * *")).toEqual({ kind: "minute" });
    expect(readCron("*/1 * * * *")).toEqual({ kind: "minute" });
    expect(readCron("*/5 * * * *")).toEqual({ kind: "minutes", every: 5 });
    expect(readCron("7 * * * *")).toEqual({ kind: "hourly", minute: 7 });
    expect(readCron("41 3 * * *")).toEqual({ kind: "daily", hour: 3, minute: 41 });
    expect(readCron("0 5 * * 1")).toEqual({ kind: "weekly", weekday: 1, hour: 5, minute: 0 });
    expect(readCron("0 5 * * 7")).toEqual({ kind: "weekly", weekday: 0, hour: 5, minute: 0 });
    for (const other of ["0 0 1 * *", "0 9-17 * * *", "0 5 * * 1-5", "* * * * * *", "61 * * * *"]) {
      expect(readCron(other), other).toBeNull();
    }
  });

  test("M8 the words' key and values, times written for the reader's language", () => {
    expect(cronText({ kind: "hourly", minute: 7 }, "en")).toEqual({
      key: "crons.every.hourly",
      values: { minute: "07" },
    });
    expect(cronText({ kind: "daily", hour: 3, minute: 41 }, "en").values.time).toBe("03:41 AM");
    expect(cronText({ kind: "daily", hour: 15, minute: 5 }, "de").values.time).toBe("15:05");
    expect(cronText({ kind: "weekly", weekday: 1, hour: 5, minute: 0 }, "fr").values.day).toBe(
      "lundi",
    );
  });

  test("M8 a schedule's name as a catalogue key", () => {
    expect(scheduleLabelId("auth.expired-sessions")).toBe("authExpiredSessions");
    expect(scheduleLabelId("orders.subscription-sweep")).toBe("ordersSubscriptionSweep");
  });
});
