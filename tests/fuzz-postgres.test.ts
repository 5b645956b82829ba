import { describeFuzzPass } from "./support/fuzz-pass";

// The fuzz pass on PostgreSQL (with TEST_DATABASE_URL), in a file of its own so that it runs
// beside the PGlite pass (tests/fuzz.test.ts) instead of after it.
describeFuzzPass("postgres");
