import { z } from "zod";
import { AppError } from "~/platform/errors";
import type { FileRef, Storage } from "~/platform/storage/storage.server";
import { attachmentDisposition } from "~/platform/storage/attachment";
import { MAX_ANSWER_FILE_BYTES, type FileAnswer } from "./answer-file";

const uploadFields = z.object({
  questionId: z.tuple([z.uuid()]),
  file: z.tuple([z.instanceof(File)]),
});

/**
 * The upload's multipart body (the input boundary has read it, bounded, and checked its text
 * fields): exactly one `questionId` and one `file`. Anything else is a bad request.
 */
export async function readAnswerUpload(
  request: Request,
): Promise<{ questionId: string; file: { name: string; bytes: Buffer } }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) throw new AppError({ code: "request.invalid" });
  const form = await request.formData().catch(() => null);
  if (!form) throw new AppError({ code: "request.malformed" });
  const parsed = uploadFields.safeParse({
    questionId: form.getAll("questionId"),
    file: form.getAll("file"),
  });
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const [file] = parsed.data.file;
  if (file.size > MAX_ANSWER_FILE_BYTES) throw new AppError({ code: "request.tooLarge" });
  return {
    questionId: parsed.data.questionId[0],
    file: { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) },
  };
}

/**
 * An answer file as a download: always an attachment, never sniffed into something a browser
 * would run, never kept by a cache (it is one student's work).
 */
export async function answerFileResponse(
  storage: Storage,
  ref: FileRef,
  answer: FileAnswer,
): Promise<Response> {
  const facts = await storage.stat(ref);
  if (!facts) throw new AppError({ code: "route.notFound" });
  const headers = new Headers({
    "content-type": answer.contentType,
    "content-length": String(facts.size),
    "content-disposition": attachmentDisposition(answer.name),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
  return new Response(await storage.read(ref), { status: 200, headers });
}
