import path from "node:path";
import { Worker } from "node:worker_threads";
import type {
  ReadScope,
  ThreadError,
  ThreadReply,
  ThreadRequest,
  ThreadStart,
} from "./pglite-thread-protocol";

/**
 * The thread's module. The built server starts the build's JavaScript (an entry of the server
 * build): a thread that loads TypeScript keeps Node's type stripper resident, about 16 MB
 * (decision 059). Tests and `npm run dev` run the source, which Node strips. Both are found
 * from the working directory, as the migrations are.
 */
const PGLITE_THREAD_MODULE = import.meta.env?.PROD
  ? path.resolve("build/server/pglite-thread.js")
  : path.resolve("app/platform/db/pglite-thread.ts");

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Results = {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
};

/** The part of PGlite's client that Drizzle's PGlite driver calls, answered by the thread. */
export interface ThreadClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(work: (tx: Omit<ThreadClient, "transaction">) => Promise<T>): Promise<T>;
}

/** Makes a client whose statements are reads in the scope its argument answers at each send. */
export type ThreadReadClient = (scopeOf: () => ReadScope) => ThreadClient;

/** An error from the thread, with the fields a PostgreSQL error carries (code, constraint…). */
function rebuild(error: ThreadError): Error {
  const rebuilt = new Error(error.message);
  Object.assign(rebuilt, error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}

type Payload = ThreadRequest extends infer R
  ? R extends ThreadRequest
    ? Omit<R, "id">
    : never
  : never;

/** A query as the thread takes it: Drizzle's parsers travel as the type ids they keep as text. */
function queryRequest(sql: string, params?: unknown[], options?: QueryOptions) {
  const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
  return { op: "query" as const, sql, params, rowMode: options?.rowMode, textTypes };
}

/**
 * Starts PGlite in a worker thread (decision 022) and answers with a client for Drizzle.
 * Only Drizzle's own parsers are honoured, and they keep values as text: the thread is told
 * their type ids instead of being sent functions.
 */
export async function startPgliteThread(options: ThreadStart) {
  const worker = new Worker(PGLITE_THREAD_MODULE, {
    workerData: options,
    // The thread's JavaScript is PGlite's glue: its young generation grew to V8's default under
    // load and stayed, ~20 MB of an idle server for garbage that dies young (decision 049).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on("message", (reply: ThreadReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(rebuild(reply.error));
  });
  const stop = (error: Error) => {
    stopped = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("error", (error) => stop(error));
  worker.on("exit", (code) => stop(new Error(`the embedded database's thread stopped (${code})`)));

  function call<T>(request: Payload): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const inTransaction = (transaction?: number) => ({
    query(sql: string, params?: unknown[], queryOptions?: QueryOptions) {
      return call<Results>({ ...queryRequest(sql, params, queryOptions), transaction });
    },
    exec(sql: string) {
      return call<Results[]>({ op: "exec", sql, transaction });
    },
  });

  /**
   * A client whose every statement is a read in the scope `scopeOf` answers when it is sent
   * (readAccount): no transaction spans two messages, so none waits on this request thread's
   * other work; the thread lets the reads that arrive together share one (decision 060).
   */
  const readClient: ThreadReadClient = (scopeOf) => ({
    query(sql, params, queryOptions) {
      return call<Results>({ ...queryRequest(sql, params, queryOptions), readScope: scopeOf() });
    },
    exec() {
      return Promise.reject(new Error("a scoped read sends one statement at a time"));
    },
    transaction() {
      return Promise.reject(new Error("a scoped read opens no transaction: use forAccount"));
    },
  });

  const client: ThreadClient = {
    ...inTransaction(),
    async transaction(work) {
      const transaction = await call<number>({ op: "begin" });
      let result;
      try {
        result = await work(inTransaction(transaction));
      } catch (error) {
        await call({ op: "end", transaction, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: "end", transaction, commit: true });
      return result;
    },
  };

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    client,
    readClient,
    async close({ checkpoint }: { checkpoint: boolean }) {
      try {
        await call({ op: "close", checkpoint });
      } finally {
        await worker.terminate();
      }
    },
  };
}
