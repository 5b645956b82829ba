// /dashboard/maintenance/crons (issue 17 scope 8): the job queue's schedules with their last,
// next and recent runs, for super-admins only; "run now" and "retry" go through the queue,
// which keeps a schedule to one waiting or running job however many instances there are.
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import type { JobQueue, JobRun, ScheduleReport } from "~/platform/jobs/jobs.server";
import {
  cronsCommandSchema,
  scheduleLabelId,
  type CronsAnswer,
  type CronsScreen,
  type RunView,
  type ScheduleView,
} from "./crons-shapes";

/** What the queue offers the screen (the job queue of this process). */
export type ScheduleControl = Pick<JobQueue, "schedules" | "runNow" | "retry">;

/** The platform's maintenance is the super-admins' alone, whichever site they open it on. */
function requireSuperAdmin(viewer: Viewer | null) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.isSuperAdmin) throw new AppError({ code: "auth.forbidden" });
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A run's answer, its plain values only (counts, flags, short words). */
function resultOf(result: JobRun["result"]): RunView["result"] {
  if (!result) return null;
  const plain = Object.entries(result).filter(
    (entry): entry is [string, string | number | boolean] =>
      ["string", "number", "boolean"].includes(typeof entry[1]),
  );
  return plain.length > 0 ? Object.fromEntries(plain) : null;
}

function runView(run: JobRun): RunView {
  return {
    id: run.id,
    state: run.state,
    trigger: run.trigger,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    completedAt: iso(run.completedAt),
    durationMs: run.durationMs,
    attempts: run.attempts,
    error: run.error,
    result: resultOf(run.result),
  };
}

function scheduleView(report: ScheduleReport): ScheduleView {
  return {
    name: report.name,
    labelId: scheduleLabelId(report.name),
    cron: report.cron,
    tz: report.tz,
    nextRunAt: iso(report.nextRunAt),
    lastRun: report.lastRun ? runView(report.lastRun) : null,
    runs: report.runs.map(runView),
  };
}

export async function loadCronsScreen(
  jobs: ScheduleControl,
  { viewer }: { viewer: Viewer | null },
): Promise<CronsScreen> {
  requireSuperAdmin(viewer);
  const schedules = await jobs.schedules({ recent: 10 });
  return {
    schedules: schedules.map(scheduleView).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The screen's action: `{ intent: "runNow", name }` or `{ intent: "retry", jobId }`. */
export async function answerCronsCommand(
  jobs: ScheduleControl,
  { viewer, body }: { viewer: Viewer | null; body: unknown },
): Promise<CronsAnswer> {
  requireSuperAdmin(viewer);
  const input = cronsCommandSchema.safeParse(body);
  if (!input.success) throw new AppError({ code: "request.invalid" });
  const command = input.data;
  if (command.intent === "runNow") {
    const outcome = await jobs.runNow(command.name);
    if (outcome === "notFound") throw new AppError({ code: "route.notFound" });
    return { ok: true, intent: "runNow", outcome };
  }
  return { ok: true, intent: "retry", outcome: await jobs.retry(command.jobId) };
}
