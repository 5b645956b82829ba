import { and, eq, inArray, sql } from "drizzle-orm";
import { signalAfterCommit, type Database, type Tx } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import type { DomainEvent, StoredDomainEvent } from "./domain-events";
import { domainEvents } from "./tables.server";

export type { DomainEvent, DomainEventType, StoredDomainEvent } from "./domain-events";
export { domainEventTypes } from "./domain-events";

/** What a committed transaction that wrote events tells its database's listeners. */
export const DOMAIN_EVENTS_TOPIC = "domain-events";
/** Once a minute: events a process wrote and died before handing on are handed on. */
export const DOMAIN_EVENTS_SWEEP_JOB = "events.sweep";

/**
 * Inside the transaction of the change it tells: the events are written with it (or not at
 * all), and handed to the consumers as soon as it commits (decision 061).
 */
export async function emitDomainEvents(
  tx: Tx,
  accountId: string,
  events: DomainEvent[],
  now = new Date(),
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await tx
    .insert(domainEvents)
    .values(
      events.map((event) => ({
        accountId,
        type: event.type,
        contactId: event.contactId ?? null,
        userId: event.userId ?? null,
        email: event.email ?? null,
        data: event.data ?? {},
        occurredAt: now,
      })),
    )
    .returning({ id: domainEvents.id });
  signalAfterCommit(tx, DOMAIN_EVENTS_TOPIC);
  return rows.map((row) => row.id);
}

export const emitDomainEvent = async (
  tx: Tx,
  accountId: string,
  event: DomainEvent,
  now?: Date,
): Promise<string> => (await emitDomainEvents(tx, accountId, [event], now))[0]!;

/**
 * A feature that reacts to events. It takes one account's events in the order they happened,
 * and may be given the same ones again (a relay that died before marking them delivered): it
 * acts once per event id, whatever it is given.
 */
export type EventConsumer = {
  name: string;
  take(accountId: string, events: StoredDomainEvent[]): Promise<void>;
};

export type EventRelay = {
  /** Looks for undelivered events now (or again, once the pass under way ends). */
  wake(): void;
  /** Resolves once no event is waiting that can be delivered now (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

type ClaimedRow = {
  account_id: string;
  id: string;
  type: StoredDomainEvent["type"];
  contact_id: string | null;
  user_id: string | null;
  email: string | null;
  data: StoredDomainEvent["data"] | string;
  occurred_at: string | Date;
};

/**
 * The outbox's relay: every process that runs jobs has one. Woken by each commit that wrote
 * events (and by the sweep), it takes up to `batchSize` undelivered events of any account,
 * holds them for `holdSeconds` (another process's relay skips them meanwhile; a dead holder's
 * lapse), gives each account's to every consumer, then marks them delivered. A consumer that
 * throws leaves its account's events for a later pass, each time later.
 */
export function createEventRelay({
  database,
  logger,
  consumers,
  batchSize = 500,
  holdSeconds = 60,
}: {
  database: Database;
  logger: Logger;
  consumers: EventConsumer[];
  batchSize?: number;
  holdSeconds?: number;
}): EventRelay {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function claim(): Promise<StoredDomainEvent[]> {
    // Across accounts, as a queue is: the owner's connection (no request ever uses it).
    const claimed = await database.owner.execute<ClaimedRow>(sql`
      update ${domainEvents} e
         set held_until = now() + make_interval(secs => ${holdSeconds}), attempts = e.attempts + 1
        from (select account_id, id from ${domainEvents}
               where delivered_at is null and (held_until is null or held_until < now())
               order by occurred_at limit ${batchSize}
               for update skip locked) due
       where e.account_id = due.account_id and e.id = due.id
      returning e.account_id, e.id, e.type, e.contact_id, e.user_id, e.email, e.data, e.occurred_at`);
    return claimed.rows
      .map((row) => ({
        accountId: row.account_id,
        id: row.id,
        type: row.type,
        contactId: row.contact_id,
        userId: row.user_id,
        email: row.email,
        data: typeof row.data === "string" ? JSON.parse(row.data) : row.data,
        occurredAt: new Date(row.occurred_at),
      }))
      .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  }

  async function deliver(accountId: string, events: StoredDomainEvent[]) {
    const ids = events.map((event) => event.id);
    const these = and(eq(domainEvents.accountId, accountId), inArray(domainEvents.id, ids));
    try {
      for (const consumer of consumers) await consumer.take(accountId, events);
      await database.forAccount(accountId, (tx) =>
        tx
          .update(domainEvents)
          .set({ deliveredAt: sql`now()`, heldUntil: null })
          .where(these),
      );
    } catch (error) {
      logger.warn({ err: error, accountId, events: ids.length }, "domain events not delivered");
      const message = error instanceof Error ? error.message : String(error);
      await database.forAccount(accountId, (tx) =>
        tx
          .update(domainEvents)
          .set({
            lastError: message.slice(0, 500),
            heldUntil: sql`now() + make_interval(secs => least(3600, 5 * power(2, ${domainEvents.attempts})))`,
          })
          .where(these),
      );
    }
  }

  async function pass() {
    while (!stopped) {
      const events = await claim();
      if (events.length === 0) return;
      const byAccount = Map.groupBy(events, (event) => event.accountId);
      for (const [accountId, own] of byAccount) await deliver(accountId, own);
      if (events.length < batchSize) return;
    }
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => logger.warn({ err: error }, "the event relay's pass failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  const unlisten = database.onCommitted((topic) => {
    if (topic === DOMAIN_EVENTS_TOPIC) wake();
  });

  return {
    wake,
    async drain() {
      wake();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      unlisten();
      await running;
    },
  };
}
