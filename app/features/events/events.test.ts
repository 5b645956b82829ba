import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger } from "~/platform/logger.server";
import { createAccount } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createEventRelay, emitDomainEvent, type EventConsumer } from "./domain-events.server";
import type { StoredDomainEvent } from "./domain-events";
import { domainEvents } from "./tables.server";

const logger = createLogger({ level: "silent" });

describe.each(backends)("M5 domain events on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
  });
  afterAll(async () => db?.dispose());

  /** A consumer that keeps what it is given (and fails while `failing` says so). */
  function recorder(name: string, failing = () => false) {
    const taken: StoredDomainEvent[] = [];
    const consumer: EventConsumer = {
      name,
      async take(_accountId, events) {
        if (failing()) throw new Error("consumer down");
        taken.push(...events);
      },
    };
    return { consumer, taken };
  }

  test("M5 an event exists only if its change committed, and is handed on once after the commit", async () => {
    const { consumer, taken } = recorder("once");
    const relay = createEventRelay({ database: db.database, logger, consumers: [consumer] });
    try {
      await expect(
        db.database.forAccount(accountId, async (tx) => {
          await emitDomainEvent(tx, accountId, {
            type: "contact.tagged",
            data: { tag: "rolled-back" },
          });
          throw new Error("the change fails");
        }),
      ).rejects.toThrow("the change fails");
      const id = await db.database.forAccount(accountId, (tx) =>
        emitDomainEvent(tx, accountId, { type: "contact.tagged", data: { tag: "kept" } }),
      );
      await relay.drain();
      await relay.drain();
      const mine = taken.filter((event) => event.accountId === accountId);
      expect(mine.map((event) => event.data.tag)).toEqual(["kept"]);
      expect(mine[0]!.id).toBe(id);
      const [row] = await db.database.forAccount(accountId, (tx) =>
        tx.select().from(domainEvents).where(eq(domainEvents.id, id)),
      );
      expect(row!.deliveredAt).not.toBeNull();
    } finally {
      await relay.stop();
    }
  });

  test("M5 a consumer that fails gets the events again later; two relays at once hand each of 20 concurrent events on once", async () => {
    let down = true;
    const { consumer, taken } = recorder("flaky", () => down);
    const relay = createEventRelay({ database: db.database, logger, consumers: [consumer] });
    const other = createEventRelay({ database: db.database, logger, consumers: [consumer] });
    try {
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          db.database.forAccount(accountId, (tx) =>
            emitDomainEvent(tx, accountId, { type: "form.submitted", data: { formId: `f${n}` } }),
          ),
        ),
      );
      await Promise.all([relay.drain(), other.drain()]);
      expect(taken).toHaveLength(0);
      const failed = await db.database.forAccount(accountId, (tx) =>
        tx.select().from(domainEvents).where(inArray(domainEvents.id, ids)),
      );
      expect(
        failed.every((row) => row.deliveredAt === null && row.lastError === "consumer down"),
      ).toBe(true);
      // Held back, each time longer: the next pass skips them until then.
      expect(failed.every((row) => row.heldUntil !== null && row.heldUntil > new Date())).toBe(
        true,
      );
      down = false;
      await db.database.forAccount(accountId, (tx) =>
        tx
          .update(domainEvents)
          .set({ heldUntil: sql`now() - interval '1 second'` })
          .where(inArray(domainEvents.id, ids)),
      );
      await Promise.all([relay.drain(), other.drain()]);
      const handed = taken.map((event) => event.id).filter((id) => ids.includes(id));
      expect(handed.sort()).toEqual([...ids].sort());
    } finally {
      await relay.stop();
      await other.stop();
    }
  });
});
