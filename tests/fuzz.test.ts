import { expect, test } from "vitest";
import { corpusFor, FUZZ_MIN_CASES } from "./support/fuzz-corpus";
import { fuzzEndpoints, sourceActionModules, type FuzzWorld } from "./support/fuzz-endpoints";
import { describeFuzzPass, shareStart } from "./support/fuzz-pass";

// Every API route is checked against the Hono app's own routes by the pass (fuzz-pass.ts).
test("A11 fuzz: the endpoint table lists every page action in the source", () => {
  const actions = new Set(
    fuzzEndpoints.filter((e) => e.method === "POST" && e.routeFile).map((e) => e.routeFile),
  );
  expect(sourceActionModules().filter((file) => !actions.has(file))).toEqual([]);
  expect(sourceActionModules().length).toBeGreaterThanOrEqual(4);
});

/** A site for building corpora only: nothing is sent. */
const world: FuzzWorld = {
  accountId: "a",
  host: "h",
  platformHost: "p",
  studentId: "s",
  password: "Fuzz-Harbour-Quartz-88",
};

test(`A11 fuzz: every endpoint gets at least ${FUZZ_MIN_CASES} distinct, repeatable malformed inputs`, () => {
  for (const endpoint of fuzzEndpoints) {
    const cases = corpusFor(endpoint.name, endpoint.shape(world));
    expect(new Set(cases.map((c) => c.label)).size, endpoint.name).toBeGreaterThanOrEqual(
      FUZZ_MIN_CASES,
    );
    expect(corpusFor(endpoint.name, endpoint.shape(world)), endpoint.name).toEqual(cases);
  }
});

const SUITE_EVERY = 10;

test(`I32 fuzz: in the suite's sample (1 case in ${SUITE_EVERY}), every case of the JSON, query and path corpora still reaches endpoints of its shape`, () => {
  for (const kind of ["json", "query", "path"]) {
    const starts = new Set(
      fuzzEndpoints
        .filter((endpoint) => endpoint.shape(world).kind === kind)
        .map((endpoint) => shareStart(endpoint.name, SUITE_EVERY)),
    );
    expect(starts.size, kind).toBe(SUITE_EVERY);
  }
});

// Every 10th case of each endpoint's corpus (30+) in the suite, from a place of each endpoint's
// own, so that every case still reaches endpoints of its shape; FUZZ_FULL=1 sends all 300+
// (decisions 046, 047, 056).
describeFuzzPass("pglite", process.env.FUZZ_FULL ? {} : { every: SUITE_EVERY });
