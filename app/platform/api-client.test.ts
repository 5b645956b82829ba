import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  ApiError,
  MAX_RETRY_AFTER_MS,
  requestJson,
  rethrowWithCode,
  retryAfterMs,
  UNDEFINED_DATA,
} from "./api-client";

type Reply = { status: number; body?: string; headers?: Record<string, string> };
const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body: JSON.stringify(value),
  headers: { "content-type": "application/json", ...headers },
});

/** A fake fetch answering `replies` in turn (the last one again once they run out). */
function fakeFetch(...replies: Reply[]) {
  let next = 0;
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const reply = replies[Math.min(next, replies.length - 1)]!;
    next += 1;
    return new Response(reply.body ?? null, { status: reply.status, headers: reply.headers });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The promise's outcome, without an unhandled rejection while timers are advanced. */
function settle<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(outcome, { value, done: true }),
    (error: unknown) => Object.assign(outcome, { error, done: true }),
  );
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("V6 query helper errors", () => {
  test("V6 answers the JSON of a success, sending a JSON body with its content type", async () => {
    const fetch = fakeFetch(json(200, { item: { id: "a" } }));
    await expect(requestJson("/api/x", { method: "PUT", json: { alt: "A" } })).resolves.toEqual({
      item: { id: "a" },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/x");
    expect(init?.method).toBe("PUT");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
    expect(init?.body).toBe('{"alt":"A"}');
  });

  test("V6 a refusal throws the backend's error message, with its code, status and body", async () => {
    const body = { error: { code: "media.notFound", message: "That file is gone." }, extra: 1 };
    fakeFetch(json(404, body));
    const error = await requestJson("/api/media/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "That file is gone.",
      code: "media.notFound",
      status: 404,
      body,
    });
  });

  test("V6 a refusal without a message throws its code; without a JSON body, server.internal", async () => {
    fakeFetch(json(409, { error: { code: "quiz.attemptLimit" } }));
    await expect(requestJson("/api/q")).rejects.toMatchObject({
      message: "quiz.attemptLimit",
      code: "quiz.attemptLimit",
    });
    fakeFetch({ status: 500, body: "<html>oops</html>" });
    await expect(requestJson("/api/q")).rejects.toMatchObject({
      message: "server.internal",
      code: "server.internal",
      status: 500,
      body: {},
    });
  });

  test('V6 a success with undefined data throws "Undefined data"', async () => {
    for (const reply of [
      { status: 204 },
      { status: 200, body: "" },
      { status: 200, body: "not json" },
      { status: 200, body: "null" },
    ]) {
      fakeFetch(reply);
      const error = await requestJson("/api/x").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ApiError);
      expect((error as Error).message).toBe(UNDEFINED_DATA);
      expect((error as Error).message).toBe("Undefined data");
    }
    // Falsy data is still data.
    fakeFetch({ status: 200, body: "0" });
    await expect(requestJson("/api/x")).resolves.toBe(0);
  });

  test("V6 the screens that translate codes get the code as the message, the body beside", async () => {
    fakeFetch(json(400, { error: { code: "media.rejected", message: "Refused." }, rejected: [1] }));
    const error = await requestJson("/api/x")
      .catch(rethrowWithCode)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "media.rejected", body: { rejected: [1] } });
    const network = new TypeError("Failed to fetch");
    expect(() => rethrowWithCode(network)).toThrow(network);
  });

  test("V6 a network failure comes through as it was, and is not retried", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetch);
    await expect(requestJson("/api/x")).rejects.toThrow("Failed to fetch");
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("V7 backend calls retried on 502, 503 and 504", () => {
  test("V7 a GET is retried after 200, 400 then 800 ms, and answers once the server is back", async () => {
    const fetch = fakeFetch(json(502, {}), json(503, {}), json(504, {}), json(200, { ok: true }));
    const outcome = settle(requestJson("/api/x"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(799);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(outcome.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(outcome).toEqual({ value: { ok: true }, done: true });
  });

  test("V7 three retries at most: the fourth 503 is the error", async () => {
    const fetch = fakeFetch(json(503, { error: { code: "server.unavailable", message: "Busy" } }));
    const outcome = settle(requestJson("/api/x"));
    await vi.advanceTimersByTimeAsync(200 + 400 + 800);
    expect(outcome.done).toBe(true);
    expect(outcome.error).toMatchObject({ status: 503, code: "server.unavailable" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  test("V7 other statuses are not retried: 500, 429, 404", async () => {
    for (const status of [500, 429, 404, 501]) {
      const fetch = fakeFetch(json(status, {}), json(200, { ok: true }));
      await expect(requestJson("/api/x")).rejects.toMatchObject({ status });
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  test("V7 a POST is not retried unless the caller says it is safe; PUT and DELETE are", async () => {
    let fetch = fakeFetch(json(502, {}), json(200, { ok: true }));
    await expect(requestJson("/api/x", { method: "POST", json: {} })).rejects.toMatchObject({
      status: 502,
    });
    expect(fetch).toHaveBeenCalledTimes(1);

    for (const init of [
      { method: "POST", json: { a: 1 }, retry: true },
      { method: "put", json: { a: 1 } },
      { method: "DELETE" },
    ]) {
      fetch = fakeFetch(json(502, {}), json(200, { ok: true }));
      const outcome = settle(requestJson("/api/x", init));
      await vi.advanceTimersByTimeAsync(200);
      expect(outcome.value).toEqual({ ok: true });
      expect(fetch).toHaveBeenCalledTimes(2);
      // The same body is sent again.
      expect(fetch.mock.calls[1]![1]?.body).toBe(fetch.mock.calls[0]![1]?.body);
    }

    fetch = fakeFetch(json(502, {}), json(200, { ok: true }));
    await expect(requestJson("/api/x", { method: "GET", retry: false })).rejects.toMatchObject({
      status: 502,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("V7 a longer Retry-After is waited for; one past 10 s ends the retries", async () => {
    let fetch = fakeFetch(json(503, {}, { "retry-after": "2" }), json(200, { ok: true }));
    let outcome = settle(requestJson("/api/x"));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.value).toEqual({ ok: true });

    // Shorter than the backoff: the backoff wins.
    fetch = fakeFetch(json(503, {}, { "retry-after": "0" }), json(200, { ok: true }));
    outcome = settle(requestJson("/api/x"));
    await vi.advanceTimersByTimeAsync(199);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);

    fetch = fakeFetch(json(503, {}, { "retry-after": "3600" }), json(200, { ok: true }));
    await expect(requestJson("/api/x")).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("V7 Retry-After is read as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3_000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
    expect(retryAfterMs("Sun, 01 Mar 2026 10:00:05 GMT", now)).toBe(5_000);
    expect(retryAfterMs("Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
    expect(MAX_RETRY_AFTER_MS).toBe(10_000);
  });

  test("V7 an aborted call stops waiting", async () => {
    const fetch = fakeFetch(json(503, {}), json(200, { ok: true }));
    const controller = new AbortController();
    const outcome = settle(requestJson("/api/x", { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new Error("left the page"));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.error).toMatchObject({ message: "left the page" });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
