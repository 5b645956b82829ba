import { errorKeyOf } from "~/platform/errors";

/**
 * One call to the appointments API as JSON: its answer, or the i18n key of its refusal (the
 * error catalogue's, or "request.invalid" when the network failed).
 */
export async function callAppointments<T>(
  path: string,
  init?: { method: "POST"; body: Record<string, unknown> },
): Promise<{ ok: true; data: T } | { ok: false; errorKey: string }> {
  try {
    const res = await fetch(path, {
      method: init?.method ?? "GET",
      credentials: "same-origin",
      headers: init ? { "content-type": "application/json" } : {},
      body: init ? JSON.stringify(init.body) : undefined,
    });
    const answer = (await res.json().catch(() => null)) as
      (T & { error?: undefined }) | { error?: { code?: string } } | null;
    if (res.ok && answer) return { ok: true, data: answer as T };
    return { ok: false, errorKey: errorKeyOf(answer?.error?.code ?? "request.invalid") };
  } catch {
    return { ok: false, errorKey: errorKeyOf("request.invalid") };
  }
}
