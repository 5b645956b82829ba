import { z } from "zod";

/** The player's note save: plain text, up to 20,000 characters. */
export const noteInputSchema = z.object({ body: z.string().max(20_000) });

/** A lesson completion or enrolment carries no fields; an object is still required. */
export const emptyInputSchema = z.object({}).passthrough();

/** The student list's commands (teachers with manage_students; parents: managers). */
export const studentCommandSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("enrol"),
    emails: z.string().max(500_000),
    expiresAt: z.iso.date().nullable().optional(),
  }),
  z.object({ intent: z.literal("unenrol"), userId: z.string().min(1).max(200) }),
  z.object({
    intent: z.literal("expiry"),
    userId: z.string().min(1).max(200),
    expiresAt: z.iso.date().nullable(),
  }),
  z.object({
    intent: z.literal("linkParent"),
    userId: z.string().min(1).max(200),
    parentEmail: z.string().trim().min(3).max(320),
  }),
]);
export type StudentCommand = z.infer<typeof studentCommandSchema>;
