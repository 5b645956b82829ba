import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createTour, shouldAutoStart, tourSteps } from "./tour";

test("D4 it starts by itself only while onboarding, with no saved step, on the dashboard home", () => {
  expect(shouldAutoStart({ onboard: true, savedStep: null, pathname: "/dashboard" })).toBe(true);
  expect(shouldAutoStart({ onboard: true, savedStep: "3", pathname: "/dashboard" })).toBe(false);
  expect(shouldAutoStart({ onboard: false, savedStep: null, pathname: "/dashboard" })).toBe(false);
  expect(shouldAutoStart({ onboard: true, savedStep: null, pathname: "/dashboard/orders" })).toBe(
    false,
  );
});

describe("D4 the tour's steps in time", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function drive() {
    const shown: (number | null)[] = [];
    const saved: (string | null)[] = [];
    const visited: string[] = [];
    const tour = createTour({
      onStep: (index) => shown.push(index),
      save: (value) => saved.push(value),
      navigate: (path) => visited.push(path),
    });
    return { tour, shown, saved, visited, current: () => shown.at(-1) ?? null };
  }

  test("D4 the first step appears 200 ms after the start, not before, and is remembered", () => {
    const { tour, current, saved } = drive();
    tour.start();
    vi.advanceTimersByTime(199);
    expect(current()).toBeNull();
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(current()).toBe(0);
    expect(saved).toEqual(["0"]);
  });

  test("D4 next hides the step at once and shows the following one 200 ms later", () => {
    const { tour, current, saved } = drive();
    tour.start();
    vi.advanceTimersByTime(200);
    tour.next();
    expect(current()).toBeNull();
    vi.advanceTimersByTime(199);
    expect(current()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(current()).toBe(1);
    tour.back();
    expect(current()).toBeNull();
    vi.advanceTimersByTime(200);
    expect(current()).toBe(0);
    expect(saved).toEqual(["0", "1", "0"]);
  });

  test("D4 eleven steps 200 ms apart, and the last one's button ends the tour on /about", () => {
    const { tour, shown, saved, visited, current } = drive();
    tour.start();
    vi.advanceTimersByTime(200);
    for (let step = 1; step < 11; step++) {
      tour.next();
      vi.advanceTimersByTime(200);
      expect(current()).toBe(step);
    }
    expect(visited).toEqual([]);
    expect(shown.filter((index) => index !== null)).toHaveLength(tourSteps.length);
    tour.next();
    expect(current()).toBeNull();
    expect(visited).toEqual(["/about"]);
    expect(saved.at(-1)).toBe("done");
    vi.advanceTimersByTime(1_000);
    expect(current()).toBeNull();
  });

  test("D4 skipping marks the tour done and cancels a step still waiting", () => {
    const { tour, current, saved, visited } = drive();
    tour.start();
    vi.advanceTimersByTime(200);
    tour.next();
    vi.advanceTimersByTime(100);
    tour.stop();
    vi.advanceTimersByTime(1_000);
    expect(current()).toBeNull();
    expect(saved).toEqual(["0", "done"]);
    expect(visited).toEqual([]);
  });

  test("D4 restarting forgets the saved step and begins again at the first, 200 ms later", () => {
    const { tour, current, saved } = drive();
    tour.start();
    vi.advanceTimersByTime(200);
    tour.next();
    vi.advanceTimersByTime(200);
    tour.restart();
    expect(current()).toBeNull();
    expect(saved.at(-1)).toBeNull();
    vi.advanceTimersByTime(200);
    expect(current()).toBe(0);
    expect(saved.at(-1)).toBe("0");
  });

  test("D4 a step still waiting when the dashboard goes away never appears", () => {
    const { tour, shown, saved } = drive();
    tour.start();
    vi.advanceTimersByTime(150);
    tour.dispose();
    vi.advanceTimersByTime(1_000);
    expect(shown).toEqual([]);
    expect(saved).toEqual([]);
  });
});
