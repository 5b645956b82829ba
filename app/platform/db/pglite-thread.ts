// The embedded database's own thread: PGlite runs its WebAssembly here, so a long query never
// holds up the event loop that accepts and answers requests (decision 022). The built server runs
// this file's build (decision 059); tests and `npm run dev` have Node run it directly (type
// stripping), so it imports packages, Node built-ins and modules that do the same.
import fs from "node:fs";
import v8 from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types, type Transaction } from "@electric-sql/pglite";
import { collectWhenIdle } from "../idle-gc.ts";
import {
  pgliteExtensions as extensions,
  pgliteStartParams as startParams,
} from "./pglite-settings.ts";
import type {
  ReadScope,
  ThreadError,
  ThreadReply,
  ThreadRequest,
  ThreadStart,
} from "./pglite-thread-protocol.ts";

const start = workerData as ThreadStart;
const port = parentPort!;

/** Leaving a transaction's callback with this rolls it back. */
const ROLLBACK = Symbol("rollback");

// V8 recompiles hot WebAssembly functions with its optimising compiler, and PostgreSQL's largest
// functions (the parser, the executor's interpreter) cost it hundreds of MB that stay resident;
// the baseline code runs this workload within ~5 % (decision 022). Set before PGlite compiles.
v8.setFlagsFromString("--wasm-tiering-budget=2000000000");

type QueryOptions = NonNullable<Parameters<Transaction["query"]>[2]>;

const db = await PGlite.create(
  start.dataDir
    ? { dataDir: start.dataDir, extensions, startParams }
    : {
        extensions,
        startParams,
        loadDataDir: start.load ? new Blob([fs.readFileSync(start.load)]) : undefined,
      },
);

type Open = { tx: Transaction; finish: (commit: boolean, endId: number) => void };
const open = new Map<number, Open>();
let nextTransaction = 1;

function reply(message: ThreadReply) {
  port.postMessage(message);
}

/** An error as plain data: its message and the fields callers read (code, constraint…). */
function describe(error: unknown): ThreadError {
  const fields: Record<string, string | number> = {};
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") fields[key] = value;
    }
  }
  return {
    name: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : String(error),
    fields,
  };
}

const asText = (value: string) => value;

/**
 * The types Drizzle asks every statement to keep as text (dates, timestamps, intervals and their
 * arrays, numeric[]): it parses them itself. A statement's own parsers cost PGlite a copy of its
 * whole table (hundreds of array types) for every statement, a quarter of this thread's work
 * under load (decision 060): the table keeps these as text, and a statement that asks otherwise
 * (pg-boss asks for none) is given what differs.
 */
const textByDefault = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];
/** Arrays whose elements are kept as text too: PGlite's array parser reads the element's from the table. */
const elementOf: Record<number, number> = { 1182: 1082, 1115: 1114, 1185: 1184, 1187: 1186 };
const ownParsers: Partial<Record<number, (value: string, type: number) => unknown>> =
  Object.fromEntries(
    textByDefault.map((type) => {
      const element = elementOf[type];
      const own = element === undefined ? db.parsers[type] : db.parsers[element];
      return [
        type,
        element === undefined || !own
          ? own
          : (value: string) => types.arrayParser(value, own, type),
      ];
    }),
  );
for (const type of textByDefault) db.parsers[type] = asText;

const parsersByTextTypes = new Map<string, QueryOptions["parsers"]>();

/** The parsers a statement needs beside the table's, for the type ids it keeps as text. */
function parsersFor(textTypes: number[] | undefined): QueryOptions["parsers"] {
  const key = textTypes?.join(",") ?? "";
  if (parsersByTextTypes.has(key)) return parsersByTextTypes.get(key);
  const asked = new Set(textTypes);
  const differing = [
    ...[...asked].filter((type) => !textByDefault.includes(type)).map((type) => [type, asText]),
    ...textByDefault
      .filter((type) => !asked.has(type))
      .map((type) => [type, ownParsers[type] ?? asText]),
  ];
  const parsers = differing.length > 0 ? Object.fromEntries(differing) : undefined;
  // Few sets are ever asked for (Drizzle's, none); a stranger one is not kept.
  if (parsersByTextTypes.size < 8) parsersByTextTypes.set(key, parsers);
  return parsers;
}

function target(transaction: number | undefined) {
  if (transaction === undefined) return db;
  const found = open.get(transaction);
  if (!found) throw new Error("the transaction has already ended");
  return found.tx;
}

/**
 * Opens a transaction that stays open across messages: its callback waits for the "end" request,
 * which is answered once PGlite has committed or rolled back.
 */
function begin(beginId: number) {
  const transaction = nextTransaction++;
  let endId: number | undefined;
  db.transaction(async (tx) => {
    const commit = await new Promise<boolean>((resolve) => {
      open.set(transaction, {
        tx,
        finish(commit, id) {
          endId = id;
          resolve(commit);
        },
      });
      reply({ id: beginId, ok: true, result: transaction });
    });
    if (!commit) throw ROLLBACK;
  }).then(
    () => reply({ id: endId!, ok: true, result: null }),
    (error) => {
      open.delete(transaction);
      if (error === ROLLBACK) reply({ id: endId!, ok: true, result: null });
      // Before the callback ran, the failure was BEGIN's; after, COMMIT's.
      else reply({ id: endId ?? beginId, ok: false, error: describe(error) });
    },
  );
}

/**
 * A read-only transaction in one scope that the scoped reads arriving together share (decision
 * 060): a read of its own cost BEGIN, the scope's statement and COMMIT around each statement,
 * three of every four calls into PostgreSQL. It ends once the reads that joined it are answered,
 * or before anything else runs (PGlite runs a statement outside a transaction only after it).
 */
type SharedRead = {
  key: string;
  ready: Promise<Transaction>;
  pending: number;
  ending: boolean;
  end: () => void;
};
let reading: SharedRead | null = null;

function openSharedRead(scope: ReadScope, key: string): SharedRead {
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const ready = new Promise<Transaction>((resolve, reject) => {
    db.transaction(async (tx) => {
      await tx.query(scope.sql, scope.params);
      resolve(tx);
      await done;
      // Read-only: rolling back ends it as committing would, and also after a failed statement.
      await tx.rollback();
    }).catch(reject);
  });
  // A failure to open reaches every read that waits for it; nobody else waits for the end.
  ready.catch(() => {});
  const shared: SharedRead = {
    key,
    ready,
    pending: 0,
    ending: false,
    end() {
      if (reading === shared) reading = null;
      shared.ending = true;
      if (shared.pending === 0) ended();
    },
  };
  return shared;
}

/** PostgreSQL's "current transaction is aborted": another read of the same transaction failed. */
const ABORTED_TRANSACTION = "25P02";

async function scopedRead(
  request: Extract<ThreadRequest, { op: "query" }>,
  scope: ReadScope,
  options: QueryOptions,
  retried = false,
): Promise<unknown> {
  const key = JSON.stringify([scope.sql, scope.params]);
  if (reading && reading.key !== key) reading.end();
  const shared = (reading ??= openSharedRead(scope, key));
  shared.pending++;
  let failure: unknown;
  try {
    const tx = await shared.ready;
    return await tx.query(request.sql, request.params, options);
  } catch (error) {
    // A failed statement aborts the transaction: the reads after it start a new one.
    failure = error;
    shared.end();
  } finally {
    shared.pending--;
    if (shared.ending && shared.pending === 0) shared.end();
    // Reads sent together arrive within one turn of this thread's loop; after it, it ends.
    else if (shared.pending === 0) setImmediate(() => shared.pending === 0 && shared.end());
  }
  // Again only once out of the aborted transaction: the new one waits for it to end.
  const code = (failure as { code?: unknown }).code;
  if (code === ABORTED_TRANSACTION && !retried) return scopedRead(request, scope, options, true);
  throw failure;
}

async function handle(request: ThreadRequest): Promise<void> {
  // Anything else runs after the shared read, which ends once its reads are answered.
  if (!(request.op === "query" && request.readScope)) reading?.end();
  switch (request.op) {
    case "query": {
      const options = { rowMode: request.rowMode, parsers: parsersFor(request.textTypes) };
      const { readScope } = request;
      const result = readScope
        ? await scopedRead(request, readScope, options)
        : await target(request.transaction).query(request.sql, request.params, options);
      reply({ id: request.id, ok: true, result });
      return;
    }
    case "exec": {
      const result = await target(request.transaction).exec(request.sql);
      reply({ id: request.id, ok: true, result });
      return;
    }
    case "begin":
      begin(request.id);
      return;
    case "end": {
      const found = open.get(request.transaction);
      if (!found) throw new Error("the transaction has already ended");
      open.delete(request.transaction);
      found.finish(request.commit, request.id);
      return;
    }
    case "close": {
      if (request.checkpoint) await db.query("CHECKPOINT");
      await db.close();
      reply({ id: request.id, ok: true, result: null });
      return;
    }
  }
}

// The process-wide `--max-semi-space-size` (server/heap-flags.ts) outranks the thread's own
// young-generation limit, so a burst of queries leaves 16 MB of young generation committed
// here, plus the old space's growth: 20-25 MB in all, under the main thread's 32 MB threshold.
// This heap is small and quick to collect after a burst (decision 059).
const idle = collectWhenIdle({ growthBytes: 8 * 1024 * 1024 });
port.on("message", (request: ThreadRequest) => {
  idle.workSeen();
  handle(request).catch((error) => reply({ id: request.id, ok: false, error: describe(error) }));
});
// Id 0 announces that the database is open.
reply({ id: 0, ok: true, result: "ready" });
