import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "../logger.server";

/** One message on the bus: a topic and a JSON-serialisable body. */
export type BusMessage = { topic: string; [field: string]: unknown };
type Handler = (message: BusMessage) => void;

/**
 * Messages between the server processes of one deployment (cache invalidations, notifications).
 * A publisher's own subscribers get the message at once, before `publish` resolves, so a
 * process never serves what it has just invalidated; other processes get it over the wire.
 */
export interface PubSub {
  readonly kind: "local" | "postgres" | "redis";
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: Handler): () => void;
  /** Called after a lost connection comes back: messages may have been missed meanwhile. */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = "lyceum_bus";
const RECONNECT_MS = 1_000;

type Envelope = { origin: string; message: BusMessage };

/** Local delivery plus the bookkeeping every transport shares. */
function createHub(logger: Logger) {
  const origin = randomUUID();
  const handlers = new Set<Handler>();
  const resyncHandlers = new Set<() => void>();
  function deliver(message: BusMessage) {
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        logger.error({ err: error, topic: message.topic }, "pub/sub handler failed");
      }
    }
  }
  return {
    origin,
    deliver,
    encode: (message: BusMessage) => JSON.stringify({ origin, message } satisfies Envelope),
    /** A message from the wire; our own come back too and were already delivered. */
    receive(raw: string) {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        logger.warn("pub/sub: unreadable message ignored");
        return;
      }
      if (envelope.origin !== origin && typeof envelope.message?.topic === "string") {
        deliver(envelope.message);
      }
    },
    resync() {
      for (const handler of resyncHandlers) handler();
    },
    subscribe(handler: Handler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    onResync(handler: () => void) {
      resyncHandlers.add(handler);
      return () => void resyncHandlers.delete(handler);
    },
  };
}

/** One process only (the embedded database allows no second one): in-memory delivery. */
export function createLocalPubSub(logger: Logger): PubSub {
  const hub = createHub(logger);
  return {
    kind: "local",
    async publish(message) {
      hub.deliver(message);
    },
    subscribe: hub.subscribe,
    onResync: hub.onResync,
    async close() {},
  };
}

/** PostgreSQL LISTEN/NOTIFY on one dedicated connection that reconnects after a drop. */
export async function createPostgresPubSub({
  url,
  logger,
}: {
  url: string;
  logger: Logger;
}): Promise<PubSub> {
  const hub = createHub(logger);
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on("error", () => {});
  let listener: pg.Client | undefined;
  let closed = false;

  async function listen(isReconnect: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (n) => {
      if (n.channel === CHANNEL && n.payload) hub.receive(n.payload);
    });
    client.on("error", (error) => {
      logger.warn({ err: error }, "pub/sub: listening connection failed; reconnecting");
    });
    client.on("end", () => {
      if (closed) return;
      setTimeout(() => void listen(true).catch(retryLater), RECONNECT_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
    if (isReconnect) hub.resync();
  }
  function retryLater(error: unknown) {
    logger.warn({ err: error }, "pub/sub: reconnect failed; trying again");
    if (!closed) setTimeout(() => void listen(true).catch(retryLater), RECONNECT_MS);
  }

  await listen(false);
  return {
    kind: "postgres",
    async publish(message) {
      hub.deliver(message);
      await publisher.query("SELECT pg_notify($1, $2)", [CHANNEL, hub.encode(message)]);
    },
    subscribe: hub.subscribe,
    onResync: hub.onResync,
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await publisher.end();
    },
  };
}

/** Redis PUBLISH/SUBSCRIBE (set REDIS_URL); ioredis reconnects on its own. */
export async function createRedisPubSub({
  url,
  logger,
}: {
  url: string;
  logger: Logger;
}): Promise<PubSub> {
  const hub = createHub(logger);
  // Loaded only here: a server without REDIS_URL never pays for ioredis at start (decision 019).
  const { Redis } = await import("ioredis");
  const subscriber = new Redis(url, { lazyConnect: true });
  const publisher = new Redis(url, { lazyConnect: true });
  for (const connection of [subscriber, publisher]) {
    connection.on("error", (error) => logger.warn({ err: error }, "pub/sub: redis error"));
  }
  await Promise.all([subscriber.connect(), publisher.connect()]);
  subscriber.on("message", (channel: string, payload: string) => {
    if (channel === CHANNEL) hub.receive(payload);
  });
  let ready = false;
  subscriber.on("ready", () => {
    // ioredis re-subscribes after a reconnect; what was published meanwhile is lost.
    if (ready) hub.resync();
    ready = true;
  });
  await subscriber.subscribe(CHANNEL);
  ready = true;
  return {
    kind: "redis",
    async publish(message) {
      hub.deliver(message);
      await publisher.publish(CHANNEL, hub.encode(message));
    },
    subscribe: hub.subscribe,
    onResync: hub.onResync,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
