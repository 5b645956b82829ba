import WebSocket from "ws";
import {
  REALTIME_PATH,
  type PresenceEntry,
  type ServerMessage,
} from "~/features/realtime/protocol";
import { applyPresence } from "~/features/realtime/use-realtime";

export type SocketClient = {
  ws: WebSocket;
  messages: ServerMessage[];
  send: (message: unknown) => void;
  /** The first message (already received or still to come) matching `match`. */
  next: <T extends ServerMessage["type"]>(
    type: T,
    match?: (message: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<ServerMessage, { type: T }>>;
  /** Whether a matching message arrives within `ms` (for "gets nothing" checks). */
  receivesWithin: (type: ServerMessage["type"], ms: number) => Promise<boolean>;
  closed: Promise<{ code: number }>;
  close: () => void;
};

/**
 * A real WebSocket client, as a browser on `host` would open it: Origin of that site, its
 * cookies. Resolves once open, or rejects with the upgrade's HTTP status.
 */
export function openSocket({
  port,
  host,
  cookie,
  origin = `http://${host}`,
}: {
  port: number;
  host: string;
  cookie?: string;
  origin?: string;
}): Promise<SocketClient> {
  const headers: Record<string, string> = { host, origin };
  if (cookie) headers.cookie = cookie;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { headers });
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    messages.push(JSON.parse(data.toString()) as ServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.on("close", (code) => resolve({ code })),
  );
  const client: SocketClient = {
    ws,
    messages,
    send: (message) => ws.send(JSON.stringify(message)),
    next(type, match = () => true, timeoutMs = 5_000) {
      const find = () =>
        messages.find(
          (m): m is never =>
            m.type === type && match(m as Extract<ServerMessage, { type: typeof type }>),
        );
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no ${type} message within ${timeoutMs} ms: ${JSON.stringify(messages)}`),
          );
        }, timeoutMs);
        const wake = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(hit);
        };
        waiters.add(wake);
      });
    },
    async receivesWithin(type, ms) {
      const before = messages.filter((m) => m.type === type).length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return messages.filter((m) => m.type === type).length > before;
    },
    closed,
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(client));
    ws.once("unexpected-response", (_request, response) => {
      reject(
        Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
          status: response.statusCode,
        }),
      );
      ws.terminate();
    });
    ws.once("error", (error) => reject(error));
  });
}

/** The HTTP status an upgrade is refused with (101 when it opens). */
export async function upgradeStatus(options: Parameters<typeof openSocket>[0]): Promise<number> {
  try {
    const client = await openSocket(options);
    client.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
}

/** A device id as the browser makes one (kept in localStorage). */
export const deviceId = () => crypto.randomUUID().replace(/-/g, "");

export const deviceInfo = {
  browser: "Firefox",
  platform: "Linux",
  screenWidth: 1280,
  screenHeight: 800,
  deviceType: "desktop" as const,
};

/** The presence a socket has been told about, replayed as the browser's provider does. */
export function presenceSeenBy(socket: SocketClient): PresenceEntry[] {
  const entries = new Map<string, PresenceEntry>();
  for (const message of socket.messages) applyPresence(entries, message);
  return [...entries.values()];
}

/** Waits for something a socket or the bus delivers in milliseconds; fails after `ms`. */
export async function eventually(check: () => boolean, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
