import { z } from "zod";
import { optionSchemas } from "~/features/options/validation";

/**
 * The header option as the header screen edits it: everything but `notices`, which the notices
 * screen owns and a header save leaves as it is stored.
 */
export const headerSettingsSchema = optionSchemas.header.omit({ notices: true });
export type HeaderSettings = z.output<typeof headerSettingsSchema>;

/** The four controls a site may hide from its header (spec §2). */
export const headerSwitches = [
  "header_darklight",
  "header_search",
  "header_cart",
  "header_login",
] as const;

export const MIN_HEADER_FONT_SIZE = 10;
export const MAX_HEADER_FONT_SIZE = 24;

/** One refused field of a save, by its path inside the value ("header_fontsize", "header.0.label"). */
export type FieldIssue = { path: string; code: string };

export type HeaderSaveAnswer =
  { ok: true; header: HeaderSettings } | { ok: false; issues: FieldIssue[] };

export const issuesOfZod = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join("."), code: issue.code }));
