import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { openDatabase, type Database } from "../db/database.server";
import { createLogger } from "../logger.server";
import { createJobQueue, type JobQueue } from "./jobs.server";

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const JOBS = 200;

// Two processes on one PostgreSQL server: each instance has a pool of its own.
describe.skipIf(!process.env.TEST_DATABASE_URL)("job queue instances (postgres)", () => {
  let db: TestDatabase;
  let second: Database;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    db = await createTestDatabase("postgres");
    const { rows } = await db.database.owner.execute<{ name: string }>(
      sql`select current_database() as name`,
    );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    second = await openDatabase({ kind: "postgres", url: url.toString() });
  });
  afterAll(async () => {
    for (const jobs of queues) await jobs.stop();
    await second?.close();
    await db?.dispose();
  });

  test(`two instances share ${JOBS} jobs: each runs exactly once`, async () => {
    const runs = new Map<number, number>();
    const byInstance = [0, 0];
    for (const [index, database] of [db.database, second].entries()) {
      const jobs = createJobQueue({ database, logger, pollSeconds: 1 });
      jobs.work("t.shared", async (data) => {
        const n = data.n as number;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        byInstance[index]!++;
        // Long enough for the other instance to reach for the same rows.
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      queues.push(jobs);
    }
    await Promise.all(queues.map((jobs) => jobs.start()));
    await db.database.owner.transaction(async (tx) => {
      for (let n = 0; n < JOBS; n++) await queues[0]!.send(tx, "t.shared", { n });
    });
    // Both instances poll, and both drain at once, as hard as they can.
    await Promise.all(queues.map((jobs) => jobs.drain()));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const [stats] = await queues[1]!.stats("t.shared");
      if (stats!.completed === JOBS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byInstance[0]! + byInstance[1]!).toBe(JOBS);
    expect(byInstance.every((count) => count > 0)).toBe(true);
    expect(await queues[0]!.stats("t.shared")).toEqual([
      { name: "t.shared", created: 0, active: 0, completed: JOBS, failed: 0, retry: 0 },
    ]);
  }, 60_000);
});
