// How every PGlite of ours starts: the template build, the database thread and the in-process
// one. Packages only: the thread (run by Node directly) imports this file too.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Extensions the migrations create: they must be loaded into PGlite's WASM build as well. */
export const pgliteExtensions = { pg_trgm };

/**
 * PostgreSQL's default 128 MB of shared buffers all become resident memory in WebAssembly; a
 * site's working set is a few MB, and the data directory's files stay in the OS page cache
 * (decision 022).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
