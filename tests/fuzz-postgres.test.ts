import { describeFuzzPass } from "./support/fuzz-pass";

// The fuzz pass on PostgreSQL (with TEST_DATABASE_URL), in a file of its own so that it runs
// beside the PGlite pass (tests/fuzz.test.ts) instead of after it: every 10th case of each
// endpoint's corpus (30+), since PGlite reads five times as many on the same SQL engine; what
// PostgreSQL adds is its own driver and pool, which a sample reaches as well as the whole.
// FUZZ_FULL=1 sends the whole corpus (decision 046).
describeFuzzPass("postgres", process.env.FUZZ_FULL ? {} : { every: 10 });
