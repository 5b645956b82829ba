// What the crons screen reads of a schedule's jobs (decision 031's addendum): pg-boss's rows
// for each schedule, newest first, as runs with their times, attempts, error and answer; and
// the jobs a dead process left running, read from the same table.
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Database } from "../db/database.server";
import type { Logger } from "../logger.server";
import type { JobData } from "./jobs.server";

export type ScheduleOptions = {
  /** The time zone the cron expression is read in (default UTC). */
  tz?: string;
  /** As for a job (default 5); a schedule whose run should not be retried says 0. */
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export type JobRunState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/** One job of a schedule: an occurrence of its cron, or a run asked for by hand. */
export type JobRun = {
  id: string;
  state: JobRunState;
  trigger: "schedule" | "manual";
  createdAt: Date;
  /** When its latest attempt started. */
  startedAt: Date | null;
  completedAt: Date | null;
  durationMs: number | null;
  /** Attempts made so far (a job waiting for its first has made none). */
  attempts: number;
  /** What the latest failed attempt threw (failed, or waiting to be retried). */
  error: { message: string; stack: string | null } | null;
  /** What a completed run answered. */
  result: JobData | null;
};

export type ScheduleReport = {
  name: string;
  cron: string;
  tz: string;
  /** The cron's next occurrence after now, in the database's time. */
  nextRunAt: Date | null;
  /** The newest job (waiting, running or done), or null before the first. */
  lastRun: JobRun | null;
  /** The newest jobs first, `lastRun` among them. */
  runs: JobRun[];
};

/** What `retry` did: only a failed job is retried, and not while another run of it waits. */
export type RetryOutcome = "retried" | "notFound" | "notFailed" | "busy";

type RunRow = {
  id: string;
  name: string;
  state: JobRunState;
  data: JobData | null;
  output: (JobData & { message?: unknown; stack?: unknown }) | null;
  retry_count: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
};

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function runOf(row: RunRow): JobRun {
  const startedAt = dateOf(row.started_on);
  const completedAt = dateOf(row.completed_on);
  const failed = row.state === "failed" || row.state === "retry";
  const output = row.output && typeof row.output === "object" ? row.output : null;
  return {
    id: row.id,
    state: row.state,
    trigger: row.data?.trigger === "manual" ? "manual" : "schedule",
    createdAt: new Date(row.created_on),
    startedAt,
    completedAt,
    durationMs:
      startedAt && completedAt ? Math.max(0, completedAt.getTime() - startedAt.getTime()) : null,
    // retry_count counts the attempts started after the first.
    attempts: startedAt ? Number(row.retry_count) + 1 : Number(row.retry_count),
    error:
      failed && output
        ? {
            message: String(output.message ?? ""),
            stack: typeof output.stack === "string" ? output.stack : null,
          }
        : null,
    result: row.state === "completed" ? output : null,
  };
}

/** The `recent` newest jobs of each of `names` (pg-boss's tables in `schema`), newest first. */
export async function latestRuns(
  database: Database,
  { schema, names, recent }: { schema: string; names: string[]; recent: number },
): Promise<Map<string, JobRun[]>> {
  const runs = new Map<string, JobRun[]>();
  if (names.length === 0) return runs;
  const { rows } = await database.owner.execute<RunRow>(
    sql`select id, name, state::text as state, data, output, retry_count, created_on,
               started_on, completed_on
          from (select *, row_number() over (partition by name order by created_on desc) as n
                  from ${sql.identifier(schema)}.job
                 where name in ${names}) as latest
         where n <= ${recent}
         order by name, created_on desc`,
  );
  for (const row of rows) runs.set(row.name, [...(runs.get(row.name) ?? []), runOf(row)]);
  return runs;
}

/**
 * The embedded database serves one process: a job still active when it starts, taken before
 * this process began, was running in a process that died. It is failed now, so it is retried
 * after its delay rather than once the supervisor finds its heartbeat stopped. (A job another
 * queue of this same process took, as tests do, began after it and is left alone.)
 */
export async function retryOrphans({
  database,
  boss,
  log,
  schema,
}: {
  database: Database;
  boss: Pick<PgBoss, "fail">;
  log: Pick<Logger, "warn">;
  schema: string;
}): Promise<void> {
  const began = new Date(Date.now() - process.uptime() * 1000);
  const { rows } = await database.owner.execute<{ name: string; id: string }>(
    sql`select name, id from ${sql.identifier(schema)}.job
         where state = 'active' and started_on < ${began.toISOString()}::timestamptz`,
  );
  for (const [name, jobs] of Map.groupBy(rows, (row) => row.name)) {
    const ids = jobs.map((job) => job.id);
    await boss.fail(name, ids, { message: "its process ended while it ran" });
    log.warn({ name, jobs: ids.length }, "jobs left running by an ended process are retried");
  }
}
