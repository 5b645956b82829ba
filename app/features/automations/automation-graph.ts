import type { AutomationGraph, AutomationStep, IfStep, WaitStep } from "./automation-shapes";
import { UNIT_SECONDS } from "./automation-shapes";

/** A step with where a run goes after it (null: the end), branches joined back after their if. */
export type PlacedStep = { step: AutomationStep; next: string | null };

/** Each step of a graph by id, with its successor: what the engine walks. */
export function placeSteps(graph: Pick<AutomationGraph, "steps">): Map<string, PlacedStep> {
  const placed = new Map<string, PlacedStep>();
  const walk = (steps: AutomationStep[], after: string | null) => {
    steps.forEach((step, index) => {
      const next = steps[index + 1]?.id ?? after;
      placed.set(step.id, { step, next });
      if (step.type === "if") {
        walk(step.yes, next);
        walk(step.no, next);
      }
    });
  };
  walk(graph.steps, null);
  return placed;
}

/** Where a run goes when an if step decides: its branch's first step, else past the if. */
export const branchStart = (step: IfStep, taken: boolean, next: string | null): string | null =>
  (taken ? step.yes : step.no)[0]?.id ?? next;

export const secondsOf = (amount: number, unit: keyof typeof UNIT_SECONDS) =>
  amount * UNIT_SECONDS[unit];

/** One formatter per zone (building one is costly); zones are IANA names, a few hundred at most. */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (clocks.size < 1000) clocks.set(timeZone, clock);
  }
  return clock;
}

/** The parts of `date` on the wall clock of `timeZone`. */
function wallClock(date: Date, timeZone: string) {
  const parts = clockOf(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return {
    weekday,
    minutes: Number(get("hour")) * 60 + Number(get("minute")),
    seconds: Number(get("second")),
  };
}

/**
 * When a "wait until a weekday at a time" step lets a run go: the first such moment after
 * `now` on the wall clock of `timeZone`. Walked forward at most an hour at a time on the zone's
 * own clock, so a day of 23 or 25 hours, or a time a clock change skips (the run then goes at
 * the first minute after the gap), still comes out right.
 */
export function nextWeekdayTime(
  step: Pick<WaitStep, "days" | "time">,
  now: Date,
  timeZone: string,
): Date {
  const [hour, minute] = step.time.split(":").map(Number) as [number, number];
  const target = hour * 60 + minute;
  const days = new Set(step.days);
  let previous = wallClock(now, timeZone);
  let at = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  for (let guard = 0; guard < 9 * 24; guard++) {
    const ahead =
      previous.minutes < target ? target - previous.minutes : 24 * 60 - previous.minutes;
    at = new Date(at.getTime() + Math.min(ahead, 60) * 60_000);
    const clock = wallClock(at, timeZone);
    // Reached the target on a chosen day, coming from before it (or from the day before).
    const crossed = clock.weekday !== previous.weekday || previous.minutes < target;
    if (days.has(clock.weekday) && clock.minutes >= target && crossed) return at;
    previous = clock;
  }
  return at;
}
