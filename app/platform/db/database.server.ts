import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.server";
import { pgliteExtensions, pgliteStartParams } from "./pglite-settings";
import { copyPgliteTemplate, holdsDatabase } from "./pglite-template.server";
import {
  startPgliteThread,
  type ThreadClient,
  type ThreadReadClient,
} from "./pglite-thread-client.server";
import { APP_ROLE } from "./tenant-policy.server";

/** Drizzle handle; PGlite's and node-postgres' share this query-builder surface. */
export type Db = NodePgDatabase<Record<string, never>>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a unit of work receives: the transaction, already scoped to one account. */
export type Work<T> = (tx: Tx) => Promise<T>;
/**
 * A unit of work over global and tenant rows: it writes global rows as the owner, then may call
 * `enterAccount` once, after which the same transaction is the account's (as in `forAccount`).
 */
export type SpanningWork<T> = (
  tx: Tx,
  enterAccount: (accountId: string) => Promise<void>,
) => Promise<T>;

export type DatabaseOptions =
  | { kind: "postgres"; url: string }
  | {
      kind: "pglite";
      dataDir: string;
      /** A migrated empty data directory (pglite-template.server.ts) a new `dataDir` starts as. */
      template?: string;
    }
  | {
      kind: "pglite";
      memory: true;
      /** Run it in a thread of its own, as a data directory always is (tests of the thread). */
      thread?: boolean;
      /**
       * A data directory dumped as a tar file (`dumpDataDir`) to start from instead of initdb,
       * which takes PGlite's WebAssembly seconds (tests start from a migrated dump).
       */
      load?: string;
    };

export interface Database {
  kind: "pglite" | "postgres";
  /** Owner connection: migrations, platform maintenance. Requests never use it. */
  owner: Db;
  /** A transaction as the app role with `app.account_id` set: the only door to tenant rows. */
  forAccount<T>(accountId: string, work: Work<T>): Promise<T>;
  /**
   * Reads of one account's rows, as forAccount but read-only (a write fails). On the embedded
   * database each statement is its own read-only transaction in the database's thread, so a read
   * never holds the one session across a round trip to the request thread (decision 058): for
   * the loaders of pages read often, whose statements need no common snapshot.
   */
  readAccount<T>(accountId: string, work: Work<T>): Promise<T>;
  /**
   * Reads of one account's rows in one snapshot (repeatable read, read-only): what a long read
   * across many tables (an account's export) needs so that no row it writes out refers to one
   * committed after the table it lives in was read.
   */
  snapshotOfAccount<T>(accountId: string, work: Work<T>): Promise<T>;
  /** A transaction as the app role with no account: global tables only (tenant tables show nothing). */
  asApp<T>(work: Work<T>): Promise<T>;
  /**
   * One transaction for a write that spans global rows (a person, their credential) and an
   * account's rows (their membership): both commit together or neither does. The global part
   * runs as the owner; `enterAccount` then scopes the rest to one account, for good.
   */
  ownerThenAccount<T>(work: SpanningWork<T>): Promise<T>;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's use (PostgreSQL; the embedded database has one session). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Called with each topic `signalAfterCommit` named in a transaction of `forAccount`,
   * `asApp` or `ownerThenAccount`, once that transaction has committed (never after a rollback).
   * Answers a function that stops listening.
   */
  onCommitted(listener: (topic: string) => void): () => void;
}

/** Topics named inside each open top-level transaction (a savepoint's own tx is not tracked). */
const commitTopics = new WeakMap<Tx, Set<string>>();

/**
 * Inside a transaction of `forAccount`, `asApp` or `ownerThenAccount`: after it commits, the
 * database's `onCommitted` listeners hear `topic` (once per transaction however often named).
 * A hint only: a process that dies between the commit and the call never makes it.
 */
export function signalAfterCommit(tx: Tx, topic: string): void {
  commitTopics.get(tx)?.add(topic);
}

function commitListeners() {
  const listeners = new Set<(topic: string) => void>();
  return {
    onCommitted(listener: (topic: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Runs `work` in a tracked transaction and tells the listeners its topics once committed. */
    async tracked<T>(open: (work: Work<T>) => Promise<T>, work: Work<T>): Promise<T> {
      const topics = new Set<string>();
      const result = await open(async (tx) => {
        commitTopics.set(tx, topics);
        return work(tx);
      });
      // Committed: a listener's failure must not look like the transaction's.
      for (const topic of topics)
        for (const listener of listeners) {
          try {
            listener(topic);
          } catch {
            // The relay's sweep takes up what a hint missed.
          }
        }
      return result;
    },
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Makes the rest of `tx` the account's: its rows only, as the app role. */
async function enterScope(tx: Tx, accountId: string): Promise<void> {
  // set_config(..., true) and SET LOCAL last only for this transaction: a pooled or shared
  // session (PGlite is one session) never carries one request's account into the next.
  // One statement, not two: `role` is the setting SET LOCAL ROLE changes (as PostgREST does it).
  await tx.execute(
    sql`select set_config('app.account_id', ${accountId}, true), set_config('role', ${APP_ROLE}, true)`,
  );
}

/**
 * A read's scope in one statement: read-only first (turning a transaction read-only is allowed
 * at any point; only the way back is refused), then the account and the role, as enterScope.
 */
const readScopeHead =
  "select set_config('transaction_read_only', 'on', true), set_config('app.account_id', ";
const readScopeSql = `${readScopeHead}$1, true), set_config('role', $2, true)`;

function requireAccountId(accountId: string, caller: string) {
  if (!uuidPattern.test(accountId)) throw new Error(`${caller} needs an account uuid`);
}

/** A read-only transaction's work as the app role in one account (readAccount's scope). */
const readScoped =
  <T>(accountId: string, work: Work<T>): Work<T> =>
  async (tx) => {
    await tx.execute(
      sql`${sql.raw(readScopeHead)}${accountId}, true), set_config('role', ${APP_ROLE}, true)`,
    );
    return work(tx);
  };

function scopedTransactions(owner: Db) {
  const commits = commitListeners();
  async function asRole<T>(accountId: string, work: Work<T>): Promise<T> {
    return commits.tracked(
      (tracked) => owner.transaction(tracked),
      async (tx) => {
        await enterScope(tx, accountId);
        return work(tx);
      },
    );
  }
  return {
    onCommitted: commits.onCommitted,
    forAccount<T>(accountId: string, work: Work<T>) {
      requireAccountId(accountId, "forAccount");
      return asRole(accountId, work);
    },
    /** One transaction for all the reads: where a transaction spans no other thread's work. */
    readAccount<T>(accountId: string, work: Work<T>) {
      requireAccountId(accountId, "readAccount");
      return owner.transaction(readScoped(accountId, work));
    },
    snapshotOfAccount<T>(accountId: string, work: Work<T>) {
      requireAccountId(accountId, "snapshotOfAccount");
      return owner.transaction(readScoped(accountId, work), {
        isolationLevel: "repeatable read",
        accessMode: "read only",
      });
    },
    asApp<T>(work: Work<T>) {
      return asRole("", work);
    },
    ownerThenAccount<T>(work: SpanningWork<T>) {
      return commits.tracked<T>(
        (tracked) => owner.transaction(tracked),
        async (tx) => {
          let entered = false;
          return work(tx, async (accountId) => {
            requireAccountId(accountId, "enterAccount");
            // Once scoped, a transaction never goes back to the owner's rights.
            if (entered) throw new Error("enterAccount is called once per transaction");
            entered = true;
            await enterScope(tx, accountId);
          });
        },
      );
    },
  };
}

/**
 * readAccount on the database's thread: a Drizzle handle whose statements each carry the scope
 * of the readAccount they run under (AsyncLocalStorage), and run as a read of their own there.
 */
function threadReads(readClient: ThreadReadClient): Pick<Database, "readAccount"> {
  const scope = new AsyncLocalStorage<string>();
  const client = readClient(() => {
    const accountId = scope.getStore();
    if (accountId === undefined) throw new Error("a scoped read runs inside readAccount only");
    return { sql: readScopeSql, params: [accountId, APP_ROLE] };
  });
  const reader = drizzlePglite({ client: client as unknown as PGlite }) as unknown as Tx;
  return {
    readAccount(accountId, work) {
      requireAccountId(accountId, "readAccount");
      // Awaited inside the scope: Drizzle's queries run when awaited, and a work that returns
      // one unawaited would otherwise send it from outside.
      return scope.run(accountId, async () => await work(reader));
    },
  };
}

async function openPglite(
  options:
    { dataDir: string; template?: string } | { memory: true; thread?: boolean; load?: string },
): Promise<Database> {
  const lock = "dataDir" in options ? lockDataDir(options.dataDir) : undefined;
  let client: PGlite | ThreadClient;
  let reads: Pick<Database, "readAccount"> | undefined;
  let closeClient: () => Promise<void>;
  try {
    if ("dataDir" in options) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      // Under the lock: no other process can be starting from the same empty directory.
      if (options.template && !holdsDatabase(options.dataDir)) {
        copyPgliteTemplate(options.template, options.dataDir);
      }
    }
    if ("dataDir" in options || options.thread) {
      // Its WebAssembly runs beside the request thread, never in it (decision 022).
      const thread = await startPgliteThread(
        "dataDir" in options ? { dataDir: options.dataDir } : { load: options.load },
      );
      client = thread.client;
      reads = threadReads(thread.readClient);
      closeClient = () => thread.close({ checkpoint: "dataDir" in options });
    } else {
      const embedded = await PGlite.create({
        extensions: pgliteExtensions,
        startParams: pgliteStartParams,
        loadDataDir: options.load ? new Blob([fs.readFileSync(options.load)]) : undefined,
      });
      client = embedded;
      closeClient = () => embedded.close();
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  const owner = drizzlePglite({ client: client as PGlite }) as unknown as Db;
  return {
    kind: "pglite",
    owner,
    ...scopedTransactions(owner),
    ...reads,
    async migrate(migrationsFolder) {
      await migratePglite(owner as never, { migrationsFolder });
    },
    async close() {
      try {
        await closeClient();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can end under us (server restart, database dropped): the pool replaces
  // it. Without a listener the event would crash the process.
  pool.on("error", () => {});
  const owner = drizzlePg({ client: pool });
  return {
    kind: "postgres",
    owner,
    ...scopedTransactions(owner),
    async migrate(migrationsFolder) {
      // One instance migrates at a time; the others wait and then find nothing to do.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext('lyceum.migrate'))");
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(hashtext('lyceum.migrate'))").catch(() => {});
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options.url);
  return openPglite(options);
}
