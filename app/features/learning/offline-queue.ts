/**
 * Scope 4, offline tolerance: a completion or note made without a connection waits in
 * localStorage and is sent when the browser is back online. The server's writes are idempotent
 * (a completion twice is one; a note's last save wins), so sending one again is harmless.
 */
export type QueuedWrite = {
  key: string;
  method: "POST" | "PUT";
  url: string;
  body: Record<string, unknown>;
};

const STORE = "lyceum:learning-queue";
export const QUEUE_EVENT = "lyceum:learning-queue";

export function queuedWrites(): QueuedWrite[] {
  try {
    const value = JSON.parse(localStorage.getItem(STORE) ?? "[]") as unknown;
    return Array.isArray(value) ? (value as QueuedWrite[]) : [];
  } catch {
    return [];
  }
}

function store(writes: QueuedWrite[]) {
  try {
    localStorage.setItem(STORE, JSON.stringify(writes));
  } catch {
    // Private mode or a full store: the write stays unsent, as without a queue.
  }
  window.dispatchEvent(new Event(QUEUE_EVENT));
}

/** Queues a write; a newer one with the same key (the same lesson's note) replaces it. */
export function queueWrite(write: QueuedWrite) {
  store([...queuedWrites().filter((entry) => entry.key !== write.key), write]);
}

export type SendResult =
  { ok: true; data: unknown } | { ok: false; offline: boolean; status: number };

/** Sends one write now; a network failure is "offline", an answer of the server is final. */
export async function sendWrite(write: QueuedWrite): Promise<SendResult> {
  try {
    const res = await fetch(write.url, {
      method: write.method,
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(write.body),
    });
    if (res.ok) return { ok: true, data: await res.json().catch(() => null) };
    return { ok: false, offline: false, status: res.status };
  } catch {
    return { ok: false, offline: true, status: 0 };
  }
}

/** Sends what waits, in order; stops at the first network failure. Answers the successes. */
export async function flushQueue(): Promise<{ write: QueuedWrite; data: unknown }[]> {
  const sent: { write: QueuedWrite; data: unknown }[] = [];
  for (const write of queuedWrites()) {
    const result = await sendWrite(write);
    if (!result.ok && result.offline) break;
    // Sent, or refused for good (no longer enrolled): either way it leaves the queue.
    store(queuedWrites().filter((entry) => entry.key !== write.key));
    if (result.ok) sent.push({ write, data: result.data });
  }
  return sent;
}

/** Sends now when online; otherwise (or when the network fails) queues it. */
export async function sendOrQueue(
  write: QueuedWrite,
): Promise<SendResult | { ok: false; queued: true }> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    queueWrite(write);
    return { ok: false, queued: true };
  }
  const result = await sendWrite(write);
  if (!result.ok && result.offline) {
    queueWrite(write);
    return { ok: false, queued: true };
  }
  return result;
}

export const learningApiPaths = {
  enrol: (courseId: string) => `/api/learning/courses/${courseId}/enrol`,
  complete: (courseId: string, lessonId: string) =>
    `/api/learning/courses/${courseId}/lessons/${lessonId}/complete`,
  note: (courseId: string, lessonId: string) =>
    `/api/learning/courses/${courseId}/lessons/${lessonId}/note`,
};
