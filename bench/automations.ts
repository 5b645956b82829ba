// Issue 34's automations bar: 10,000 contacts entering one automation at once, on the built
// server as an owner drives it. The first start seeds the demo; with the server stopped,
// BENCH_AUTOMATION_CONTACTS (10,000) subscribed contacts go into the demo site in bulk; the
// server starts again, the owner signs in and, through the automations screen's action, saves
// and publishes "tagged go → tag first → tag second", then tags all of them `go` through the
// contacts screen's action (1,000 per command, as its bulk action takes them). The events, runs
// and steps go through the outbox's relay and the job queue from there. The bench watches the
// screen's counts until every run has finished, stops the server, and reads the runs' history:
// the time from the first command to the last first step, steps per second, and each run's
// latency from its event to its first step (p50, p95; goal ≤ 5 s at p95).
// BENCH_AUTOMATION_BACKENDS ("pglite,postgres") names the databases.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { send } from "../tests/e2e/support/http.ts";
import { startServer, tempDataDir } from "../tests/e2e/support/server.ts";
import { decodeRouteData } from "../tests/support/route-data.ts";
import { demoAccountId, openBackend, seedAudience, type Backend } from "./campaign-seed.ts";
import { atMost, ms, percentile, type Figure, type Print } from "./report.ts";
import { cpuSeconds, demoHost, postgresAdminUrl, scratchPostgres, signInOwner } from "./server.ts";
import { sleep } from "./tools.ts";

const contactCount = Number(process.env.BENCH_AUTOMATION_CONTACTS ?? 10_000);
const backends = (process.env.BENCH_AUTOMATION_BACKENDS ?? "pglite,postgres").split(",");
const tag = "bench-automation";
const screen = "/dashboard/manage/marketing/automations";
const goalMs = 5_000;

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

async function command<T>(port: number, cookie: string, path: string, body: object): Promise<T> {
  const reply = await send({
    port,
    host: demoHost,
    path: `${path}.data`,
    method: "POST",
    json: body,
    cookie,
  });
  const answer = (decodeRouteData(reply.body) as { data?: T & { ok?: boolean } }).data;
  if (reply.status !== 200 || !answer?.ok)
    throw new Error(`bench: ${path} answered ${reply.status} ${reply.body.slice(0, 300)}`);
  return answer;
}

/** The automation's counts as the screen's list shows them. */
async function counts(port: number, cookie: string) {
  const reply = await send({
    port,
    host: demoHost,
    path: `${screen}.data?_routes=routes/dashboard/marketing-automations`,
    cookie,
  });
  const routes = decodeRouteData(reply.body) as Record<
    string,
    { data?: { automations?: { running: number; completed: number }[] } }
  >;
  const [row] = routes["routes/dashboard/marketing-automations"]?.data?.automations ?? [];
  return row ?? { running: 0, completed: 0 };
}

type Run = {
  label: string;
  commandsMs: number;
  lastFirstStepMs: number;
  allDoneMs: number;
  stepsPerSecond: number;
  p50: number;
  p95: number;
  cpu: number;
};

async function runOn(backend: Backend, dataDir: string): Promise<Run> {
  const env = { LOG_LEVEL: "warn", ...backend.env };
  const first = await startServer({ dataDir, env });
  await first.stop();
  let database = await openBackend(backend, dataDir);
  let accountId: string;
  let ids: string[];
  try {
    accountId = await demoAccountId(database);
    await seedAudience(database, { accountId, count: contactCount, tag });
    ids = await database.forAccount(accountId, async (tx) =>
      rowsOf<{ id: string }>(
        await tx.execute(
          sql`select id from contacts where account_id = ${accountId} and ${tag} = any(tags)`,
        ),
      ).map((row) => row.id),
    );
  } finally {
    await database.close();
  }
  const server = await startServer({ dataDir, env: { ...env, SEED_DEMO: "false" } });
  const cpuBefore = cpuSeconds(server.child.pid!);
  let began = 0;
  let commandsMs = 0;
  let allDoneMs = 0;
  let cpu = 0;
  try {
    const cookie = await signInOwner(server.port);
    const saved = await command<{ id: string }>(server.port, cookie, screen, {
      intent: "save",
      id: null,
      automation: {
        name: "Bench",
        graph: {
          trigger: { type: "contact.tagged", tag: "go" },
          steps: [
            { id: "t1", type: "tag", tag: "first" },
            { id: "t2", type: "tag", tag: "second" },
          ],
        },
      },
    });
    await command(server.port, cookie, screen, { intent: "publish", id: saved.id });
    began = performance.now();
    for (let from = 0; from < ids.length; from += 1000)
      await command(server.port, cookie, "/dashboard/manage/marketing/emails", {
        intent: "addTags",
        ids: ids.slice(from, from + 1000),
        tags: ["go"],
      });
    commandsMs = performance.now() - began;
    let last = { running: 0, completed: 0 };
    let seen = performance.now();
    while (last.completed < ids.length) {
      await sleep(250);
      const now = await counts(server.port, cookie);
      if (now.completed !== last.completed) seen = performance.now();
      if (performance.now() - seen > 60_000)
        throw new Error(
          `bench: stuck at ${now.completed} of ${ids.length} runs:\n${server.output()}`,
        );
      last = now;
    }
    allDoneMs = performance.now() - began;
  } finally {
    cpu = cpuSeconds(server.child.pid!) - cpuBefore;
    await server.stop();
  }
  database = await openBackend(backend, dataDir);
  try {
    const [facts] = rowsOf<{
      first: string;
      last_first: string;
      first_step: string;
      last_step: string;
      steps: number;
    }>(
      await database.forAccount(accountId, (tx) =>
        tx.execute(sql`
          select min(e.occurred_at) as first, max(h.at) filter (where h.step_id = 't1') as last_first,
                 min(h.at) as first_step, max(h.at) as last_step,
                 count(*) filter (where h.step_id in ('t1', 't2'))::int as steps
            from automation_history h
            join automation_runs r on r.account_id = h.account_id and r.id = h.run_id
            join domain_events e on e.account_id = r.account_id and e.id = r.event_id
           where h.account_id = ${accountId}`),
      ),
    );
    const latencies = rowsOf<{ ms: number }>(
      await database.forAccount(accountId, (tx) =>
        tx.execute(sql`
          select extract(epoch from (h.at - e.occurred_at)) * 1000 as ms
            from automation_history h
            join automation_runs r on r.account_id = h.account_id and r.id = h.run_id
            join domain_events e on e.account_id = r.account_id and e.id = r.event_id
           where h.account_id = ${accountId} and h.step_id = 't1'`),
      ),
    ).map((row) => Number(row.ms));
    if (latencies.length !== ids.length)
      throw new Error(`bench: ${latencies.length} first steps for ${ids.length} runs`);
    const span =
      (Date.parse(String(facts!.last_step)) - Date.parse(String(facts!.first_step))) / 1000;
    return {
      label: backend.label,
      commandsMs,
      lastFirstStepMs: Date.parse(String(facts!.last_first)) - Date.parse(String(facts!.first)),
      allDoneMs,
      stepsPerSecond: facts!.steps / Math.max(span, 0.001),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      cpu,
    };
  } finally {
    await database.close();
  }
}

export async function benchAutomations({ print }: { print: Print }): Promise<Figure[]> {
  const results: Run[] = [];
  for (const name of backends) {
    const dataDir = tempDataDir("bench-automations");
    const adminUrl = postgresAdminUrl();
    if (name === "postgres" && !adminUrl) {
      console.log("automations: no BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL skipped");
      continue;
    }
    const scratch = name === "postgres" ? await scratchPostgres(adminUrl!) : null;
    try {
      results.push(
        await runOn(
          { label: name === "postgres" ? "PostgreSQL" : "PGlite", env: scratch?.env ?? {} },
          dataDir,
        ),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }
  print(`Automations: ${contactCount} contacts tagged at once, each through 2 steps`, [
    [
      "database",
      "10 tag commands",
      "last first step",
      "all finished",
      "steps/s",
      "event → first step p50",
      "p95",
      "server CPU",
    ],
    ...results.map((run) => [
      run.label,
      ms(run.commandsMs),
      ms(run.lastFirstStepMs),
      ms(run.allDoneMs),
      run.stepsPerSecond.toFixed(0),
      ms(run.p50),
      ms(run.p95),
      `${run.cpu.toFixed(1)} s`,
    ]),
  ]);
  return results.map((run) => ({
    figure: `automations: event → first step p95, ${contactCount} entering at once (${run.label})`,
    measured: ms(run.p95),
    goal: "≤ 5 s",
    met: atMost(run.p95, goalMs),
  }));
}
