import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/jobs.server";
import type { Logger } from "~/platform/logger.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { createTtlCache } from "~/platform/ttl-cache";
import { branchStart, placeSteps, type PlacedStep } from "./automation-graph";
import type { RunStatus, StepOutcome } from "./automation-shapes";
import { runStep, type StepResult, type StepServices } from "./automation-steps.server";
import { automationHistory, automationRuns, automationVersions } from "./tables.server";

/** Advances one run: its next steps, until it waits or ends. */
export const AUTOMATION_STEP_JOB = "automations.step";

type JobSender = StepServices["jobs"];

export type AutomationServices = {
  database: Database;
  jobs: JobSender & Pick<JobQueue, "start" | "sendNow">;
  pubsub: PubSub;
  logger: Logger;
  /** Waits last this share of their length (a test clock: 0.05 makes a minute 3 s). */
  waitScale?: number;
};

type Run = typeof automationRuns.$inferSelect;

/** A version's steps, placed: versions never change, so each is read once per process. */
const placedVersions = createTtlCache<Map<string, PlacedStep>>({ ttlMs: 10 * 60_000, max: 2_000 });

async function placedVersion(tx: Tx, run: Pick<Run, "accountId" | "automationId" | "version">) {
  const key = `${run.accountId}:${run.automationId}:${run.version}`;
  let placed = placedVersions.get(key);
  if (!placed) {
    const [row] = await tx
      .select({ graph: automationVersions.graph })
      .from(automationVersions)
      .where(
        and(
          eq(automationVersions.accountId, run.accountId),
          eq(automationVersions.automationId, run.automationId),
          eq(automationVersions.version, run.version),
        ),
      );
    if (!row) return null;
    placed = placeSteps(row.graph);
    placedVersions.set(key, placed);
  }
  return placed;
}

export async function recordStep(
  tx: Tx,
  run: Pick<Run, "accountId" | "id" | "automationId" | "contactId">,
  line: { stepId: string; stepType: string; outcome: StepOutcome; detail?: Record<string, string> },
  now = new Date(),
) {
  await tx.insert(automationHistory).values({
    accountId: run.accountId,
    runId: run.id,
    automationId: run.automationId,
    contactId: run.contactId,
    stepId: line.stepId,
    stepType: line.stepType,
    outcome: line.outcome,
    detail: line.detail ?? {},
    at: now,
  });
}

/** Why the engine looks at a run: it is due (new, or a wait ended), or an event came for it. */
export type Nudge = { kind: "due"; cursor: string | null } | { kind: "event"; type: string };

/** Asks for the run to be advanced (inside the caller's transaction), once per position. */
export async function nudgeRun(
  jobs: JobSender,
  tx: Tx,
  run: Pick<Run, "accountId" | "id">,
  {
    cursor,
    afterSeconds = 0,
    tag = "",
  }: { cursor: string | null; afterSeconds?: number; tag?: string },
) {
  await jobs.send(
    tx,
    AUTOMATION_STEP_JOB,
    { accountId: run.accountId, runId: run.id, cursor },
    {
      singletonKey: `${run.id}:${cursor ?? "end"}${tag}`,
      ...(afterSeconds > 0 ? { startAfterSeconds: Math.max(1, Math.round(afterSeconds)) } : {}),
      retryLimit: 10,
    },
  );
}

const endRun = async (tx: Tx, run: Run, status: RunStatus, now: Date) => {
  await tx
    .update(automationRuns)
    .set({ status, cursor: null, waitingFor: null, resumeAt: null, endedAt: now, updatedAt: now })
    .where(and(eq(automationRuns.accountId, run.accountId), eq(automationRuns.id, run.id)));
  await recordStep(
    tx,
    run,
    { stepId: "end", stepType: "end", outcome: status === "completed" ? "completed" : "stopped" },
    now,
  );
};

/**
 * A run's steps, in one transaction with the run's row locked, until it waits, ends, or has
 * taken `MAX_STEPS_AT_ONCE`: each step's effect, its line in the contact's timeline and the
 * cursor's move commit together, or none of them does. A second job for the same position
 * finds the cursor moved on and does nothing — so each step happens once, whatever crashes or
 * repeats (decision 061). Answers whether there is more to do at once.
 */
async function stepRun(
  services: AutomationServices,
  { accountId, runId, nudge }: { accountId: string; runId: string; nudge: Nudge },
  after: Array<() => Promise<void>>,
): Promise<boolean> {
  return services.database.forAccount(accountId, async (tx) => {
    const [run] = await tx
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.id, runId)))
      .for("update");
    if (!run) return false;
    let current = nudge;
    for (let taken = 0; taken < MAX_STEPS_AT_ONCE; taken++) {
      if (!(await stepOnce(services, tx, run, current, after))) return false;
      // Past the first step the run is simply due, at whatever step it reached.
      current = { kind: "due", cursor: null };
    }
    return true;
  });
}

/** Steps taken in one transaction before the run's job lets others have the database. */
const MAX_STEPS_AT_ONCE = 25;

/** One step of a locked run (`run` is kept up to date); answers whether to take the next. */
async function stepOnce(
  services: AutomationServices,
  tx: Tx,
  run: Run,
  nudge: Nudge,
  after: Array<() => Promise<void>>,
): Promise<boolean> {
  const { jobs } = services;
  const { accountId, id: runId } = run;
  if (run.status !== "running" && run.status !== "waiting") return false;
  const now = new Date();
  if (run.cursor === null) {
    await endRun(tx, run, "completed", now);
    return false;
  }
  const placed = await placedVersion(tx, run);
  const here = placed?.get(run.cursor);
  if (!placed || !here) {
    await endRun(tx, run, "failed", now);
    return false;
  }
  const { step, next } = here;
  const move = async (cursor: string | null) => {
    await tx
      .update(automationRuns)
      .set({ cursor, status: "running", waitingFor: null, resumeAt: null, updatedAt: now })
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.id, runId)));
    Object.assign(run, {
      cursor,
      status: "running",
      waitingFor: null,
      resumeAt: null,
      updatedAt: now,
    });
  };
  if (run.status === "waiting") {
    // A nudge for another position, or a timer that is early: nothing to do.
    if (nudge.kind === "due" && nudge.cursor !== run.cursor) return false;
    // Due once its wait is over: on the test clock, the scaled share of it (from when it began).
    const scale = services.waitScale ?? 1;
    const began = run.updatedAt.getTime();
    const due =
      run.resumeAt !== null &&
      began + (run.resumeAt.getTime() - began) * scale <= now.getTime() + 1000;
    if (step.type === "wait") {
      if (!due) return false;
      await recordStep(tx, run, { stepId: step.id, stepType: step.type, outcome: "resumed" }, now);
      await move(next);
      return true;
    }
    if (step.type !== "if") return false;
    const holds = await runStep.decide(tx, { run, step, placed });
    const timedOut = nudge.kind === "due" && due;
    if (!holds && !timedOut) return false;
    await recordStep(
      tx,
      run,
      {
        stepId: step.id,
        stepType: step.type,
        outcome: holds ? "yes" : "no",
        detail: holds ? {} : { reason: "timedOut" },
      },
      now,
    );
    await move(branchStart(step, holds, next));
    return true;
  }
  if (nudge.kind === "event") return false;
  const result: StepResult = await runStep.act(services, tx, { run, step, placed, now, after });
  await recordStep(
    tx,
    run,
    { stepId: step.id, stepType: step.type, outcome: result.outcome, detail: result.detail },
    now,
  );
  if (result.wait) {
    await tx
      .update(automationRuns)
      .set({
        status: "waiting",
        waitingFor: result.wait.event ?? null,
        resumeAt: result.wait.until,
        updatedAt: now,
      })
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.id, runId)));
    const seconds = (result.wait.until.getTime() - now.getTime()) / 1000;
    await nudgeRun(jobs, tx, run, {
      cursor: run.cursor,
      afterSeconds: seconds * (services.waitScale ?? 1),
      tag: ":timer",
    });
    return false;
  }
  await move(result.goTo !== undefined ? result.goTo : next);
  return true;
}

/**
 * The `automations.step` job: steps the run until it waits or ends, a round of steps per
 * transaction; a crash loses at most the round under way, which the job's retry runs (once).
 */
export async function advanceRun(
  services: AutomationServices,
  { accountId, runId, nudge }: { accountId: string; runId: string; nudge: Nudge },
): Promise<{ rounds: number }> {
  let rounds = 0;
  let current = nudge;
  for (; rounds < 200; rounds++) {
    const after: Array<() => Promise<void>> = [];
    const more = await stepRun(services, { accountId, runId, nudge: current }, after);
    for (const announce of after)
      await announce().catch((error: unknown) =>
        services.logger.warn({ err: error, runId }, "an automation's announcement failed"),
      );
    if (!more) break;
    // Past the first step the run is simply due, at whatever step it reached.
    current = { kind: "due", cursor: null };
  }
  return { rounds };
}

/** The job's handler: data as `nudgeRun` and `nudgeWaiting` send it. */
export function stepJobHandler(services: AutomationServices) {
  return async (data: Record<string, unknown>) => {
    const accountId = String(data.accountId);
    const runId = String(data.runId);
    const nudge: Nudge =
      typeof data.event === "string"
        ? { kind: "event", type: data.event }
        : { kind: "due", cursor: typeof data.cursor === "string" ? data.cursor : null };
    return advanceRun(services, { accountId, runId, nudge });
  };
}

/** Stops every run of an automation still inside (the owner's stop), with a line each. */
export async function stopRuns(
  tx: Tx,
  { accountId, automationId }: { accountId: string; automationId: string },
) {
  const runs = await tx
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.accountId, accountId),
        eq(automationRuns.automationId, automationId),
        inArray(automationRuns.status, ["running", "waiting"]),
      ),
    )
    .for("update");
  const now = new Date();
  for (const run of runs) await endRun(tx, run, "stopped", now);
  return runs.length;
}

export const runCounts = (tx: Tx, accountId: string) =>
  tx
    .select({
      automationId: automationRuns.automationId,
      running: sql<number>`count(*) filter (where ${automationRuns.status} in ('running', 'waiting'))::int`,
      completed: sql<number>`count(*) filter (where ${automationRuns.status} = 'completed')::int`,
    })
    .from(automationRuns)
    .where(eq(automationRuns.accountId, accountId))
    .groupBy(automationRuns.automationId);
