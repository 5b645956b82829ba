import { describe, expect, test } from "vitest";
import { lessonLocks, type OutlineLesson } from "./curriculum";
import { isEndedMessage } from "./media-events";

const lesson = (id: string, more: Partial<OutlineLesson> = {}): OutlineLesson => ({
  id,
  sectionId: "s",
  title: id.toUpperCase(),
  type: "text",
  freePreview: false,
  drip: { kind: "none" },
  durationMinutes: null,
  ...more,
});

describe("issue 15 the player's rules", () => {
  test("M1 player: a video's end is read from YouTube's and Vimeo's messages, nothing else", () => {
    expect(isEndedMessage(JSON.stringify({ event: "onStateChange", info: 0 }))).toBe(true);
    expect(isEndedMessage({ event: "infoDelivery", info: { playerState: 0 } })).toBe(true);
    expect(
      isEndedMessage(JSON.stringify({ event: "infoDelivery", info: { playerState: 1 } })),
    ).toBe(false);
    expect(isEndedMessage(JSON.stringify({ event: "onStateChange", info: 2 }))).toBe(false);
    expect(isEndedMessage('{"event":"finish"}')).toBe(true);
    expect(isEndedMessage({ event: "ended", data: {} })).toBe(true);
    expect(isEndedMessage({ event: "play" })).toBe(false);
    expect(isEndedMessage("not json")).toBe(false);
    expect(isEndedMessage(null)).toBe(false);
  });

  test("M1 player: locks — teachers open all, visitors the free previews, students meet drip and order", () => {
    const outline = [
      lesson("a", { freePreview: true }),
      lesson("b"),
      lesson("c", { drip: { kind: "days", days: 3 } }),
    ];
    const now = new Date("2026-01-10T00:00:00Z");
    const base = { completed: new Set<string>(), sequential: true, now };
    expect(
      lessonLocks(outline, { ...base, enrolledAt: null, teacher: true }).map((l) => l.lock),
    ).toEqual([null, null, null]);
    expect(
      lessonLocks(outline, { ...base, enrolledAt: null, teacher: false }).map((l) => l.lock),
    ).toEqual([null, { kind: "enrol" }, { kind: "enrol" }]);
    const student = lessonLocks(outline, {
      ...base,
      enrolledAt: new Date("2026-01-09T00:00:00Z"),
      teacher: false,
    });
    expect(student.map((l) => l.lock)).toEqual([
      null,
      { kind: "sequential", lessonId: "a", title: "A" },
      { kind: "drip", opensAt: "2026-01-12T00:00:00.000Z" },
    ]);
    const later = lessonLocks(outline, {
      ...base,
      completed: new Set(["a", "b"]),
      enrolledAt: new Date("2026-01-01T00:00:00Z"),
      teacher: false,
    });
    expect(later.map((l) => [l.completed, l.lock])).toEqual([
      [true, null],
      [true, null],
      [false, null],
    ]);
  });
});
