import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createMember, createUserWithPassword } from "../factories";
import { createFormRows } from "../factories/forms";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { corpusFor, FUZZ_MIN_CASES } from "./fuzz-corpus";
import {
  appRoutes,
  FUZZ_MAIL_FEEDBACK_KEY,
  FUZZ_METRICS_TOKEN,
  fuzzEndpoints,
  fuzzMailRelayEnv,
  fuzzMailRelays,
  routesReached,
  type FuzzWorld,
} from "./fuzz-endpoints";
import {
  captureLogs,
  consoleErrors,
  countConsoleErrors,
  fuzzEndpoint,
  inProcess,
  FUZZ_STAFF_EMAILS,
  managerPool,
  overSocket,
  summarize,
  type Offence,
  type Transport,
} from "./fuzz-runner";
import { backends, createTestDatabase, type Backend, type TestDatabase } from "./test-database";
import { createTestAppWithPages } from "./test-server";

const password = "Fuzz-Harbour-Quartz-88";
/** Signed out, every 2nd case of a file's share (fuzz-runner.ts says why). */
const ANONYMOUS_EVERY = 2;

/**
 * Where an endpoint's share of its corpus starts: its cases `start`, `start + every`… Endpoints
 * of one shape have corpora built alike (the same structural cases in the same places), so
 * shares that start at different places send every case to some of them (decision 047).
 */
export function shareStart(name: string, every: number): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % every;
}

/**
 * The fuzz pass on one database: every endpoint of the table with its malformed corpus, then the
 * process still answering (decision 046). `every`: send every nth case of each corpus, from a
 * place of the endpoint's own, so that across the many endpoints of one shape (JSON bodies,
 * queries, paths) each case is still sent to some; and the first case always, which for a path
 * is well formed, so that every route is reached however small the sample. In the suite PGlite
 * sends every 6th case and PostgreSQL every 30th; FUZZ_FULL=1 sends the whole corpus on both
 * (decision 047).
 */
export function describeFuzzPass(backend: Backend, { every = 1 }: { every?: number } = {}) {
  const minCases = Math.floor(FUZZ_MIN_CASES / every);
  const part = every > 1 ? ` (1 case in ${every})` : "";
  describe.skipIf(!backends.includes(backend))(`A11 fuzz pass on ${backend}${part}`, () => {
    let db: TestDatabase;
    let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
    let services: Awaited<ReturnType<typeof createTestAppWithPages>>["services"];
    let world: FuzzWorld;
    let transport: Transport;
    let managers: ReturnType<typeof managerPool>;
    const logs = captureLogs();
    const all: Offence[] = [];
    let restoreConsole: () => void;
    /** Every route of the app some request of the pass reached (issue 31: none left out). */
    const reached = new Set<string>();
    const reaching =
      (send: Transport): Transport =>
      (request) => {
        for (const route of routesReached(app, request.method, request.url)) reached.add(route);
        return send(request);
      };

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      const built = await createTestAppWithPages(db.database, {
        SUPER_ADMIN_EMAILS: FUZZ_STAFF_EMAILS.join(","),
        MAIL_FEEDBACK_KEY: FUZZ_MAIL_FEEDBACK_KEY,
        METRICS_TOKEN: FUZZ_METRICS_TOKEN,
        ...fuzzMailRelayEnv,
      });
      app = built.app;
      services = built.services;
      // Amazon SNS's signing certificate, served here rather than from amazonaws.com.
      services.fetchSns = fuzzMailRelays.ses.fetchSns;
      // Every request's logger is a child of this one: error-level lines are collected.
      (built.services as { logger: unknown }).logger = logs.logger;
      // A site on a plan with its features on: feature-gated endpoints (courses, groups,
      // appointments) read and refuse the bodies sent to them instead of answering 404 first.
      await upsertPlanCatalogue(db.database);
      const account = await createAccount(db.database, {
        settings: { plan: "professional", features: ["lms", "groups", "appointments"] },
      });
      await createFormRows(db.database, { accountId: account.accountId });
      const student = await createUserWithPassword(db.database, {
        email: `fuzz-student-${account.slug}@example.test`,
        password,
      });
      await createMember(db.database, {
        accountId: account.accountId,
        roleName: "student",
        user: student,
      });
      world = {
        accountId: account.accountId,
        host: `${account.slug}.localhost`,
        platformHost: "localhost",
        studentId: student.id,
        password,
      };
      transport = reaching(inProcess(app));
      managers = managerPool(() => transport, db.database, world);
      restoreConsole = countConsoleErrors();
    });
    afterAll(async () => {
      restoreConsole?.();
      await db?.dispose();
    });

    test.each(fuzzEndpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
      `A11 fuzz: ${minCases}+ malformed inputs to %s never answer 5xx`,
      async (_name, endpoint) => {
        const { sent, offences } = await fuzzEndpoint({
          endpoint,
          world,
          transport,
          managers,
          logs: logs.records,
          cases: corpusFor(endpoint.name, endpoint.shape(world)).filter(
            (_, index) => index === 0 || index % every === shareStart(endpoint.name, every),
          ),
          anonymousEvery: ANONYMOUS_EVERY,
        });
        all.push(...offences);
        expect(sent).toBeGreaterThanOrEqual(minCases + Math.floor(minCases / ANONYMOUS_EVERY));
        expect(summarize(offences)).toBe("");
      },
      180_000,
    );

    test("I31 fuzz: the pass reached every route the Hono app serves", () => {
      const routes = appRoutes(app);
      expect(routes.filter((route) => !reached.has(route))).toEqual([]);
      expect(routes.length).toBeGreaterThan(100);
    });

    test("A11 fuzz: the endpoint table lists every endpoint better-auth serves", () => {
      const auth = services.auth.forOrigin(`http://${world.host}`);
      const served = Object.values(auth.api as Record<string, { path?: string }>)
        .flatMap((endpoint) => (endpoint.path ? [endpoint.path] : []))
        .sort();
      const listed = new Set(fuzzEndpoints.flatMap((endpoint) => endpoint.authPath ?? []));
      expect(served.filter((path) => !listed.has(path))).toEqual([]);
      expect(served.length).toBeGreaterThan(30);
    });

    test("A11 a page action refusing plain bad input answers 400 and logs no error", async () => {
      const manager = await managers.get(world.host);
      const send = (path: string, body: string, type: string) =>
        transport({
          method: "POST",
          host: world.host,
          url: path,
          headers: new Headers({
            host: world.host,
            origin: `http://${world.host}`,
            cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
            "content-type": type,
          }),
          body: new TextEncoder().encode(body),
          stream: false,
          ip: "198.51.100.77",
        });
      const form = "application/x-www-form-urlencoded";
      const bad: Array<[string, string, string]> = [
        ["/dashboard/profile", "intent=nonsense", form],
        ["/dashboard/profile", '{"intent":"revokeSession"}', "application/json"],
        ["/dashboard/profile.data", "sessionId=", form],
        ["/dashboard/manage/site/theme", '{"part":"nope","value":1}', "application/json"],
        ["/dashboard/manage/site/header", '{"part":"header","value":"x"}', "text/plain"],
        ["/dashboard/manage/site/footer.data", "part=footer", form],
      ];
      const logged = logs.records.length;
      const printed = consoleErrors.count;
      for (const [path, body, type] of bad) {
        const res = await send(path, body, type);
        expect(res.status, `${path} ${body}`).toBe(400);
      }
      expect(logs.records.slice(logged).filter((record) => record.level >= 40)).toEqual([]);
      expect(consoleErrors.count).toBe(printed);
    });

    test("A11 fuzz: after the whole pass the process answers /api/health", async () => {
      const res = await app.request("http://localhost/api/health");
      expect(res.status).toBe(200);
    });

    test("A11 fuzz: a subset through a real listening server leaves it up and answering", async () => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
      await new Promise((resolve) => server.once("listening", resolve));
      const port = (server.address() as AddressInfo).port;
      try {
        transport = overSocket(port);
        const subset = fuzzEndpoints.filter((e) =>
          [
            "POST /api/account/profile",
            "PUT /api/site/options/header",
            "POST /api/auth/update-user",
            "GET /api/search",
            "POST /dashboard/profile",
            "POST /api/account/avatar",
          ].includes(e.name),
        );
        const offences: Offence[] = [];
        for (const endpoint of subset) {
          const cases = corpusFor(endpoint.name, endpoint.shape(world)).filter(
            (_, i) => i % 5 === 0,
          );
          offences.push(
            ...(
              await fuzzEndpoint({
                endpoint,
                world,
                transport,
                managers,
                logs: logs.records,
                cases,
              })
            ).offences,
          );
        }
        expect(summarize(offences)).toBe("");
        const health = await transport({
          method: "GET",
          host: world.host,
          url: "/api/health",
          headers: new Headers({ host: world.host }),
          stream: false,
          ip: "127.0.0.1",
        });
        expect(health.status).toBe(200);
      } finally {
        transport = reaching(inProcess(app));
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
}
