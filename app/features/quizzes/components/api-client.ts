import { requestJson, rethrowWithCode } from "~/platform/api-client";
import { errorKeyOf } from "~/platform/errors";

/** A JSON call to the quizzes API from the browser; a refusal throws its error code. */
export function quizApi<T>(path: string, init?: { method: string; body?: unknown }): Promise<T> {
  return requestJson<T>(path, { method: init?.method ?? "GET", json: init?.body }).catch(
    rethrowWithCode,
  );
}

/** An error code from the API as its catalogue's text key. */
export function errorText(code: string): string {
  return errorKeyOf(code);
}
