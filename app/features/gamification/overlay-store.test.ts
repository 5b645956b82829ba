import { describe, expect, test, vi } from "vitest";
import { createOverlayStore, DEFAULT_OVERLAY_MS } from "./overlay-store";

describe("gamification overlay", () => {
  test("D17 a message shows when added and hides after 5000 ms by default", () => {
    vi.useFakeTimers();
    try {
      const store = createOverlayStore();
      const seen: number[] = [];
      store.subscribe((messages) => seen.push(messages.length));
      store.add({ title: "Course complete", points: 50 });
      expect(store.current()).toHaveLength(1);
      vi.advanceTimersByTime(DEFAULT_OVERLAY_MS - 1);
      expect(store.current()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(store.current()).toEqual([]);
      expect(seen).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("D17 each message keeps its own duration", () => {
    vi.useFakeTimers();
    try {
      const store = createOverlayStore();
      store.add({ title: "Quick", duration: 1000 });
      store.add({ title: "Default" });
      vi.advanceTimersByTime(1000);
      expect(store.current().map((message) => message.title)).toEqual(["Default"]);
      vi.advanceTimersByTime(4000);
      expect(store.current()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
