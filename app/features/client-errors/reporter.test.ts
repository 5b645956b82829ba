// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  CLIENT_ERROR_MAX_BODY_BYTES,
  CLIENT_ERROR_MAX_MESSAGE,
  CLIENT_ERROR_MAX_PER_PAGE,
} from "./limits";
import { createErrorReporter, describeError, reportBody } from "./reporter";

const accountId = "0f6f3f36-3a4e-4a3c-9d6c-5a8b1a2b3c4d";
const bodies = (send: ReturnType<typeof vi.fn>) =>
  send.mock.calls.map(([, body]) => JSON.parse(body as string) as Record<string, unknown>);

describe("M9 the browser's error reporter", () => {
  test("M9 an error is sent to /api/log with its message, stack, kind, path and the site's account", () => {
    const send = vi.fn();
    const reporter = createErrorReporter({ accountId, send, path: () => "/course/intro" });
    const error = new TypeError("x is undefined");
    expect(reporter.report(error, "error")).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toBe("/api/log");
    const [body] = bodies(send);
    expect(body).toMatchObject({ account_id: accountId, kind: "error", path: "/course/intro" });
    expect(body!.message).toMatch(/^TypeError: x is undefined\n\s+at /);
  });

  test("M9 the same error twice is sent once; five distinct errors at most per page", () => {
    const send = vi.fn();
    const reporter = createErrorReporter({ send, path: () => "/" });
    const same = new Error("boom");
    expect(reporter.report(same, "error")).toBe(true);
    expect(reporter.report(same, "error")).toBe(false);
    expect(reporter.report(same, "boundary")).toBe(false);
    expect(reporter.report("boom text", "rejection")).toBe(true);
    expect(reporter.report("boom text", "rejection")).toBe(false);
    for (let i = 0; i < 10; i++) reporter.report(`distinct ${i}`, "rejection");
    expect(send).toHaveBeenCalledTimes(CLIENT_ERROR_MAX_PER_PAGE);
    expect(CLIENT_ERROR_MAX_PER_PAGE).toBe(5);
    expect(bodies(send).map((body) => body.message)).toEqual([
      expect.stringContaining("Error: boom"),
      "boom text",
      "distinct 0",
      "distinct 1",
      "distinct 2",
    ]);
    // Without an account (the platform's own site) no account_id is sent.
    expect(bodies(send).every((body) => !("account_id" in body))).toBe(true);
  });

  test("M9 nothing is sent for an empty message or a cross-origin script's 'Script error.'", () => {
    const send = vi.fn();
    const reporter = createErrorReporter({ send });
    expect(reporter.report("Script error.", "error")).toBe(false);
    expect(reporter.report("   ", "error")).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  test("M9 a body always fits the endpoint: 2000 characters, 4 KB, no control characters, no query", () => {
    const long = reportBody("é".repeat(10_000), { accountId, kind: "error", path: "/" });
    expect(new TextEncoder().encode(long).byteLength).toBeLessThanOrEqual(
      CLIENT_ERROR_MAX_BODY_BYTES,
    );
    const ascii = JSON.parse(reportBody("a".repeat(10_000), { kind: "error" })) as {
      message: string;
    };
    expect(ascii.message).toHaveLength(CLIENT_ERROR_MAX_MESSAGE);
    const wide = JSON.parse(reportBody("界".repeat(3_000), { kind: "error" })) as {
      message: string;
    };
    expect(wide.message.length).toBeGreaterThan(500);
    const cleaned = JSON.parse(
      reportBody("a\u0000b\u0007c\u202ed\nat https://x.test/app.js?token=secret:1:2", {
        kind: "rejection",
      }),
    ) as { message: string };
    expect(cleaned.message).toBe("abcd\nat https://x.test/app.js");
  });

  test("M9 what an error says: an Error's stack, a string, an object, something unprintable", () => {
    const error = new RangeError("too far");
    expect(describeError(error)).toContain("RangeError: too far");
    const bare = Object.assign(new Error("no stack"), { stack: undefined });
    expect(describeError(bare)).toBe("Error: no stack");
    expect(describeError("text")).toBe("text");
    expect(describeError({ code: 7 })).toBe('{"code":7}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeError(cyclic)).toBe("[object Object]");
    expect(describeError(undefined)).toBe("undefined");
  });
});

describe("M9 the page's listeners", () => {
  let sendBeacon: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.resetModules();
    sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("M9 window errors, unhandled rejections and the boundary share one page reporter, by beacon", async () => {
    const { installErrorReporter, reportBoundaryError } = await import("./reporter");
    const stop = installErrorReporter({ accountId });
    // The same error thrown again (a handler failing on every click) is sent once.
    const handler = new Error("from a handler");
    window.dispatchEvent(new ErrorEvent("error", { error: handler }));
    window.dispatchEvent(new ErrorEvent("error", { error: handler }));
    const rejection = new Event("unhandledrejection") as Event & { reason?: unknown };
    rejection.reason = new Error("from a promise");
    window.dispatchEvent(rejection);
    reportBoundaryError(new Error("from a render"), accountId);
    expect(sendBeacon).toHaveBeenCalledTimes(3);
    const sent = sendBeacon.mock.calls.map(
      ([url, body]) => [url, JSON.parse(body as string)] as [string, Record<string, unknown>],
    );
    expect(sent.map(([url]) => url)).toEqual(["/api/log", "/api/log", "/api/log"]);
    expect(sent.map(([, body]) => body.kind)).toEqual(["error", "rejection", "boundary"]);
    expect(sent.every(([, body]) => body.account_id === accountId)).toBe(true);

    stop();
    window.dispatchEvent(new ErrorEvent("error", { error: new Error("after stopping") }));
    expect(sendBeacon).toHaveBeenCalledTimes(3);
    // Installed again (a re-render), the cap still counts the page's earlier reports.
    installErrorReporter({ accountId });
    for (let i = 0; i < 5; i++)
      window.dispatchEvent(new ErrorEvent("error", { error: new Error(`more ${i}`) }));
    expect(sendBeacon).toHaveBeenCalledTimes(5);
  });

  test("M9 without sendBeacon (or when it refuses) a keepalive fetch carries the report", async () => {
    sendBeacon.mockReturnValue(false);
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    const { beaconTransport } = await import("./reporter");
    beaconTransport("/api/log", '{"message":"x"}');
    expect(fetch).toHaveBeenCalledWith("/api/log", {
      method: "POST",
      body: '{"message":"x"}',
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
  });
});
