import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { can, MEMBERSHIP_CHANGED } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import type { BusMessage, PubSub } from "~/platform/pubsub/pubsub.server";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { realtimeTopics, STATE_BATCH_BYTES, type Audience } from "./bus.server";
import { createPresenceStore, type StoredEntry } from "./presence.server";
import {
  clientMessageSchema,
  closeCodes,
  MAX_CLIENT_FRAME_BYTES,
  NOTIFICATION_EVENT,
  ONLINE_USERS,
  REALTIME_PATH,
  type ClientMessage,
  type NotificationSignal,
  type ServerMessage,
} from "./protocol";
import {
  closeEvery,
  pingEvery,
  realtimeLimits,
  send,
  shown,
  type Connection,
} from "./connection.server";
import { endOtherSessions, singleSessionApplies } from "./single-session.server";
import {
  createUpgradeAdmission,
  reject,
  type Authenticate,
  type RealtimeIdentity,
  type Rejection,
} from "./upgrade.server";

export {
  publishConversationSignal,
  publishGroupSignal,
  publishNotificationSignal,
  type Audience,
} from "./bus.server";
export type { Authenticate, RealtimeIdentity } from "./upgrade.server";
export { realtimeLimits } from "./connection.server";

/**
 * D12 realtime: WebSocket connections of this process, the `onlineUsers` presence of every
 * account across instances (through the bus), `notification` broadcasts and D13's single session.
 */
export function createRealtimeHub({
  pubsub,
  database,
  logger,
  rateLimits,
  limits = realtimeLimits,
  heartbeatMs = 30_000,
  flushMs = 50,
}: {
  pubsub: PubSub;
  database: Database;
  logger: Logger;
  rateLimits: RateLimits;
  /** The handshake's and messages' budgets (tests shrink them). */
  limits?: typeof realtimeLimits;
  heartbeatMs?: number;
  flushMs?: number;
}) {
  const instance = randomUUID();
  const store = createPresenceStore();
  const connections = new Set<Connection>();
  const byAccount = new Map<string, Set<Connection>>();
  const admit = createUpgradeAdmission(rateLimits, limits);
  let seq = 0;
  let wss: WebSocketServer | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let closing = false;

  function publish(message: BusMessage) {
    pubsub.publish(message).catch((error: unknown) => {
      logger.warn({ err: error, topic: message.topic }, "realtime: bus publish failed");
    });
  }

  function joinedSockets(accountId: string) {
    return [...(byAccount.get(accountId) ?? [])].filter((conn) => conn.presenceKey !== null);
  }

  function scheduleFlush() {
    if (flushTimer || closing) return;
    flushTimer = setTimeout(flush, flushMs);
    flushTimer.unref?.();
  }

  function flush() {
    flushTimer = undefined;
    for (const diff of store.takeDiffs()) {
      for (const conn of joinedSockets(diff.accountId)) {
        send(conn, {
          type: "presence_diff",
          channel: ONLINE_USERS,
          joins: diff.joins.map((entry) => shown(entry, conn)),
          leaves: diff.leaves,
        });
      }
    }
  }

  /** This instance's entries, re-announced in batches (another instance asked, or we reconnected). */
  function announceState() {
    let batch: StoredEntry[] = [];
    let size = 0;
    for (const entry of store.entriesOf(instance)) {
      const bytes = JSON.stringify(entry).length;
      if (batch.length && size + bytes > STATE_BATCH_BYTES) {
        publish({ topic: realtimeTopics.state, instance, entries: batch });
        batch = [];
        size = 0;
      }
      batch.push(entry);
      size += bytes;
    }
    if (batch.length) publish({ topic: realtimeTopics.state, instance, entries: batch });
  }

  function leavePresence(conn: Connection, { announce = true } = {}) {
    const key = conn.presenceKey;
    if (!key) return;
    conn.presenceKey = null;
    store.remove(key);
    if (announce) publish({ topic: realtimeTopics.leave, instance, key });
    scheduleFlush();
  }

  async function join(conn: Connection, message: Extract<ClientMessage, { type: "join" }>) {
    if (message.account_id && message.account_id !== conn.accountId) {
      send(conn, { type: "error", code: "auth.forbidden" });
      return;
    }
    const { identity } = conn;
    if (await singleSessionApplies(database, identity)) {
      const ended = await endOtherSessions(database, {
        userId: conn.userId,
        accountId: conn.accountId,
        keepSessionId: identity.sessionId,
      });
      await pubsub.publish({
        topic: realtimeTopics.kick,
        accountId: conn.accountId,
        userId: conn.userId,
        keepSessionId: identity.sessionId,
      });
      if (ended) logger.info({ accountId: conn.accountId, ended }, "single session: others ended");
    }
    if (conn.socket.readyState !== WebSocket.OPEN) return;
    leavePresence(conn);
    const { viewer } = identity;
    const entry: StoredEntry = {
      key: `${instance}.${++seq}`,
      instance,
      accountId: conn.accountId,
      device_id: message.device_id,
      info: message.info ?? null,
      user: {
        id: viewer.user.id,
        name: viewer.membership?.name ?? viewer.user.name,
        email: viewer.user.email,
        avatar: viewer.membership?.avatar ?? viewer.user.image,
        account_id: conn.accountId,
      },
    };
    store.put(entry);
    conn.presenceKey = entry.key;
    send(conn, { type: "joined", channel: ONLINE_USERS, key: entry.key });
    send(conn, {
      type: "presence_state",
      channel: ONLINE_USERS,
      entries: store.entries(conn.accountId).map((e) => shown(e, conn)),
    });
    publish({ topic: realtimeTopics.join, instance, entry });
    scheduleFlush();
  }

  async function onMessage(conn: Connection, data: RawData, isBinary: boolean) {
    if (!(await conn.allow())) {
      send(conn, { type: "error", code: "request.tooMany" });
      conn.socket.close(closeCodes.policy, "too many messages");
      return;
    }
    let parsed: ReturnType<typeof clientMessageSchema.safeParse> | undefined;
    try {
      if (!isBinary) parsed = clientMessageSchema.safeParse(JSON.parse(data.toString()));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      send(conn, { type: "error", code: "request.invalid" });
      return;
    }
    const message = parsed.data;
    conn.alive = true;
    if (message.type === "ping") send(conn, { type: "pong" });
    if (message.type === "leave") {
      leavePresence(conn);
      send(conn, { type: "left", channel: ONLINE_USERS });
    }
    if (message.type === "join") await join(conn, message);
  }

  function accept(socket: WebSocket, identity: RealtimeIdentity) {
    // One socket's own pace, held where the socket is: nothing to share with other processes.
    const limiter = new RateLimiterMemory(limits.messages);
    const conn: Connection = {
      id: `${instance}.${++seq}`,
      socket,
      identity,
      accountId: identity.account.accountId,
      userId: identity.viewer.user.id,
      manager: identity.viewer.isSuperAdmin || can(identity.viewer, "manage_options"),
      alive: true,
      presenceKey: null,
      allow: () =>
        limiter.consume("messages").then(
          () => true,
          () => false,
        ),
    };
    connections.add(conn);
    let set = byAccount.get(conn.accountId);
    if (!set) {
      set = new Set();
      byAccount.set(conn.accountId, set);
    }
    set.add(conn);
    socket.on("pong", () => (conn.alive = true));
    socket.on("error", () => {});
    socket.on("close", () => {
      connections.delete(conn);
      byAccount.get(conn.accountId)?.delete(conn);
      if (byAccount.get(conn.accountId)?.size === 0) byAccount.delete(conn.accountId);
      // On shutdown one `gone` tells the other instances instead of a leave per socket.
      leavePresence(conn, { announce: !closing });
    });
    // One message at a time per socket, in order (a join awaits the database).
    let queue = Promise.resolve();
    socket.on("message", (data, isBinary) => {
      queue = queue
        .then(() => onMessage(conn, data, isBinary))
        .catch((error: unknown) => {
          logger.error({ err: error }, "realtime: message failed");
          send(conn, { type: "error", code: "server.internal" });
        });
    });
    send(conn, { type: "welcome", account_id: conn.accountId, user_id: conn.userId });
  }

  const socketsOfUser = (accountId: string, userId: string) =>
    [...(byAccount.get(accountId) ?? [])].filter((conn) => conn.userId === userId);

  function onBus(message: BusMessage) {
    const from = message.instance as string | undefined;
    if (from === instance) {
      if (message.topic !== realtimeTopics.broadcast && message.topic !== realtimeTopics.kick)
        return;
    } else if (from) {
      store.touch(from);
    }
    switch (message.topic) {
      case realtimeTopics.join:
        store.put(message.entry as StoredEntry);
        break;
      case realtimeTopics.leave:
        store.remove(message.key as string);
        break;
      case realtimeTopics.state:
        for (const entry of message.entries as StoredEntry[]) store.put(entry);
        break;
      case realtimeTopics.hello:
        store.dropInstance(from!);
        announceState();
        break;
      case realtimeTopics.gone:
        store.dropInstance(from!);
        break;
      case realtimeTopics.broadcast: {
        const audience = message.audience as Audience;
        for (const conn of joinedSockets(message.accountId as string)) {
          const heard =
            audience.everyone ||
            audience.userIds?.includes(conn.userId) ||
            (audience.managers && conn.manager);
          if (!heard) continue;
          send(conn, {
            type: "broadcast",
            channel: ONLINE_USERS,
            event: (message.event as typeof NOTIFICATION_EVENT | undefined) ?? NOTIFICATION_EVENT,
            payload: message.payload as NotificationSignal,
          } as ServerMessage);
        }
        break;
      }
      // A member's role, suspension or removal changed: their sockets reconnect and are admitted
      // again with the rights they have now (a suspended or removed member is refused).
      case MEMBERSHIP_CHANGED:
        for (const conn of socketsOfUser(message.accountId as string, String(message.userId)))
          conn.socket.close(closeCodes.goingAway, "membership changed");
        return;
      case realtimeTopics.kick:
        for (const conn of socketsOfUser(message.accountId as string, message.userId as string)) {
          if (conn.identity.sessionId === message.keepSessionId) continue;
          send(conn, { type: "signed_out", reason: "singleSession", code: "auth.singleSession" });
          conn.socket.close(closeCodes.signedOut, "single session");
        }
        break;
      default:
        return;
    }
    scheduleFlush();
  }

  const unsubscribe = pubsub.subscribe(onBus);
  // After a lost bus connection: forget the others' entries, have them resend, resend ours.
  const unresync = pubsub.onResync(() => {
    store.dropOthers(instance);
    scheduleFlush();
    publish({ topic: realtimeTopics.hello, instance });
    announceState();
  });

  function tick() {
    pingEvery(connections);
    publish({ topic: realtimeTopics.alive, instance });
    if (store.expire({ self: instance, maxSilenceMs: heartbeatMs * 3 }).length) scheduleFlush();
  }

  async function handleUpgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    authenticate: Authenticate,
    clientAddress: (request: IncomingMessage) => string,
  ) {
    socket.on("error", () => {});
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== REALTIME_PATH) return reject(socket, { status: 404, code: "route.notFound" });
    if (closing || !wss) return reject(socket, { status: 503, code: "server.unavailable" });
    let identity: RealtimeIdentity | Rejection;
    try {
      identity = await admit(request, authenticate, clientAddress(request));
      if ("status" in identity) return reject(socket, identity);
    } catch (error) {
      logger.error({ err: error }, "realtime: upgrade failed");
      return reject(socket, { status: 500, code: "server.internal" });
    }
    const open = socketsOfUser(identity.account.accountId, identity.viewer.user.id);
    if (open.length >= limits.socketsPerUser)
      return reject(socket, { status: 429, code: "request.tooMany" });
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, identity));
  }

  return {
    instance,
    /** Serves upgrades on REALTIME_PATH (`clientAddress`: the request facts' client); starts heartbeats. */
    attach(
      server: Server,
      authenticate: Authenticate,
      clientAddress: (request: IncomingMessage) => string = (request) =>
        request.socket.remoteAddress ?? "unknown",
    ) {
      wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
      server.on("upgrade", (request, socket, head) => {
        void handleUpgrade(request, socket, head, authenticate, clientAddress);
      });
      ticker = setInterval(tick, heartbeatMs);
      ticker.unref?.();
      publish({ topic: realtimeTopics.hello, instance });
    },
    /** Online entries of an account as this instance knows them (tests, diagnostics). */
    presence: (accountId: string) => store.entries(accountId),
    connectionCount: () => connections.size,
    /** Shutdown: closes every socket, tells the other instances once, stops listening. */
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(ticker);
      clearTimeout(flushTimer);
      await closeEvery(connections);
      if (wss) await pubsub.publish({ topic: realtimeTopics.gone, instance }).catch(() => {});
      unsubscribe();
      unresync();
      await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
