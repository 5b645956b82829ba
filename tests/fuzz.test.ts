import { expect, test } from "vitest";
import { corpusFor, FUZZ_MIN_CASES } from "./support/fuzz-corpus";
import { fuzzEndpoints, sourceActionModules, type FuzzWorld } from "./support/fuzz-endpoints";
import { describeFuzzPass } from "./support/fuzz-pass";

// Every API route is checked against the Hono app's own routes by the pass (fuzz-pass.ts).
test("A11 fuzz: the endpoint table lists every page action in the source", () => {
  const actions = new Set(
    fuzzEndpoints.filter((e) => e.method === "POST" && e.routeFile).map((e) => e.routeFile),
  );
  expect(sourceActionModules().filter((file) => !actions.has(file))).toEqual([]);
  expect(sourceActionModules().length).toBeGreaterThanOrEqual(4);
});

test(`A11 fuzz: every endpoint gets at least ${FUZZ_MIN_CASES} distinct, repeatable malformed inputs`, () => {
  const world: FuzzWorld = {
    accountId: "a",
    host: "h",
    platformHost: "p",
    studentId: "s",
    password: "Fuzz-Harbour-Quartz-88",
  };
  for (const endpoint of fuzzEndpoints) {
    const cases = corpusFor(endpoint.name, endpoint.shape(world));
    expect(new Set(cases.map((c) => c.label)).size, endpoint.name).toBeGreaterThanOrEqual(
      FUZZ_MIN_CASES,
    );
    expect(corpusFor(endpoint.name, endpoint.shape(world)), endpoint.name).toEqual(cases);
  }
});

// Every 2nd case of each endpoint's corpus (150+) in the suite; FUZZ_FULL=1 sends all 300+
// (decision 046).
describeFuzzPass("pglite", process.env.FUZZ_FULL ? {} : { every: 2 });
