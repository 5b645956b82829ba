import { WebSocket } from "ws";
import type { StoredEntry } from "./presence.server";
import type { PresenceEntry, ServerMessage } from "./protocol";
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
  allow: () => boolean;
};

export const realtimeLimits = {
  /** Upgrade attempts per client address (anonymous ones included). */
  upgrade: { windowMs: 60_000, max: 60 },
  /** Messages per connection. */
  messages: { windowMs: 10_000, max: 40 },
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
