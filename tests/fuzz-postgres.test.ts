import { describeFuzzPass } from "./support/fuzz-pass";

// The fuzz pass on PostgreSQL (with TEST_DATABASE_URL), in a file of its own so that it runs
// beside the PGlite pass (tests/fuzz.test.ts) instead of after it: a quarter of each endpoint's
// corpus (every 4th case, 75+), since PGlite runs all of it on the same SQL engine.
describeFuzzPass("postgres", { every: 4 });
