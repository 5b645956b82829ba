// Issue 34's bar for automations: "exactly-once under kill -9 of a worker mid-run, on PGlite and
// PostgreSQL with two worker processes". The built server runs an automation for RUNS contacts
// (tag → wait → tag → webhook → tag), is killed with SIGKILL while runs are under way, and starts
// again on the same data. Decision 061's guarantee is what is checked: every run finishes; each
// step of each run is in its history once and its effect (a tag) happened once; the webhook,
// an outside call, reached the receiver for every run, a repeat only for a call in flight at the
// kill and always under the same `webhook-id`.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../app/platform/db/database.server";
import { seedAudience } from "../support/campaign-audience";
import { prepareDemoDatabase } from "./support/demo-server";
import { screenCommand, signIn } from "./support/http";
import { killHard, startServer, tempDataDir, type RunningServer } from "./support/server";
import { demoPassword } from "./support/session";
import { sleep } from "./support/shop";
import { expect, test } from "./support/test";

test.describe.configure({ mode: "default" });

const RUNS = 300;
const host = "demo.localhost";
const tag = "crash-runs";

function backends() {
  return ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
}

/** A webhook receiver that keeps each call's `webhook-id`, answering after `delayMs`. */
async function startReceiver(delayMs: number) {
  const ids: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      setTimeout(() => {
        ids.push(String(request.headers["webhook-id"]));
        response.end("ok");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    ids,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const backend of backends()) {
  test(`M5 automations survive kill -9 mid-run: every run finishes, each step once, the webhook for every run under one id (${backend}${backend === "postgres" ? ", two workers" : ""})`, async () => {
    test.setTimeout(180_000);
    const receiver = await startReceiver(5);
    const dataDir = tempDataDir("automation-crash");
    const admin =
      backend === "postgres"
        ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        : undefined;
    const dbName = `lyceum_automation_crash_${process.pid}_${Date.now()}`;
    let url: string | undefined;
    const env: Record<string, string> = {
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      AUTH_SECRET: "e2e-only-secret-automation-crash-0123456789",
      AUTOMATION_PRIVATE_WEBHOOKS: "true",
      // A minute's wait lasts 1.2 s; a killed job is retried at the first look after its silence.
      AUTOMATION_WAIT_SCALE: "0.02",
      JOBS_SUPERVISE_SECONDS: "2",
    };
    if (admin) {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const address = new URL(process.env.TEST_DATABASE_URL!);
      address.pathname = `/${dbName}`;
      url = address.toString();
      env.DATABASE_URL = url;
      env.WEB_CONCURRENCY = "2";
    }
    let server: RunningServer | undefined;
    let ids: string[] = [];
    try {
      const accountId = await prepareDemoDatabase({ dataDir, url }, async (database, account) => {
        await seedAudience(database, { accountId: account, count: RUNS, tag });
        ids = await database.forAccount(account, async (tx) => {
          const { rows } = await tx.execute<{ id: string }>(
            sql`select id from contacts where account_id = ${account} and ${tag} = any(tags)`,
          );
          return rows.map((row) => row.id);
        });
      });
      expect(ids).toHaveLength(RUNS);
      server = await startServer({ dataDir, env });
      let { port } = server;
      const cookie = await signIn({ port, host, email: "owner@demo.test", password: demoPassword });
      const screen = "/dashboard/manage/marketing/automations";
      const saved = await screenCommand<{ id: string }>({
        port,
        host,
        screen,
        cookie,
        body: {
          intent: "save",
          id: null,
          automation: {
            name: "Through a kill -9",
            graph: {
              trigger: { type: "contact.tagged", tag: "go" },
              steps: [
                { id: "t1", type: "tag", tag: "first" },
                { id: "w1", type: "wait", amount: 1, unit: "minutes" },
                { id: "t2", type: "tag", tag: "second" },
                { id: "h1", type: "webhook", url: receiver.url },
                { id: "t3", type: "tag", tag: "third" },
              ],
            },
          },
        },
      });
      await screenCommand({
        port,
        host,
        screen,
        cookie,
        body: { intent: "publish", id: saved.id },
      });
      await screenCommand({
        port,
        host,
        screen: "/dashboard/manage/marketing/emails",
        cookie,
        body: { intent: "addTags", ids, tags: ["go"] },
      });

      // Killed once a third of the webhooks have come: runs are spread over every step.
      const began = performance.now();
      while (new Set(receiver.ids).size < RUNS / 3) {
        if (performance.now() - began > 60_000)
          throw new Error(`${receiver.ids.length} webhooks in 60 s:\n${server.output()}`);
        await sleep(5);
      }
      await killHard(server);
      server = undefined;
      const atKill = new Set(receiver.ids).size;
      server = await startServer({ dataDir, env });
      ({ port } = server);
      const killed = performance.now();
      while (new Set(receiver.ids).size < RUNS) {
        if (performance.now() - killed > 120_000)
          throw new Error(
            `${new Set(receiver.ids).size} of ${RUNS} webhooks 120 s after the kill:\n${server.output()}`,
          );
        await sleep(100);
      }
      // The last runs' final tag comes after their webhook.
      await sleep(3_000);
      expect(await server.stop("SIGTERM")).toBe(0);
      server = undefined;

      const database = await openDatabase(
        url ? { kind: "postgres", url } : { kind: "pglite", dataDir },
      );
      try {
        const facts = await database.forAccount(accountId, async (tx) => {
          const runs = await tx.execute<{ status: string; n: number }>(
            sql`select status, count(*)::int as n from automation_runs where account_id = ${accountId} group by status`,
          );
          const lines = await tx.execute<{ step: string; n: number; runs: number }>(sql`
            select step_id || ':' || outcome as step, count(*)::int as n, count(distinct run_id)::int as runs
              from automation_history where account_id = ${accountId} group by 1 order by 1`);
          const tagged = await tx.execute<{ n: number }>(sql`
            select count(*)::int as n from contacts
             where account_id = ${accountId} and tags @> array['first', 'second', 'third']::text[]`);
          const doubled = await tx.execute<{ n: number }>(sql`
            select count(*)::int as n from contacts, unnest(tags) t
             where account_id = ${accountId} and t in ('first', 'second', 'third')
             group by id, t having count(*) > 1`);
          return {
            runs: runs.rows,
            lines: lines.rows,
            tagged: tagged.rows[0]!.n,
            doubled: doubled.rows.length,
          };
        });
        const copies = receiver.ids.length - new Set(receiver.ids).size;
        console.log(
          `${backend}: killed with ${atKill} of ${RUNS} webhooks in; afterwards ${receiver.ids.length} calls for ` +
            `${new Set(receiver.ids).size} runs (${copies} repeated, same id); runs ${JSON.stringify(facts.runs)}; ` +
            `history ${JSON.stringify(facts.lines)}`,
        );
        expect(facts.runs).toEqual([{ status: "completed", n: RUNS }]);
        for (const step of [
          "end:completed",
          "h1:done",
          "t1:done",
          "t2:done",
          "t3:done",
          "trigger:entered",
          "w1:resumed",
          "w1:waiting",
        ])
          expect(facts.lines, step).toContainEqual({ step, n: RUNS, runs: RUNS });
        expect(facts.lines).toHaveLength(8);
        expect(facts.tagged).toBe(RUNS);
        expect(facts.doubled).toBe(0);
        // A call whose answer was lost at the kill is made again, under the same id; no other.
        expect(copies).toBeLessThanOrEqual(4);
      } finally {
        await database.close();
      }
    } finally {
      if (server) await killHard(server);
      await receiver.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
        await admin.end();
      }
    }
  });
}
