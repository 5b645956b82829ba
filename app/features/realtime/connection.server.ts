import { WebSocket } from "ws";
import type { StoredEntry } from "./presence.server";
import { closeCodes, type PresenceEntry, type ServerMessage } from "./protocol";
import type { RealtimeIdentity } from "./upgrade.server";

/** One open socket of this process and whom it serves. */
export type Connection = {
  id: string;
  socket: WebSocket;
  identity: RealtimeIdentity;
  accountId: string;
  userId: string;
  /** Managers (and super-admins) see e-mails in presence and get account notifications. */
  manager: boolean;
  alive: boolean;
  presenceKey: string | null;
  /** Whether this message is within the socket's pace. */
  allow: () => Promise<boolean>;
};

export const realtimeLimits = {
  /**
   * Handshakes per signed-in person: each dashboard page load opens one, so an owner moving
   * through the dashboard at a brisk pace (a page every second or two) stays well inside it
   * (issue 31 point 9). Counted in the shared store (decision 039).
   */
  upgradePerPerson: { points: 60, duration: 60 },
  /** Handshakes per client address before any work (anonymous ones included): a flood's cap. */
  upgradePerAddress: { points: 600, duration: 60 },
  /** Messages per connection. */
  messages: { points: 40, duration: 10 },
  /** Open sockets per person and site (tabs). */
  socketsPerUser: 20,
};

export function send(conn: Connection, message: ServerMessage) {
  if (conn.socket.readyState === WebSocket.OPEN) conn.socket.send(JSON.stringify(message));
}

/** What one socket may see of a presence entry: e-mails are for managers. */
export function shown(entry: StoredEntry, conn: Connection): PresenceEntry {
  const { key, device_id, info, user } = entry;
  return { key, device_id, info, user: { ...user, email: conn.manager ? user.email : null } };
}

/** Shutdown: each socket closed with "going away", ended for good after a second without answer. */
export function closeEvery(connections: Iterable<Connection>): Promise<void[]> {
  return Promise.all(
    [...connections].map(
      (conn) =>
        new Promise<void>((resolve) => {
          conn.socket.once("close", () => resolve());
          conn.socket.close(closeCodes.goingAway, "server shutting down");
          setTimeout(() => {
            conn.socket.terminate();
            resolve();
          }, 1_000).unref?.();
        }),
    ),
  );
}

/** A heartbeat: a socket that did not answer the last ping is ended, the others pinged again. */
export function pingEvery(connections: Iterable<Connection>): void {
  for (const conn of connections) {
    if (!conn.alive) {
      conn.socket.terminate();
      continue;
    }
    conn.alive = false;
    conn.socket.ping();
  }
}
