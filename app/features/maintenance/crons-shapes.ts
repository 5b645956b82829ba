// Client-safe shapes of /dashboard/maintenance/crons (issue 17 scope 8): the schedules of the
// job queue with their runs, and the two commands the screen sends. Dates are ISO strings.
import { z } from "zod";

export const runStates = [
  "created",
  "retry",
  "active",
  "completed",
  "cancelled",
  "failed",
] as const;
export type RunState = (typeof runStates)[number];

export type RunView = {
  id: string;
  state: RunState;
  trigger: "schedule" | "manual";
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  durationMs: number | null;
  attempts: number;
  error: { message: string; stack: string | null } | null;
  /** What a completed run answered: counts by name. */
  result: Record<string, string | number | boolean> | null;
};

export type ScheduleView = {
  /** The job queue's name, e.g. `auth.expired-sessions`. */
  name: string;
  /** Its texts' key under `crons.schedules` (the name in camel case). */
  labelId: string;
  cron: string;
  tz: string;
  nextRunAt: string | null;
  lastRun: RunView | null;
  /** Newest first. */
  runs: RunView[];
};

export type CronsScreen = { schedules: ScheduleView[] };

/** `auth.expired-sessions` → `authExpiredSessions`: a name as a key of the catalogue. */
export function scheduleLabelId(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part, index) => (index === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
    .join("");
}

/** A run waits or runs: the screen looks again until it is done. */
export const isUnderway = (run: RunView | null) =>
  run !== null && (run.state === "created" || run.state === "active" || run.state === "retry");

export const cronsCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("runNow"), name: z.string().min(1).max(100) }).strict(),
  z.object({ intent: z.literal("retry"), jobId: z.uuid() }).strict(),
]);
export type CronsCommand = z.infer<typeof cronsCommandSchema>;

export type CronsAnswer =
  | { ok: true; intent: "runNow"; outcome: "queued" | "busy" }
  | { ok: true; intent: "retry"; outcome: "retried" | "busy" | "notFailed" | "notFound" }
  | { ok: false; code: string };
