import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isCourseManager } from "~/features/courses/courses.server";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { privateBucket, type FileRef, type Storage } from "~/platform/storage/storage.server";
import { asFileAnswer, MAX_ANSWER_FILE_BYTES, type FileAnswer } from "./answer-file";
import { cleanFileName } from "~/platform/storage/file-name";
import { answerFileType } from "./answer-file-check.server";
import { ownAttempt, pastDeadline, type AttemptRow } from "./attempts.server";
import { requireQuizTaker, requireQuizTeacher } from "./quiz-access.server";
import { quizAttempts, quizQuestions } from "./tables.server";

type Scope = { accountId: string; viewer: Viewer | null };
type Services = { database: Database; storage: Storage };

/**
 * Where answer files live: a bucket of the account's that GET /files never serves (it serves
 * `account-{id}` only), under the attempt. Only the download route below reads them.
 */
export function answerFileRef(accountId: string, attemptId: string, fileId: string): FileRef {
  return { bucket: privateBucket(accountId), key: `quiz-attempts/${attemptId}/${fileId}` };
}

/**
 * The viewer's own attempt, still open, at a quiz the one access rule still opens to them:
 * anyone else's is not found, a closed one refused.
 */
async function openOwnAttempt(tx: Tx, input: Scope & { attemptId: string }) {
  const attempt = await ownAttempt(tx, input);
  await requireQuizTaker(tx, { ...input, quizId: attempt.quizId });
  if (attempt.status !== "in_progress") throw new AppError({ code: "quiz.attemptClosed" });
  if (pastDeadline(attempt)) throw new AppError({ code: "quiz.deadlinePassed" });
  return attempt;
}

/** Before the request's body is read: whether the viewer may send a file to this attempt at all. */
export async function requireOpenAttempt(
  database: Database,
  input: Scope & { attemptId: string },
): Promise<void> {
  await database.forAccount(input.accountId, (tx) => openOwnAttempt(tx, input));
}

/** A file question of the attempt, and its accept list; any other question is a bad request. */
async function fileQuestionOf(tx: Tx, accountId: string, attempt: AttemptRow, questionId: string) {
  if (!attempt.questionIds.includes(questionId)) throw new AppError({ code: "request.invalid" });
  const [question] = await tx
    .select({ type: quizQuestions.type, data: quizQuestions.data })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.accountId, accountId), eq(quizQuestions.id, questionId)));
  if (question?.type !== "file") throw new AppError({ code: "request.invalid" });
  const accept = (question.data as { accept?: unknown }).accept;
  return typeof accept === "string" ? accept : undefined;
}

/**
 * A student's file for one file question of their own open attempt: checked by its bytes,
 * stored privately, and saved as the question's answer in the same statement that checks the
 * attempt is still open by the database's clock. The file it replaces is removed after commit.
 */
export async function attachAnswerFile(
  { database, storage }: Services,
  {
    accountId,
    viewer,
    attemptId,
    questionId,
    file,
  }: Scope & { attemptId: string; questionId: string; file: { name: string; bytes: Buffer } },
): Promise<FileAnswer> {
  if (file.bytes.byteLength > MAX_ANSWER_FILE_BYTES)
    throw new AppError({ code: "request.tooLarge" });
  if (!file.bytes.byteLength) throw new AppError({ code: "request.invalid" });
  const accept = await database.forAccount(accountId, async (tx) => {
    const attempt = await openOwnAttempt(tx, { accountId, viewer, attemptId });
    return fileQuestionOf(tx, accountId, attempt, questionId);
  });
  const name = cleanFileName(file.name);
  const type = await answerFileType(file.bytes, name, accept);
  if (!type) throw new AppError({ code: "quiz.fileType" });
  const answer: FileAnswer = {
    fileId: randomUUID(),
    name,
    size: file.bytes.byteLength,
    contentType: type.mime,
  };
  const ref = answerFileRef(accountId, attemptId, answer.fileId);
  await storage.put({ ...ref, body: file.bytes, contentType: type.mime });
  let replaced: FileAnswer | null = null;
  try {
    replaced = await database.forAccount(accountId, async (tx) => {
      const attempt = await ownAttempt(tx, { accountId, viewer, attemptId });
      // Locked: the answer it replaces is the one this write overwrites.
      const [row] = await tx
        .select({ answers: quizAttempts.answers, status: quizAttempts.status })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attempt.id)))
        .for("update");
      const written = await tx
        .update(quizAttempts)
        .set({
          answers: sql`${quizAttempts.answers} || ${JSON.stringify({ [questionId]: answer })}::jsonb`,
        })
        .where(
          and(
            eq(quizAttempts.accountId, accountId),
            eq(quizAttempts.id, attempt.id),
            eq(quizAttempts.status, "in_progress"),
            sql`(${quizAttempts.deadlineAt} is null or ${quizAttempts.deadlineAt} > now())`,
          ),
        )
        .returning({ id: quizAttempts.id });
      if (!written.length)
        throw new AppError({
          code: row?.status === "in_progress" ? "quiz.deadlinePassed" : "quiz.attemptClosed",
        });
      return asFileAnswer(row?.answers[questionId]);
    });
  } catch (error) {
    await storage.delete(ref).catch(() => undefined);
    throw error;
  }
  if (replaced && replaced.fileId !== answer.fileId)
    await storage.delete(answerFileRef(accountId, attemptId, replaced.fileId)).catch(() => 0);
  return answer;
}

/** Whether the viewer grades this quiz's attempts: its teachers with manage_submissions, managers. */
async function gradesQuiz(tx: Tx, { accountId, viewer }: Scope, quizId: string) {
  if (!viewer || (!isCourseManager(viewer) && !can(viewer, "manage_submissions"))) return false;
  return requireQuizTeacher(tx, { accountId, quizId, viewer, cap: "manage_submissions" }).then(
    () => true,
    () => false,
  );
}

/**
 * An answer file, for the attempt's owner and for the teachers who may grade it; for anyone
 * else, and for an id the attempt's answers do not name, it is not found.
 */
export async function answerFileFor(
  database: Database,
  { accountId, viewer, attemptId, fileId }: Scope & { attemptId: string; fileId: string },
): Promise<{ ref: FileRef; answer: FileAnswer }> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  return database.forAccount(accountId, async (tx) => {
    const [attempt] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attemptId)));
    const answer = Object.values(attempt?.answers ?? {})
      .map(asFileAnswer)
      .find((a) => a?.fileId === fileId);
    if (!attempt || !answer) throw new AppError({ code: "route.notFound" });
    const mayRead =
      attempt.userId === viewer.user.id ||
      (await gradesQuiz(tx, { accountId, viewer }, attempt.quizId));
    if (!mayRead) throw new AppError({ code: "route.notFound" });
    return { ref: answerFileRef(accountId, attemptId, fileId), answer };
  });
}
