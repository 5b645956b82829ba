import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createLogger } from "../logger.server";
import { createJobQueue, JOBS_SCHEMA, type JobData, type JobQueue } from "./jobs.server";

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" });

/** A queue on `database` whose worker for `name` records what it ran. */
function recordingQueue(db: TestDatabase, name: string, fail?: (data: JobData) => boolean) {
  const jobs = createJobQueue({ database: db.database, logger, pollSeconds: 60 });
  const ran: { data: JobData; id: string; attempt: number }[] = [];
  jobs.work(name, async (data, job) => {
    ran.push({ data, ...job });
    if (fail?.(data)) throw new Error(`handler refused ${String(data.n)}`);
  });
  return { jobs, ran };
}

/** The one job of queue `name`, with when it is next due (ms since the epoch). */
async function onlyJob(db: TestDatabase, name: string) {
  const { rows } = await db.database.owner.execute<{
    state: string;
    output: { message?: string } | null;
    due: number;
  }>(
    sql`select state::text as state, output, (extract(epoch from start_after) * 1000)::float8 as due
        from ${sql.identifier(JOBS_SCHEMA)}.job where name = ${name}`,
  );
  expect(rows).toHaveLength(1);
  return { ...rows[0]!, due: Number(rows[0]!.due) };
}

for (const backend of backends) {
  describe(`job queue (${backend})`, () => {
    let db: TestDatabase;
    const queues: JobQueue[] = [];
    /** A queue stopped when the block ends. */
    function queue(name: string, fail?: (data: JobData) => boolean) {
      const made = recordingQueue(db, name, fail);
      queues.push(made.jobs);
      return made;
    }

    beforeAll(async () => {
      db = await createTestDatabase(backend);
    });
    afterAll(async () => {
      for (const jobs of queues) await jobs.stop();
      await db?.dispose();
    });

    test("a job sent in a transaction that rolls back never runs; one that commits runs once", async () => {
      const { jobs, ran } = queue("t.commit");
      await jobs.start();
      await expect(
        db.database.owner.transaction(async (tx) => {
          await jobs.send(tx, "t.commit", { n: 1 });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      await db.database.owner.transaction(async (tx) => {
        await jobs.send(tx, "t.commit", { n: 2 });
      });
      await jobs.drain();
      await jobs.drain();
      expect(ran.map((job) => job.data)).toEqual([{ n: 2 }]);
      expect(ran[0]!.attempt).toBe(1);
      expect(await jobs.stats("t.commit")).toEqual([
        { name: "t.commit", created: 0, active: 0, completed: 1, failed: 0, retry: 0 },
      ]);
    });

    test("a job sent from a forAccount transaction (app role, RLS) commits with it", async () => {
      const account = await createAccount(db.database);
      const { jobs, ran } = queue("t.account");
      await jobs.start();
      await db.database.forAccount(account.accountId, async (tx) => {
        const { rows } = await tx.execute<{ role: string }>(sql`select current_user as role`);
        expect(rows[0]!.role).toBe("lyceum_app");
        await jobs.send(tx, "t.account", { accountId: account.accountId });
      });
      await expect(
        db.database.forAccount(account.accountId, async (tx) => {
          await jobs.send(tx, "t.account", { accountId: "rolled back" });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      await jobs.drain();
      expect(ran.map((job) => job.data)).toEqual([{ accountId: account.accountId }]);
    });

    test("the app role may add jobs but not read, change or delete them", async () => {
      const { jobs } = queue("t.rights");
      await jobs.start();
      const account = await createAccount(db.database);
      for (const statement of [
        sql`select count(*) from pgboss.job`,
        sql`select data from pgboss.job_common`,
        sql`update pgboss.job_common set state = 'completed'`,
        sql`delete from pgboss.job_common`,
      ]) {
        const error = await db.database
          .forAccount(account.accountId, (tx) => tx.execute(statement))
          .then(
            () => undefined,
            (error: Error) => error,
          );
        expect((error?.cause as Error | undefined)?.message).toMatch(/permission denied/);
      }
    });

    test("singletonKey keeps one waiting job per key", async () => {
      const { jobs, ran } = queue("t.single");
      await jobs.start();
      await jobs.sendNow("t.single", { n: 1 }, { singletonKey: "order-1" });
      await db.database.owner.transaction((tx) =>
        jobs.send(tx, "t.single", { n: 2 }, { singletonKey: "order-1" }),
      );
      await jobs.sendNow("t.single", { n: 3 }, { singletonKey: "order-2" });
      // Jobs without a key never hold each other back.
      await Promise.all([jobs.sendNow("t.single", { n: 4 }), jobs.sendNow("t.single", { n: 5 })]);
      // Four jobs, whatever state each has reached: the queue polls while they are sent, and
      // on a fast machine the first was already running when this counted (one "created" short).
      const { created, active, completed, retry, failed } = (await jobs.stats("t.single"))[0]!;
      expect(created + active + completed + retry + failed).toBe(4);
      await jobs.drain();
      expect(ran.map((job) => job.data.n).sort()).toEqual([1, 3, 4, 5]);
    });

    test("a failing handler is retried with backoff, then failed with its error", async () => {
      const { jobs, ran } = queue("t.fail", () => true);
      await jobs.start();
      await jobs.sendNow("t.fail", { n: 7 }, { retryLimit: 2, retryDelaySeconds: 1 });
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        const { due } = await onlyJob(db, "t.fail");
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 50));
        await jobs.drain();
        expect(ran).toHaveLength(attempt);
        const after = await onlyJob(db, "t.fail");
        if (attempt < 3) {
          expect(after.state).toBe("retry");
          delays.push(after.due - Date.now());
        } else {
          expect(after.state).toBe("failed");
          expect(after.output?.message).toBe("handler refused 7");
        }
      }
      expect(ran.map((job) => job.attempt)).toEqual([1, 2, 3]);
      expect(new Set(ran.map((job) => job.id)).size).toBe(1);
      // retryDelay × 2^n with jitter: 1–2 s, then 2–4 s.
      expect(delays[0]).toBeGreaterThan(500);
      expect(delays[1]).toBeGreaterThan(1_500);
      expect(await jobs.stats("t.fail")).toEqual([
        { name: "t.fail", created: 0, active: 0, completed: 0, failed: 1, retry: 0 },
      ]);
    }, 30_000);

    test("a job survives a restart: a new queue on the same database runs it", async () => {
      const before = queue("t.restart");
      await before.jobs.start();
      await before.jobs.sendNow("t.restart", { n: 9 }, { startAfterSeconds: 1 });
      await before.jobs.drain();
      await before.jobs.stop();
      expect(before.ran).toEqual([]);

      const after = queue("t.restart");
      await after.jobs.start();
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await after.jobs.drain();
      expect(after.ran.map((job) => job.data)).toEqual([{ n: 9 }]);
    });

    test("M8 a job its process left running: on the embedded database the next start retries it at once; on PostgreSQL another instance may still run it", async () => {
      const before = queue("t.orphan");
      await before.jobs.start();
      await before.jobs.sendNow("t.orphan", { n: 3 }, { retryDelaySeconds: 1 });
      await before.jobs.stop();
      // As a kill -9 leaves it: taken by an earlier process and never finished (its heartbeat
      // fresh). One taken since this process began is another queue's here, and is left alone.
      const mark = (startedOn: string) =>
        db.database.owner.execute(
          sql`update ${sql.identifier(JOBS_SCHEMA)}.job
                 set state = 'active', started_on = ${startedOn}::timestamptz, heartbeat_on = now()
               where name = 't.orphan'`,
        );
      await mark(new Date().toISOString());
      const alongside = queue("t.orphan");
      await alongside.jobs.start();
      expect((await onlyJob(db, "t.orphan")).state).toBe("active");
      await alongside.jobs.stop();
      await mark(new Date(Date.now() - process.uptime() * 1000 - 60_000).toISOString());
      const after = queue("t.orphan");
      await after.jobs.start();
      expect((await onlyJob(db, "t.orphan")).state).toBe(backend === "pglite" ? "retry" : "active");
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await after.jobs.drain();
      expect(after.ran.map((job) => job.data)).toEqual(backend === "pglite" ? [{ n: 3 }] : []);
    });

    test("polling runs a job without drain, and stop waits for a running handler", async () => {
      const jobs = createJobQueue({ database: db.database, logger, pollSeconds: 1 });
      queues.push(jobs);
      let finished = false;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      jobs.work("t.poll", async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 300));
        finished = true;
      });
      await jobs.start();
      await jobs.sendNow("t.poll", {});
      await running;
      await jobs.stop();
      expect(finished).toBe(true);
    });
  });
}
