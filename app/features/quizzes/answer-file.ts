import { z } from "zod";

/**
 * A student's file answer (issue 15 scope 2, graded by hand): the file is kept privately for its
 * attempt (answer-files.server.ts), never in the media library, and the answer names it by the
 * id the server gave it. Client-safe: the taker, the result and the grading queue use these.
 */

/** The largest answer file; the upload route's body limit is this plus the multipart framing. */
export const MAX_ANSWER_FILE_BYTES = 10 * 1024 * 1024;
export const ANSWER_FILE_REQUEST_BYTES = MAX_ANSWER_FILE_BYTES + 64 * 1024;

/** `POST /api/quiz-attempts/:attemptId/files` (the input boundary gives it its body limit). */
export const answerFileUploadPath = /^\/api\/quiz-attempts\/[^/]+\/files$/;

export const answerFileSchema = z.object({
  fileId: z.uuid(),
  name: z.string().trim().min(1).max(300),
  size: z.number().int().min(1).max(MAX_ANSWER_FILE_BYTES),
  contentType: z.string().min(1).max(200),
});
export type FileAnswer = z.infer<typeof answerFileSchema>;

export const answerFileUploadUrl = (attemptId: string) => `/api/quiz-attempts/${attemptId}/files`;
export const answerFileUrl = (attemptId: string, fileId: string) =>
  `/api/quiz-attempts/${attemptId}/files/${fileId}`;

/** A stored answer as a file answer, or null (none, or an old shape that names no stored file). */
export function asFileAnswer(value: unknown): FileAnswer | null {
  const parsed = answerFileSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * What a save may write for a file question: only the file the server stored for this attempt,
 * as it recorded it. A student who sends any other id, or an address, names no file of theirs.
 */
export function storedFileAnswer(stored: unknown, sent: FileAnswer): FileAnswer | null {
  const kept = asFileAnswer(stored);
  return kept && kept.fileId === sent.fileId ? kept : null;
}
