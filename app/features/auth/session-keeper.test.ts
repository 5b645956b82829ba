import { expect, test } from "vitest";
import { nextSessionStep } from "./session-keeper";

const now = Date.parse("2026-11-22T12:00:00Z");
const at = (seconds: number) => ({ expiresAt: new Date(now + seconds * 1000).toISOString() });

test("A4 a session ending after the next tick and margin is kept as it is", () => {
  expect(nextSessionStep(at(41), now)).toBe("keep");
});

test("A4 a session ending within the next 30 s tick plus 10 s margin is refreshed", () => {
  expect(nextSessionStep(at(40), now)).toBe("refresh");
  expect(nextSessionStep(at(5), now)).toBe("refresh");
});

test("A4 no session, or an expired one, means signed out", () => {
  expect(nextSessionStep(null, now)).toBe("signedOut");
  expect(nextSessionStep(at(0), now)).toBe("signedOut");
});
