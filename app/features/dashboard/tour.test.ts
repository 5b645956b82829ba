import { expect, test } from "vitest";
import { shouldAutoStart, TOUR_END_PATH, TOUR_STEP_DELAY_MS, tourSteps } from "./tour";

test("D4 the tour has 11 steps, 200 ms apart, and ends at /about", () => {
  expect(tourSteps).toHaveLength(11);
  expect(TOUR_STEP_DELAY_MS).toBe(200);
  expect(TOUR_END_PATH).toBe("/about");
});

test("D4 it starts by itself only while onboarding, with no saved step, on the dashboard home", () => {
  expect(shouldAutoStart({ onboard: true, savedStep: null, pathname: "/dashboard" })).toBe(true);
  expect(shouldAutoStart({ onboard: true, savedStep: "3", pathname: "/dashboard" })).toBe(false);
  expect(shouldAutoStart({ onboard: false, savedStep: null, pathname: "/dashboard" })).toBe(false);
  expect(shouldAutoStart({ onboard: true, savedStep: null, pathname: "/dashboard/orders" })).toBe(
    false,
  );
});
