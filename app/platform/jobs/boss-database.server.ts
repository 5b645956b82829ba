// pg-boss speaks to the database through one small interface, `executeSql(text, values)`
// (decision 031). Here it is answered by the connection the app already holds: the embedded
// database's thread (decision 022) or the PostgreSQL pool. A job sent inside a request's
// transaction goes through that transaction instead (`fromDrizzle`, in jobs.server.ts).
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "../db/database.server";
import type { ThreadClient } from "../db/pglite-thread-client.server";
import { APP_ROLE } from "../db/tenant-policy.server";
import { JOB_TABLE, JOBS_SCHEMA } from "./job-queue-types";

type Rows = { rows: Record<string, unknown>[] };
export type BossDatabase = {
  executeSql(text: string, values?: unknown[]): Promise<Rows>;
  /**
   * Runs `work` while no other process of the deployment runs its own: two instances installing
   * pg-boss's schema at once both try to create it, and one fails.
   */
  alone<T>(work: () => Promise<T>): Promise<T>;
};

/** pg-boss wraps statements that must hold together as `BEGIN; … COMMIT;` in one text. */
const wrappedTransaction = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

function flatten(results: { rows?: unknown[] }[]): Rows {
  return { rows: results.flatMap((result) => (result.rows ?? []) as Record<string, unknown>[]) };
}

/**
 * On the embedded database one session serves everyone. A `BEGIN; … COMMIT;` text that failed
 * halfway would leave that session inside an aborted transaction for the next request, so such a
 * text runs as a transaction of the thread, which rolls back on failure as any other does.
 */
function threadDatabase(client: ThreadClient): BossDatabase {
  return {
    async executeSql(text, values) {
      if (values?.length) return (await client.query(text, values)) as Rows;
      const wrapped = wrappedTransaction.exec(text);
      if (wrapped) return flatten(await client.transaction((tx) => tx.exec(wrapped[1] ?? "")));
      return flatten(await client.exec(text));
    },
    // The embedded database belongs to one process (its data directory is locked).
    alone: (work) => work(),
  };
}

/** A multi-statement text (no values) answers an array of results, one per statement. */
function poolDatabase(pool: pg.Pool): BossDatabase {
  return {
    async executeSql(text, values) {
      const result = (await pool.query(text, values)) as unknown as
        pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? flatten(result) : (result as Rows);
    },
    async alone(work) {
      // A lock of the session: one connection holds it while `work` uses others of the pool.
      const holder = await pool.connect();
      try {
        await holder.query("select pg_advisory_lock(hashtext('lyceum.jobs.start'))");
        return await work();
      } finally {
        await holder
          .query("select pg_advisory_unlock(hashtext('lyceum.jobs.start'))")
          .catch(() => {});
        holder.release();
      }
    },
  };
}

/** The owner's connection of `database`, as pg-boss calls it. */
export function bossDatabase(database: Database): BossDatabase {
  // Drizzle keeps the client it was made with: the pool, or the thread's client.
  const client = (database.owner as unknown as { $client: unknown }).$client;
  return database.kind === "postgres"
    ? poolDatabase(client as pg.Pool)
    : threadDatabase(client as ThreadClient);
}

/** Requests run as the app role: it may add jobs, and read the queues they name, nothing more. */
export async function grantJobSending(database: Database) {
  const { rows } = await database.owner.execute<{ granted: boolean }>(
    sql`select has_table_privilege(${APP_ROLE}, ${`${JOBS_SCHEMA}.${JOB_TABLE}`}, 'INSERT') as granted`,
  );
  if (rows[0]?.granted) return;
  await database.owner.transaction(async (tx) => {
    await tx.execute(sql.raw(`grant usage on schema ${JOBS_SCHEMA} to ${APP_ROLE}`));
    await tx.execute(sql.raw(`grant select on ${JOBS_SCHEMA}.queue to ${APP_ROLE}`));
    // Jobs go to the table the queues share (none has a table of its own); of what is in
    // it, the insert reads back only the new job's id.
    await tx.execute(
      sql.raw(`grant insert, select (id) on ${JOBS_SCHEMA}.${JOB_TABLE} to ${APP_ROLE}`),
    );
  });
}
