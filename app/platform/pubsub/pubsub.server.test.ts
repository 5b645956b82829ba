import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { createLogger } from "../logger.server";
import {
  createLocalPubSub,
  createPostgresPubSub,
  createRedisPubSub,
  type BusMessage,
  type PubSub,
} from "./pubsub.server";

const logger = createLogger({ level: "silent" });
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Resolves with the first message a bus delivers (or fails after 5 s). */
function nextMessage(bus: PubSub): Promise<BusMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message within 5 s")), 5_000);
    const stop = bus.subscribe((message) => {
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });
}

test("P18 the local bus delivers to its own subscribers before publish returns", async () => {
  const bus = createLocalPubSub(logger);
  const seen: BusMessage[] = [];
  bus.subscribe((m) => seen.push(m));
  await bus.publish({ topic: "site.path", accountId: "a", path: "/" });
  expect(seen).toEqual([{ topic: "site.path", accountId: "a", path: "/" }]);
});

type Opener = (url: string) => Promise<PubSub>;
const transports: [string, string | undefined, Opener][] = [
  ["postgres", postgresUrl, (url) => createPostgresPubSub({ url, logger })],
  ["redis", redisUrl, (url) => createRedisPubSub({ url, logger })],
];

describe.each(transports)("P18 %s bus between two processes", (name, url, open) => {
  const buses: PubSub[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  test.skipIf(!url)(`a message published by one reaches the other once (${name})`, async () => {
    const first = await open(url!);
    const second = await open(url!);
    buses.push(first, second);
    const ownSeen: BusMessage[] = [];
    first.subscribe((m) => ownSeen.push(m));
    const arriving = nextMessage(second);
    const message = { topic: "site.account", accountId: randomBytes(4).toString("hex") };
    await first.publish(message);
    expect(await arriving).toEqual(message);
    // The publisher saw it once, at once, not a second time when it came back over the wire.
    await new Promise((r) => setTimeout(r, 200));
    expect(ownSeen).toEqual([message]);
  });
});

test.skipIf(!postgresUrl)(
  "P18 a dropped listening connection comes back and asks for a resync",
  async () => {
    const bus = await createPostgresPubSub({ url: postgresUrl!, logger });
    try {
      const resynced = new Promise<void>((resolve) => bus.onResync(resolve));
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN lyceum_bus'",
      );
      await admin.end();
      await resynced;
      // And it listens again.
      const other = await createPostgresPubSub({ url: postgresUrl!, logger });
      const arriving = nextMessage(bus);
      await other.publish({ topic: "after-reconnect" });
      expect((await arriving).topic).toBe("after-reconnect");
      await other.close();
    } finally {
      await bus.close();
    }
  },
);
