import { describeFuzzPass } from "./support/fuzz-pass";

// The fuzz pass on PostgreSQL (with TEST_DATABASE_URL), in a file of its own so that it runs
// beside the PGlite pass (tests/fuzz.test.ts) instead of after it: every 30th case of each
// endpoint's corpus (10+), since PGlite reads five times as many on the same SQL engine; what
// PostgreSQL adds is its own driver and pool, which every route reached is enough to meet.
// FUZZ_FULL=1 sends the whole corpus (decisions 046, 047).
describeFuzzPass("postgres", process.env.FUZZ_FULL ? {} : { every: 30 });
