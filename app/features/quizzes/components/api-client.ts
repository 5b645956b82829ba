import { errorCatalogue, type ErrorCode } from "~/platform/errors";

/** A JSON call to the quizzes API from the browser; a refusal throws its error code. */
export async function quizApi<T>(
  path: string,
  init?: { method: string; body?: unknown },
): Promise<T> {
  const res = await fetch(path, {
    method: init?.method ?? "GET",
    headers: init?.body !== undefined ? { "content-type": "application/json" } : undefined,
    body: init?.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const data = (await res.json().catch(() => ({}))) as T & { error?: { code: string } };
  if (!res.ok) throw new Error(data.error?.code ?? "server.internal");
  return data;
}

/** An error code from the API as its catalogue's text key. */
export function errorText(code: string): string {
  return (
    (errorCatalogue as Record<string, { key: string }>)[code as ErrorCode]?.key ?? "errors.internal"
  );
}
