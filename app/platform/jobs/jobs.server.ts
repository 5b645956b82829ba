// The durable job queue (decision 031): pg-boss's tables in the app's own database, so a job is
// written in the same transaction as the rows it is about. This file is the whole of what the
// rest of the app sees; pg-boss stays behind it.
import { inJobSpan } from "~/platform/tracing.server";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss, type Job } from "pg-boss";
import { bossDatabase, grantJobSending } from "./boss-database.server";
import {
  JOBS_SCHEMA,
  type JobData,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type JobStats,
  type JobQueueOptions,
} from "./job-queue-types";
import { latestRuns, retryOrphans, type ScheduleOptions } from "./job-runs.server";

export * from "./job-queue-types";
export type {
  JobRun,
  JobRunState,
  RetryOutcome,
  ScheduleOptions,
  ScheduleReport,
} from "./job-runs.server";

const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 10;
const MAX_RETRY_DELAY_SECONDS = 60 * 60;
/** A job running longer than this is taken as lost (its process died) and retried. */
const EXPIRE_SECONDS = 15 * 60;
/**
 * A running job's handler says it is alive every half of this; one not heard from for this long
 * is taken as lost (its process was killed) and retried at pg-boss's next supervision, rather
 * than once it expires.
 */
const HEARTBEAT_SECONDS = 10;
/** After a send from this process, its workers look a moment later rather than at the next poll. */
const WAKE_AFTER_SEND_MS = 200;
/**
 * The singleton key of every run of a schedule: with the queues' `exclusive` policy, a run that
 * comes due (or is asked for) while another waits or runs is dropped rather than stacked.
 */
const SCHEDULE_KEY = "schedule";
const RECENT_RUNS = 10;

type Runner = { running?: Promise<number> };
type Schedule = { name: string; cron: string; tz: string; options: ScheduleOptions };

export function createJobQueue({
  database,
  logger,
  pollSeconds = 5,
  stopTimeoutMs = 10_000,
  cron = true,
  cronSeconds = { monitor: 30, forward: 5 },
  superviseSeconds = 60,
}: JobQueueOptions): JobQueue {
  const log = logger.child({ component: "jobs" });
  const bossDb = bossDatabase(database);
  const boss = new PgBoss({
    db: bossDb,
    schema: JOBS_SCHEMA,
    backend: database.kind === "pglite" ? "pglite" : "postgres",
    // pg-boss polls no queue of ours: this file fetches. Its supervisor stays, once a minute
    // (`superviseSeconds`), to retry jobs whose process died while running them and to delete old
    // ones; a queue is looked at once per that interval across instances (its monitor claim). Its
    // cron pass (one instance at a time claims it; each occurrence becomes one job) fires the
    // schedules.
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    schedule: cron,
    cronMonitorIntervalSeconds: cronSeconds.monitor,
    cronWorkerIntervalSeconds: cronSeconds.forward,
    registerInstance: false,
    // Dependent jobs (flows) are not used: their sweep, every 5 s by default, once a minute.
    flowIntervalSeconds: 60,
    openTelemetry: { enabled: false },
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => log.warn({ warning }, "job queue warning"));

  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, Schedule>();
  const runners = new Map<string, Runner>();
  /** Names whose pg-boss queue exists and is in pg-boss's cache. */
  const created = new Set<string>();
  let started: Promise<void> | undefined;
  let ready = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: NodeJS.Timeout | undefined;

  async function createQueue(name: string) {
    if (created.has(name)) return;
    await boss.createQueue(name, {
      // One waiting-or-running job per singleton key. Jobs sent without a key get a key of their
      // own, so the policy never holds two keyless jobs back from each other.
      policy: "exclusive",
      retryLimit: DEFAULT_RETRY_LIMIT,
      retryDelay: DEFAULT_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      retryDelayMax: MAX_RETRY_DELAY_SECONDS,
      expireInSeconds: EXPIRE_SECONDS,
    });
    created.add(name);
  }

  async function doStart() {
    const began = Date.now();
    await bossDb.alone(async () => {
      await boss.start();
      await grantJobSending(database);
    });
    for (const name of handlers.keys()) await createQueue(name);
    for (const schedule of schedules.values()) await storeSchedule(schedule);
    if (database.kind === "pglite")
      await retryOrphans({ database, boss, log, schema: JOBS_SCHEMA });
    ready = true;
    stopping = false;
    timer = setInterval(() => void poll(), pollSeconds * 1000);
    timer.unref();
    log.info({ ms: Date.now() - began, queues: [...handlers.keys()] }, "job queue started");
    void poll();
  }

  /** Every run of a schedule, fired or asked for, is sent with the same options. */
  function scheduleRunOptions({ options }: Schedule) {
    return { ...toBoss(options), singletonKey: SCHEDULE_KEY };
  }

  /** Puts the schedule in pg-boss's table (its queue exists): every instance's start writes the same row. */
  async function storeSchedule(schedule: Schedule) {
    await boss.schedule(
      schedule.name,
      schedule.cron,
      { trigger: "schedule" },
      { ...scheduleRunOptions(schedule), tz: schedule.tz },
    );
  }

  function toBoss(options: JobOptions = {}) {
    return {
      singletonKey: options.singletonKey ?? `~${randomUUID()}`,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
      ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
    };
  }

  function wakeSoon() {
    if (wake || !ready || stopping) return;
    wake = setTimeout(() => {
      wake = undefined;
      void poll();
    }, WAKE_AFTER_SEND_MS);
    wake.unref();
  }

  /** Runs one fetched job: completed when its handler returns, failed (and so retried) on a throw. */
  async function runJob(name: string, handler: JobHandler, job: Job<JobData>) {
    const attempt = job.retryCount + 1;
    const heartbeat = setInterval(() => {
      boss
        .touch(name, job.id)
        .catch((error: unknown) => log.warn({ err: error }, "job heartbeat failed"));
    }, HEARTBEAT_SECONDS * 500);
    let output: void | JobData;
    try {
      output = await inJobSpan(name, attempt, () =>
        handler(job.data ?? {}, { id: job.id, attempt }),
      );
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      log.warn({ err, job: { name, id: job.id, attempt } }, "job failed");
      await boss.fail(name, job, { message: err.message, name: err.name, stack: err.stack });
      return;
    } finally {
      clearInterval(heartbeat);
    }
    if (output && typeof output === "object") await boss.complete(name, job, output);
    else await boss.complete(name, job);
  }

  /** Takes this name's due jobs one at a time until none is left (or the queue stops). */
  async function runQueue(name: string): Promise<number> {
    const handler = handlers.get(name);
    if (!handler || !created.has(name)) return 0;
    let ran = 0;
    while (!stopping) {
      const [job] = await boss.fetch<JobData>(name, { batchSize: 1 });
      if (!job) break;
      await runJob(name, handler, job);
      ran++;
    }
    return ran;
  }

  /** Starts this name's runner unless it is running already; either way, waits for it. */
  function runnerOf(name: string): Promise<number> {
    const runner = runners.get(name) ?? {};
    runners.set(name, runner);
    runner.running ??= runQueue(name)
      .catch((error: unknown) => {
        log.error({ err: error, queue: name }, "job queue poll failed");
        return 0;
      })
      .finally(() => {
        runner.running = undefined;
      });
    return runner.running;
  }

  function poll() {
    if (!ready || stopping) return Promise.resolve([]);
    return Promise.all([...handlers.keys()].map(runnerOf));
  }

  /** Waits for this name to be sendable, or says why it cannot be. */
  async function sendable(name: string, inTransaction: boolean) {
    if (created.has(name)) return;
    // On the embedded database a transaction holds its one session: any other statement waits
    // for it to end, and it would be waiting for this one.
    if (inTransaction && database.kind === "pglite") {
      throw new Error(
        ready
          ? `job "${name}" has no worker in this process: register it with jobs.work() at boot`
          : `the job queue is not started: await jobs.start() before sending "${name}"`,
      );
    }
    await queue.start();
    await createQueue(name);
  }

  const queue: JobQueue = {
    async send(tx, name, data, options) {
      await sendable(name, true);
      await boss.send(name, data, { ...toBoss(options), db: fromDrizzle(tx, sql) });
      wakeSoon();
    },
    async sendNow(name, data, options) {
      await sendable(name, false);
      await boss.send(name, data, toBoss(options));
      wakeSoon();
    },
    work(name, handler) {
      if (handlers.has(name)) throw new Error(`job "${name}" already has a worker`);
      handlers.set(name, handler);
      if (ready) {
        createQueue(name).then(
          () => void poll(),
          (error: unknown) => log.error({ err: error, queue: name }, "job queue not created"),
        );
      }
    },
    defineSchedule(name, cron, handler, options = {}) {
      if (schedules.has(name)) throw new Error(`schedule "${name}" is already defined`);
      const tz = options.tz ?? "UTC";
      // Throws on an expression or zone the cron pass could not read, at boot rather than later.
      boss.previewSchedule(cron, { tz, count: 1 });
      const schedule = { name, cron, tz, options };
      queue.work(name, handler);
      schedules.set(name, schedule);
      if (ready) {
        createQueue(name)
          .then(() => storeSchedule(schedule))
          .catch((error: unknown) => log.error({ err: error, queue: name }, "schedule not stored"));
      }
    },
    async schedules({ recent = RECENT_RUNS } = {}) {
      await queue.start();
      const names = [...schedules.keys()];
      if (names.length === 0) return [];
      const runs = await latestRuns(database, { schema: JOBS_SCHEMA, names, recent });
      return [...schedules.values()].map(({ name, cron: expression, tz }) => {
        const [next] = boss.previewSchedule(expression, { tz, count: 1 });
        const list = runs.get(name) ?? [];
        return {
          name,
          cron: expression,
          tz,
          nextRunAt: next ?? null,
          lastRun: list[0] ?? null,
          runs: list,
        };
      });
    },
    async runNow(name) {
      const schedule = schedules.get(name);
      if (!schedule) return "notFound";
      await sendable(name, false);
      const id = await boss.send(name, { trigger: "manual" }, scheduleRunOptions(schedule));
      wakeSoon();
      return id === null ? "busy" : "queued";
    },
    async retry(jobId) {
      await queue.start();
      const { rows } = await database.owner.execute<{ name: string; state: string }>(
        sql`select name, state::text as state from ${sql.identifier(JOBS_SCHEMA)}.job
             where id = ${jobId}::uuid`,
      );
      const job = rows[0];
      if (!job || !handlers.has(job.name)) return "notFound";
      if (job.state !== "failed") return "notFailed";
      try {
        // pg-boss's type leaves the answer's fields out: `affected` counts the jobs it moved.
        const { affected } = (await boss.retry(job.name, jobId)) as { affected?: number };
        if (!affected) return "notFailed";
      } catch (error) {
        // The exclusive policy's unique index: another run of the same key waits or runs.
        if ((error as { code?: string }).code === "23505") return "busy";
        throw error;
      }
      wakeSoon();
      return "retried";
    },
    start() {
      started ??= doStart().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      stopping = true;
      ready = false;
      clearInterval(timer);
      clearTimeout(wake);
      wake = undefined;
      const running = [...runners.values()].flatMap((runner) => runner.running ?? []);
      let timedOut = false;
      await Promise.race([
        Promise.all(running),
        new Promise<void>((resolve) =>
          setTimeout(() => {
            timedOut = true;
            resolve();
          }, stopTimeoutMs).unref(),
        ),
      ]);
      if (timedOut)
        log.warn({ running: running.length }, "job queue stopped with handlers running");
      // A job still running stays active; pg-boss's supervisor retries it once it expires.
      await boss.stop({ graceful: false, close: false, timeout: 1_000 });
      started = undefined;
      created.clear();
    },
    async stats(name) {
      await queue.start();
      const { rows } = await database.owner.execute<{ name: string; state: string; count: number }>(
        sql`select name, state::text as state, count(*)::int as count
            from ${sql.identifier(JOBS_SCHEMA)}.job
            where ${name ?? null}::text is null or name = ${name ?? null}
            group by name, state`,
      );
      const byName = new Map<string, JobStats>();
      const entry = (queueName: string) => {
        const found = byName.get(queueName) ?? {
          name: queueName,
          created: 0,
          active: 0,
          completed: 0,
          failed: 0,
          retry: 0,
        };
        byName.set(queueName, found);
        return found;
      };
      for (const known of handlers.keys()) if (!name || known === name) entry(known);
      if (name) entry(name);
      for (const row of rows) {
        const stats = entry(row.name);
        if (row.state in stats && row.state !== "name") {
          stats[row.state as Exclude<keyof JobStats, "name">] += Number(row.count);
        }
      }
      return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    async drain() {
      await queue.start();
      // Until a pass over every name finds nothing: a job may send another.
      while (ready && !stopping) {
        const ran = await Promise.all([...handlers.keys()].map(runnerOf));
        if (ran.every((count) => count === 0)) return;
      }
    },
  };
  return queue;
}
