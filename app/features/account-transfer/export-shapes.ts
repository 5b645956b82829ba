/** Client-safe shapes of an account's exports (the screen and the server share them). */
export const exportStatuses = ["queued", "running", "ready", "failed"] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** What an archive holds, as the export counted it. */
export type ExportCounts = {
  tables: number;
  rows: number;
  people: number;
  files: number;
  bytes: number;
};

export type ExportRow = {
  id: string;
  status: ExportStatus;
  requestedAt: string;
  finishedAt: string | null;
  sizeBytes: number | null;
  counts: ExportCounts | null;
};

/** Archives kept per account: a new one ready removes the oldest beyond these. */
export const KEPT_EXPORTS = 3;

/** Whether a member may delete their account on a site, and why not (the profile's card says it). */
export type ErasureStanding =
  | { allowed: true; confirmWith: "password" | "email" }
  | { allowed: false; reason: "staff" | "subscription" };
