import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database, Tx } from "~/platform/db/database.server";
import { publicationSchedule, type ContentKind } from "./tables.server";

type Item = { accountId: string; itemKind: ContentKind; itemId: string };

const scheduleOf = (item: Item) =>
  and(
    eq(publicationSchedule.accountId, item.accountId),
    eq(publicationSchedule.itemKind, item.itemKind),
    eq(publicationSchedule.itemId, item.itemId),
  );

/** Puts (or moves) an item's publication moment, inside the save's transaction. */
export async function schedulePublication(
  tx: Tx,
  { publishAt, ...item }: Item & { publishAt: Date },
) {
  await tx
    .insert(publicationSchedule)
    .values({ ...item, publishAt })
    .onConflictDoUpdate({
      target: [
        publicationSchedule.accountId,
        publicationSchedule.itemKind,
        publicationSchedule.itemId,
      ],
      set: { publishAt },
    });
}

/** The item no longer goes live by itself (published now, back to draft, trashed). */
export async function cancelPublication(tx: Tx, item: Item) {
  await tx.delete(publicationSchedule).where(scheduleOf(item));
}

/**
 * Publishes one due item in its own account; answers whether it changed anything. It must be
 * idempotent: two instances may both find the same item due.
 */
export type Publisher = (
  database: Database,
  item: { accountId: string; itemId: string; publishAt: Date },
) => Promise<boolean>;

/** The public pages a publication drops (every page of the site: lists and menus show items). */
export type PublicationCaches = {
  invalidateAccount(accountId: string, key: null): Promise<unknown>;
};

/**
 * The publisher of an editor's table (posts, pages: the same `status`, `version`, `updated_at`
 * and `published_at` columns): a scheduled item whose time has come goes live, once.
 */
export const tablePublisher =
  (table: PgTable, caches: PublicationCaches | null): Publisher =>
  async (database, { accountId, itemId }) => {
    const { rows } = await database.forAccount(accountId, (tx) =>
      tx.execute(sql`
        update ${table}
           set status = 'published', version = version + 1, updated_at = now()
         where account_id = ${accountId} and id = ${itemId}
           and status = 'scheduled' and published_at <= now()
        returning id`),
    );
    if (rows.length === 0) return false;
    await caches?.invalidateAccount(accountId, null);
    return true;
  };

/**
 * Publishes what is due at `now` (oldest first, `limit` at a time): each item by its kind's
 * publisher, then its schedule row is removed — only if nobody moved it meanwhile. A publisher
 * that fails leaves its row, so the next round tries again.
 */
export async function publishDue(
  database: Database,
  {
    publishers,
    now = new Date(),
    limit = 50,
    onError = () => undefined,
  }: {
    publishers: Partial<Record<ContentKind, Publisher>>;
    now?: Date;
    limit?: number;
    onError?: (error: unknown, item: Item) => void;
  },
): Promise<number> {
  const due = await database.asApp((tx) =>
    tx
      .select()
      .from(publicationSchedule)
      .where(lte(publicationSchedule.publishAt, now))
      .orderBy(asc(publicationSchedule.publishAt))
      .limit(limit),
  );
  let published = 0;
  for (const row of due) {
    const publish = publishers[row.itemKind];
    if (!publish) continue;
    try {
      if (await publish(database, row)) published += 1;
      await database.asApp((tx) =>
        tx
          .delete(publicationSchedule)
          .where(and(scheduleOf(row), eq(publicationSchedule.publishAt, row.publishAt))),
      );
    } catch (error) {
      onError(error, row);
    }
  }
  return published;
}

/**
 * Looks for due items every `intervalMs` (10 s: a post scheduled for 09:00 is live by 09:00:10)
 * until stopped. One indexed read of a small table per round, on every instance; publishing
 * is idempotent, so instances need no coordination.
 */
export function startPublicationScheduler(
  database: Database,
  {
    publishers,
    intervalMs = 10_000,
    active = () => true,
    onError,
  }: {
    publishers: Partial<Record<ContentKind, Publisher>>;
    intervalMs?: number;
    /** False once the process shuts down: no round starts on a closing database. */
    active?: () => boolean;
    onError?: (error: unknown, item?: Item) => void;
  },
): { stop(): void } {
  let running = false;
  const round = async () => {
    if (running || !active()) return;
    running = true;
    try {
      await publishDue(database, { publishers, onError });
    } catch (error) {
      onError?.(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The durable sweep's queue (server/job-workers.ts): it runs beside every instance's poller. */
export const PUBLISH_DUE_JOB = "content.publish-due";

/**
 * The scheduled job's round (issue 17 scope 8): publishes everything due, a batch at a time,
 * and answers how many items went live. The poller above publishes within seconds; this job
 * is what the crons screen shows and can run by hand. An item that could not be published
 * fails the run with its error, so the queue retries it and the screen shows why.
 */
export async function publishDueSweep(
  database: Database,
  {
    publishers,
    now = new Date(),
    batch = 50,
  }: { publishers: Partial<Record<ContentKind, Publisher>>; now?: Date; batch?: number },
): Promise<{ published: number }> {
  const failures: unknown[] = [];
  let published = 0;
  // A full batch may leave more behind; a batch with failures stops (they stay due).
  for (let round = 0; round < 20; round++) {
    const before = failures.length;
    const count = await publishDue(database, {
      publishers,
      now,
      limit: batch,
      onError: (error) => failures.push(error),
    });
    published += count;
    if (count < batch || failures.length > before) break;
  }
  if (failures.length > 0) {
    const first = failures[0] instanceof Error ? failures[0].message : String(failures[0]);
    throw new Error(`${failures.length} due item(s) not published (${published} were): ${first}`);
  }
  return { published };
}
