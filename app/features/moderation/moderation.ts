// The moderation feature's door (client-safe): what a report is, on both sides of the wire.
import { z } from "zod";

export const reportKinds = ["group_post", "group_comment", "message"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportStatuses = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const REPORT_REASON_MAX = 500;
export const reportReasonSchema = z.string().trim().max(REPORT_REASON_MAX).default("");

/** An open report as a moderator's queue shows it. */
export type OpenReport = {
  kind: ReportKind;
  targetId: string;
  /** How many people reported it, and the newest reasons (up to three). */
  count: number;
  reasons: string[];
  lastAt: string;
};
