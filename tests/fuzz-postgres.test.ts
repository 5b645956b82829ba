import { describeFuzzPass } from "./support/fuzz-pass";

// The fuzz pass on PostgreSQL (with TEST_DATABASE_URL), in a file of its own so that it runs
// beside the PGlite halves (tests/fuzz.test.ts, tests/fuzz-2.test.ts) instead of after them:
// every 10th case of each endpoint's corpus (30+, from every kind of malformed input), since
// PGlite runs all of them on the same SQL engine; what PostgreSQL adds is its own driver and pool,
// which a sample reaches as well as the whole (decision 046).
describeFuzzPass("postgres", { every: 10 });
