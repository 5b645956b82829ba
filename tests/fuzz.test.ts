import { expect, test } from "vitest";
import { corpusFor, FUZZ_MIN_CASES } from "./support/fuzz-corpus";
import {
  fuzzEndpoints,
  sourceActionModules,
  sourceApiRoutes,
  type FuzzWorld,
} from "./support/fuzz-endpoints";
import { describeFuzzPass } from "./support/fuzz-pass";

test("A11 fuzz: the endpoint table lists every API route and every page action in the source", () => {
  const listed = new Set(
    fuzzEndpoints.flatMap((endpoint) => (endpoint.route ? [endpoint.route] : [])),
  );
  // better-auth's router is mounted as GET and POST /auth/*; its endpoints are checked one by one below.
  const hasAuth = fuzzEndpoints.some((endpoint) => endpoint.authPath);
  const missing = sourceApiRoutes().filter(
    (route) => !listed.has(route) && !(hasAuth && route.endsWith(" /auth/*")),
  );
  expect(missing).toEqual([]);
  expect(sourceApiRoutes().length).toBeGreaterThan(25);

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

describeFuzzPass("pglite");
