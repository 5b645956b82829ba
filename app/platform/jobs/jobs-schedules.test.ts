import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { openDatabase, type Database } from "../db/database.server";
import { createLogger } from "../logger.server";
import { createJobQueue, JOBS_SCHEMA, type JobQueue } from "./jobs.server";

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test lets go of: a handler that waits on it stays running until then. */
function gate() {
  let open = () => {};
  const shut = new Promise<void>((resolve) => (open = resolve));
  return { shut, open };
}

/** A second instance of the deployment: on PostgreSQL a pool of its own, as another process has. */
async function secondInstance(db: TestDatabase): Promise<Database> {
  if (db.database.kind === "pglite") return db.database;
  const { rows } = await db.database.owner.execute<{ name: string }>(
    sql`select current_database() as name`,
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return openDatabase({ kind: "postgres", url: url.toString() });
}

/** A test's queues on its database, a look at its job table, and what closes them all. */
function rigOf(db: () => TestDatabase) {
  const queues: JobQueue[] = [];
  const closers: (() => Promise<void>)[] = [];
  const queue = (database: Database, options: Partial<Parameters<typeof createJobQueue>[0]>) => {
    const jobs = createJobQueue({ database, logger, pollSeconds: 60, cron: false, ...options });
    queues.push(jobs);
    return jobs;
  };
  const jobsOf = (name: string) =>
    db()
      .database.owner.execute<{ id: string; state: string }>(
        sql`select id, state::text as state
              from ${sql.identifier(JOBS_SCHEMA)}.job where name = ${name}
             order by created_on`,
      )
      .then(({ rows }) => rows);
  const close = async () => {
    for (const jobs of queues) await jobs.stop();
    for (const close of closers) await close();
    await db()?.dispose();
  };
  return { queue, jobsOf, closers, close };
}

// This test waits for the wall clock's next minute: on both databases at once (a concurrent
// suite, each test on a database of its own), so that the run waits for one minute, not two.
describe("M8 scheduled jobs: two instances", { concurrent: true }, () => {
  for (const backend of backends) {
    test(`M8 two instances fire a schedule: each occurrence is one job, run exactly once (${backend})`, async ({
      onTestFinished,
    }) => {
      const db = await createTestDatabase(backend);
      const { queue, jobsOf, closers, close } = rigOf(() => db);
      onTestFinished(close);
      const second = await secondInstance(db);
      if (second !== db.database) closers.push(() => second.close());
      const runs: { id: string; instance: number }[] = [];
      const instances = [db.database, second].map((database, instance) => {
        const jobs = queue(database, {
          pollSeconds: 1,
          cron: true,
          cronSeconds: { monitor: 1, forward: 1 },
        });
        // Every minute: the current minute's occurrence is due at once, the next one at :00.
        jobs.defineSchedule("t.tick", "* * * * *", async (_data, job) => {
          runs.push({ id: job.id, instance });
          // Long enough for the other instance to reach for the same job.
          await sleep(20);
          return { instance };
        });
        return jobs;
      });
      await Promise.all(instances.map((jobs) => jobs.start()));
      const { rows: stored } = await db.database.owner.execute<{ cron: string; timezone: string }>(
        sql`select cron, timezone from ${sql.identifier(JOBS_SCHEMA)}.schedule where name = 't.tick'`,
      );
      expect(stored).toEqual([{ cron: "* * * * *", timezone: "UTC" }]);

      // Until two minutes' occurrences have run, both instances' cron passes race: the pass's
      // claim is set free every 250 ms, so each instance takes it in turn and every pass sends
      // the occurrence of its minute again.
      const deadline = Date.now() + 100_000;
      let passes = 0;
      while (Date.now() < deadline) {
        await db.database.owner.execute(
          sql`update ${sql.identifier(JOBS_SCHEMA)}.version set cron_on = null`,
        );
        passes++;
        await sleep(250);
        const done = (await jobsOf("t.tick")).filter((job) => job.state === "completed");
        if (done.length >= 2) break;
      }
      // A few more passes in the second occurrence's minute.
      for (let n = 0; n < 8; n++) {
        await db.database.owner.execute(
          sql`update ${sql.identifier(JOBS_SCHEMA)}.version set cron_on = null`,
        );
        await sleep(250);
      }
      await Promise.all(instances.map((jobs) => jobs.drain()));

      const jobs = await jobsOf("t.tick");
      expect(passes).toBeGreaterThan(4);
      // Each occurrence is filed once, in the slot of its minute, however many passes of either
      // instance saw it due; it becomes at most one job (a job is sent when its occurrence is
      // forwarded, so its own creation time can fall in the next minute on a busy machine).
      const { rows: filed } = await db.database.owner.execute<{ slot: string }>(
        sql`select data->>'slot' as slot from ${sql.identifier(JOBS_SCHEMA)}.job
             where name = '__pgboss__send-it' and data->>'name' = 't.tick'`,
      );
      const slots = filed.map((row) => row.slot);
      expect(new Set(slots).size).toBe(slots.length);
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(jobs.length).toBeLessThanOrEqual(slots.length);
      expect(jobs.every((job) => job.state === "completed")).toBe(true);
      // Each job ran once, on one instance or the other.
      const byJob = new Map<string, number>();
      for (const run of runs) byJob.set(run.id, (byJob.get(run.id) ?? 0) + 1);
      expect([...byJob.keys()].sort()).toEqual(jobs.map((job) => job.id).sort());
      expect([...byJob.values()].every((count) => count === 1)).toBe(true);

      const [report] = await instances[1]!.schedules();
      expect(report).toMatchObject({ name: "t.tick", cron: "* * * * *", tz: "UTC" });
      expect(report!.lastRun).toMatchObject({ state: "completed", trigger: "schedule" });
      expect(report!.runs).toHaveLength(jobs.length);
      expect(report!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
      expect(report!.nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    }, 150_000);
  }
});

for (const backend of backends) {
  describe(`M8 scheduled jobs (${backend})`, () => {
    let db: TestDatabase;
    const { queue, close } = rigOf(() => db);

    beforeAll(async () => {
      db = await createTestDatabase(backend);
    });
    afterAll(close);

    test("M8 runNow sends one run of a schedule, not two while one waits; the report shows what it did", async () => {
      const jobs = queue(db.database, {});
      const hold = gate();
      let ran = 0;
      jobs.defineSchedule("t.manual", "30 4 * * *", async () => {
        ran++;
        await hold.shut;
        return { cleaned: 3 };
      });
      await jobs.start();
      expect(await jobs.runNow("t.manual")).toBe("queued");
      // Waiting or running, the first run holds the second back.
      expect(await jobs.runNow("t.manual")).toBe("busy");
      expect(await jobs.runNow("t.unknown")).toBe("notFound");
      hold.open();
      await jobs.drain();
      expect(ran).toBe(1);
      const [report] = await jobs.schedules();
      expect(report!.runs).toHaveLength(1);
      expect(report!.lastRun).toMatchObject({
        state: "completed",
        trigger: "manual",
        attempts: 1,
        error: null,
        result: { cleaned: 3 },
      });
      expect(report!.lastRun!.durationMs).toBeGreaterThanOrEqual(0);
      // The next 04:30 UTC.
      const next = report!.nextRunAt!;
      expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([4, 30]);
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
      // Once done, another run may be sent.
      expect(await jobs.runNow("t.manual")).toBe("queued");
      await jobs.drain();
      expect(ran).toBe(2);
    });

    test("M8 a failing run shows failed with its error; retry runs it again", async () => {
      const jobs = queue(db.database, {});
      let failing = true;
      let hold: ReturnType<typeof gate> | null = null;
      let ran = 0;
      jobs.defineSchedule(
        "t.fails",
        "0 5 * * 1",
        async () => {
          ran++;
          if (hold) await hold.shut;
          if (failing) throw new Error("disk full");
          return { ok: true };
        },
        { retryLimit: 0 },
      );
      await jobs.start();
      await jobs.runNow("t.fails");
      await jobs.drain();
      const failed = (await jobs.schedules())[0]!.lastRun!;
      expect(failed.state).toBe("failed");
      expect(failed.error!.message).toBe("disk full");
      expect(failed.error!.stack).toContain("disk full");
      expect(failed.completedAt).not.toBeNull();

      expect(await jobs.retry(failed.id)).toBe("retried");
      // Waiting to be retried, it is no longer failed.
      expect(await jobs.retry(failed.id)).toBe("notFailed");
      failing = false;
      await jobs.drain();
      const retried = (await jobs.schedules())[0]!;
      expect(retried.runs).toHaveLength(1);
      expect(retried.lastRun).toMatchObject({
        id: failed.id,
        state: "completed",
        attempts: 2,
        error: null,
        result: { ok: true },
      });
      expect(ran).toBe(2);
      expect(await jobs.retry(failed.id)).toBe("notFailed");
      expect(await jobs.retry(randomUUID())).toBe("notFound");

      // A failed run is not retried while another run of the schedule waits or runs.
      failing = true;
      await jobs.runNow("t.fails");
      await jobs.drain();
      const second = (await jobs.schedules())[0]!.lastRun!;
      expect(second.state).toBe("failed");
      hold = gate();
      failing = false;
      expect(await jobs.runNow("t.fails")).toBe("queued");
      const running = jobs.drain();
      expect(await jobs.retry(second.id)).toBe("busy");
      hold.open();
      await running;
      expect(await jobs.retry(second.id)).toBe("retried");
      await jobs.drain();
      expect((await jobs.schedules())[0]!.runs.map((run) => run.state)).toEqual([
        "completed",
        "completed",
        "completed",
      ]);
    });

    test("M8 a schedule whose expression or zone cannot be read is refused when defined", () => {
      const jobs = queue(db.database, {});
      expect(() => jobs.defineSchedule("t.bad", "every day", async () => {})).toThrow();
      expect(() =>
        jobs.defineSchedule("t.badZone", "0 4 * * *", async () => {}, { tz: "Mars/Olympus" }),
      ).toThrow();
      jobs.defineSchedule("t.once", "0 4 * * *", async () => {});
      expect(() => jobs.defineSchedule("t.once", "0 5 * * *", async () => {})).toThrow(
        /already defined/,
      );
    });
  });
}
