import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { keepSession, nextSessionStep, type SessionAnswer } from "./session-keeper";

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

describe("A4 the session keeper's loop", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The loop against a server whose answer each test decides; the clock starts at `now`. */
  function keeper(answer: () => SessionAnswer | Promise<SessionAnswer>) {
    const check = vi.fn(async () => answer());
    const refresh = vi.fn(async (): Promise<unknown> => undefined);
    const signOut = vi.fn();
    const stop = keepSession({ check, refresh, signOut });
    return { check, refresh, signOut, stop };
  }

  test("A4 it asks for the session every 30 s, not before", async () => {
    const { check, stop } = keeper(() => ({ session: at(3600) }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
  });

  test("A4 it refreshes at the first tick that finds the session within 40 s of its end", async () => {
    // Ends at 101 s: 71 s and 41 s left at the first two ticks, 11 s at the third.
    const { refresh, signOut, stop } = keeper(() => ({ session: at(101) }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
    stop();
  });

  test("A4 a session gone on the server sends the page home at the next tick", async () => {
    const { refresh, signOut, stop } = keeper(() => ({ session: null }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  test("A4 a check that fails or throws changes nothing: the next tick asks again", async () => {
    let server: "down" | "throws" | "up" = "down";
    const { check, refresh, signOut, stop } = keeper(() => {
      if (server === "throws") throw new Error("the auth client did not load");
      return server === "down" ? "failed" : { session: at(100) };
    });
    await vi.advanceTimersByTimeAsync(30_000);
    server = "throws";
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(refresh).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
    server = "up";
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  test("A4 a refresh that fails is tried again at the next tick, until the session ends", async () => {
    // Ends at 65 s: 35 s left at the first tick, 5 s at the second, gone at the third.
    const { refresh, signOut, stop } = keeper(() => ({ session: at(65) }));
    refresh.mockRejectedValueOnce(new Error("offline"));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(signOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(signOut).toHaveBeenCalledTimes(1);
    stop();
  });

  test("A4 once stopped it asks nothing more, and an answer still on its way is ignored", async () => {
    let answer!: (value: SessionAnswer) => void;
    const { check, signOut, stop } = keeper(
      () => new Promise<SessionAnswer>((resolve) => (answer = resolve)),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(1);
    stop();
    answer({ session: null });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
  });
});
