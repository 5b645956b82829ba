// The job queue's shapes (decision 031): what the rest of the app sees of it.
import type { Database, Tx } from "../db/database.server";
import type { Logger } from "../logger.server";
import type { RetryOutcome, ScheduleOptions, ScheduleReport } from "./job-runs.server";

export type JobOptions = {
  /** At most one job of this name and key waits, retries or runs at a time: a second send is dropped. */
  singletonKey?: string;
  /** Not run before this many seconds from now. */
  startAfterSeconds?: number;
  /** Runs after the first that a throw may cost before the job is failed (default 5). */
  retryLimit?: number;
  /** The first retry's delay; each next one doubles, with jitter, up to an hour (default 10 s). */
  retryDelaySeconds?: number;
};

export type JobData = Record<string, unknown>;
/** A handler may answer what it did (counts): it is kept on the completed job and shown with its run. */
export type JobHandler = (
  data: JobData,
  job: { id: string; attempt: number },
) => Promise<void | JobData>;
export type JobStats = {
  name: string;
  created: number;
  active: number;
  completed: number;
  failed: number;
  retry: number;
};

export interface JobQueue {
  /**
   * Enqueues inside the caller's transaction (`forAccount`, `asApp`, `owner.transaction`,
   * `ownerThenAccount`): the job exists if and only if that transaction commits. The name must
   * have a worker (`work`) in this process once started; on the embedded database anything else
   * throws rather than wait on the transaction it is in.
   */
  send(tx: Tx, name: string, data: JobData, options?: JobOptions): Promise<void>;
  /** Enqueues on its own. Never call it inside an open transaction: use `send(tx, …)`. */
  sendNow(name: string, data: JobData, options?: JobOptions): Promise<void>;
  /** One handler per name. A throw is retried with backoff until `retryLimit`, then the job fails with its error kept. */
  work(name: string, handler: JobHandler): void;
  /**
   * A recurring job: `handler` is the worker of queue `name`, and a job is sent to it at each
   * occurrence of `cron` (five fields, or six with seconds; read in `tz`). However many
   * instances run, each occurrence is one job run once (pg-boss's cron pass; decision 031), and
   * at most one run of a schedule waits or runs at a time. Registered before start, as workers.
   */
  defineSchedule(name: string, cron: string, handler: JobHandler, options?: ScheduleOptions): void;
  /** The schedules defined in this process, each with its last, next and `recent` latest runs. */
  schedules(options?: { recent?: number }): Promise<ScheduleReport[]>;
  /** Sends a run of schedule `name` now; "busy" when one already waits or runs (it is not doubled). */
  runNow(name: string): Promise<"queued" | "busy" | "notFound">;
  /** Runs a failed job of a name this process works again (pg-boss's retry: one more attempt). */
  retry(jobId: string): Promise<RetryOutcome>;
  /** Installs or upgrades pg-boss's schema and starts polling. Safe to call again: it starts once. */
  start(): Promise<void>;
  /** Stops polling and waits for running handlers (at most `stopTimeoutMs`). */
  stop(): Promise<void>;
  /** Counts by state, per name (every name with a worker here, and any other with jobs). */
  stats(name?: string): Promise<JobStats[]>;
  /** Runs the jobs that are due until none is (tests use it instead of waiting for polling). */
  drain(): Promise<void>;
}

/** Where pg-boss keeps its tables; never `public`, whose tables the isolation checks hold to RLS. */
export const JOBS_SCHEMA = "pgboss";
/** The table pg-boss keeps the jobs of every queue in that has no table of its own. */
export const JOB_TABLE = "job_common";

/** How a process's job queue is built (`createJobQueue`). */
export type JobQueueOptions = {
  database: Database;
  logger: Logger;
  /** How often each name with a worker is looked at. Above the idle collector's 2 s (idle-gc.ts). */
  pollSeconds?: number;
  stopTimeoutMs?: number;
  /**
   * Whether this process takes part in firing schedules (pg-boss's cron pass). Off (test apps),
   * schedules are still stored and their runs still run when sent (`runNow`).
   */
  cron?: boolean;
  /** How often the cron pass looks for due occurrences, and how often it hands them on. */
  cronSeconds?: { monitor: number; forward: number };
  /**
   * How often pg-boss's supervisor looks for jobs whose heartbeat stopped (their process died)
   * and retries them: a killed job waits up to this long after its 10 s of silence.
   */
  superviseSeconds?: number;
};
