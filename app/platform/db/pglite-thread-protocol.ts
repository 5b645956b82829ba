// Messages between the request thread and the embedded database's thread (pglite-thread.ts).

/** What the thread is started with. */
export type ThreadStart = {
  dataDir?: string;
  /** In memory, from this dumped data directory (a tar file) instead of initdb. */
  load?: string;
};

/** Type ids whose values stay text: Drizzle's PGlite parsers do exactly that for dates. */
type QueryOptions = { rowMode?: "array" | "object"; textTypes?: number[] };

/** The settings a scoped read runs under: the statement that sets them, and its values. */
export type ReadScope = { sql: string; params: unknown[] };

export type ThreadRequest =
  | ({
      op: "query";
      id: number;
      sql: string;
      params?: unknown[];
      transaction?: number;
      /**
       * A read in an account's scope (Database.readAccount): the thread runs it as a read-only
       * transaction of its own with the account set, holding the database for that statement
       * only, never across a round trip to the request thread.
       */
      readScope?: ReadScope;
    } & QueryOptions)
  | { op: "exec"; id: number; sql: string; transaction?: number }
  | { op: "begin"; id: number }
  | { op: "end"; id: number; transaction: number; commit: boolean }
  | { op: "close"; id: number; checkpoint: boolean };

export type ThreadError = {
  name: string;
  message: string;
  /** The error's own text and number fields: code, detail, constraint, table… */
  fields: Record<string, string | number>;
};

export type ThreadReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };
