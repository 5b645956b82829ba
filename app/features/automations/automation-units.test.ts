import { describe, expect, test } from "vitest";
import { nextWeekdayTime, placeSteps } from "./automation-graph";
import { graphSchema } from "./automation-shapes";
import { signWebhook } from "~/platform/webhook-signing.server";

/** The wall clock of `date` in `zone`, as "Mon 09:00". */
const wall = (date: Date, zone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);

describe("M5 automation waits on the wall clock", () => {
  test("M5 'until Monday 09:00' is 09:00 local on each of 104 weeks, across every clock change, in several zones", () => {
    for (const zone of [
      "Europe/London",
      "America/New_York",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
      "America/St_Johns",
      "Pacific/Chatham",
      "Asia/Kathmandu",
      "America/Phoenix",
    ]) {
      let at = new Date("2026-01-01T12:00:00Z");
      for (let week = 0; week < 104; week++) {
        const next = nextWeekdayTime({ days: [1], time: "09:00" }, at, zone);
        expect(wall(next, zone), `${zone} after ${at.toISOString()}`).toBe("Mon 09:00");
        expect(next.getTime()).toBeGreaterThan(at.getTime());
        // A week at most: no Monday is skipped.
        expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(7 * 86_400_000 + 3_600_000);
        at = new Date(next.getTime() + 60_000);
      }
    }
  });

  test("M5 a time a clock change skips goes at the first minute after the gap; one it repeats goes once", () => {
    // New York, 8 March 2026: 02:00 jumps to 03:00 — 02:30 does not exist that Sunday.
    const gap = nextWeekdayTime(
      { days: [0], time: "02:30" },
      new Date("2026-03-07T12:00:00Z"),
      "America/New_York",
    );
    expect(gap.toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(wall(gap, "America/New_York")).toBe("Sun 03:00");
    // 1 November 2026: 01:30 happens twice; the first is taken, and the next is a week later.
    const overlap = nextWeekdayTime(
      { days: [0], time: "01:30" },
      new Date("2026-10-31T12:00:00Z"),
      "America/New_York",
    );
    expect(overlap.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    const after = nextWeekdayTime(
      { days: [0], time: "01:30" },
      new Date(overlap.getTime() + 60_000),
      "America/New_York",
    );
    expect(after.toISOString()).toBe("2026-11-08T06:30:00.000Z");
  });

  test("M5 a step on a chosen day before its time waits for today's time; after it, for the next chosen day", () => {
    const zone = "Asia/Kolkata";
    // Wednesday 2026-11-25, 08:00 in Kolkata.
    const morning = new Date("2026-11-25T02:30:00Z");
    expect(wall(nextWeekdayTime({ days: [3, 5], time: "09:30" }, morning, zone), zone)).toBe(
      "Wed 09:30",
    );
    const evening = new Date("2026-11-25T14:30:00Z");
    expect(wall(nextWeekdayTime({ days: [3, 5], time: "09:30" }, evening, zone), zone)).toBe(
      "Fri 09:30",
    );
  });
});

describe("M5 automation graphs", () => {
  test("M5 branches join again after their if; ids are unique; an 'opened' condition names an e-mail step", () => {
    const graph = graphSchema.parse({
      trigger: { type: "form.submitted" },
      steps: [
        { id: "a1", type: "tag", tag: "x" },
        {
          id: "if1",
          type: "if",
          condition: { kind: "hasTag", tag: "x" },
          yes: [{ id: "y1", type: "tag", tag: "y" }],
          no: [],
        },
        { id: "z1", type: "untag", tag: "x" },
      ],
    });
    const placed = placeSteps(graph);
    expect(placed.get("a1")?.next).toBe("if1");
    expect(placed.get("y1")?.next).toBe("z1");
    expect(placed.get("z1")?.next).toBeNull();
    const twice = graphSchema.safeParse({
      trigger: { type: "form.submitted" },
      steps: [
        { id: "a1", type: "tag", tag: "x" },
        { id: "a1", type: "tag", tag: "y" },
        { id: "if2", type: "if", condition: { kind: "opened", stepId: "a1" } },
      ],
    });
    expect(twice.success).toBe(false);
    expect(
      twice.error?.issues.map(
        (issue) => (issue as { params?: { origin?: string } }).params?.origin,
      ),
    ).toEqual(expect.arrayContaining(["duplicate", "noEmail"]));
    // A webhook only to http(s) addresses.
    expect(
      graphSchema.safeParse({
        trigger: { type: "form.submitted" },
        steps: [{ id: "w1", type: "webhook", url: "javascript:alert(1)" }],
      }).success,
    ).toBe(false);
  });
});

describe("M5 automation webhooks", () => {
  test("M5 a webhook step's signature is the Standard Webhooks one (the spec's own test vector)", () => {
    expect(
      signWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", {
        id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });
});
