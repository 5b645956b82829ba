import { describeFuzzPass } from "./support/fuzz-pass";

// The other half of the PGlite fuzz pass (tests/fuzz.test.ts has the first): each sends every
// endpoint, half of each corpus, so the two test workers share the longest file (decision 046).
describeFuzzPass("pglite", { every: 2, offset: 1 });
