import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PointsAward } from "~/features/gamification/gamification.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { storedFileAnswer, type FileAnswer } from "./answer-file";
import { answerSchemas, gradeAnswer, isHandGraded, orderableIds } from "./question-types";
import type { AttemptGrades, QuizSettings } from "./quiz-shapes";
import { requireQuizTaker, type QuizRow } from "./quiz-access.server";
import { settleAttempt } from "./attempt-settlement.server";
import { quizAttempts, quizQuestions } from "./tables.server";

export type AttemptRow = typeof quizAttempts.$inferSelect;
export type QuestionRow = typeof quizQuestions.$inferSelect;

type Scope = { accountId: string; viewer: Viewer | null };

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export async function questionsOf(
  tx: Tx,
  { accountId, quizId }: { accountId: string; quizId: string },
): Promise<QuestionRow[]> {
  return tx
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.accountId, accountId), eq(quizQuestions.quizId, quizId)))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
}

/**
 * An attempt's questions and their shown option order: `drawCount` drawn at random from the
 * bank (all when absent), shuffled if the quiz says so; options shuffled if it says so, and an
 * ordering question's items always (their stored order is the key).
 */
export function drawAttempt(
  bank: QuestionRow[],
  settings: QuizSettings,
): { questionIds: string[]; optionOrder: Record<string, string[]> } {
  const draw = settings.drawCount && settings.drawCount < bank.length ? settings.drawCount : null;
  let picked = draw ? shuffled(bank).slice(0, draw) : bank;
  if (draw && !settings.shuffleQuestions)
    picked = bank.filter((q) => picked.includes(q)); // drawn, in the bank's order
  else if (settings.shuffleQuestions) picked = shuffled(picked);
  const optionOrder: Record<string, string[]> = {};
  for (const question of picked) {
    const ids = orderableIds(question.type, question.data);
    if (!ids) continue;
    const mustShuffle = question.type === "ordering" || question.type === "matching";
    if (!settings.shuffleAnswers && !mustShuffle) continue;
    let order = shuffled(ids);
    // An ordering shown in its right order would give its key away.
    if (question.type === "ordering" && ids.length > 1 && order.every((v, i) => v === ids[i]))
      order = [...ids.slice(1), ids[0]!];
    optionOrder[question.id] = order;
  }
  return { questionIds: picked.map((q) => q.id), optionOrder };
}

async function attemptsOf(tx: Tx, accountId: string, quizId: string, userId: string) {
  return tx
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.accountId, accountId),
        eq(quizAttempts.quizId, quizId),
        eq(quizAttempts.userId, userId),
      ),
    )
    .orderBy(desc(quizAttempts.number));
}

export const pastDeadline = (attempt: AttemptRow, now = Date.now()) =>
  Boolean(attempt.deadlineAt && attempt.deadlineAt.getTime() <= now);

/**
 * Starts an attempt, or resumes the open one. Refused past the attempt limit; two starts at once
 * both ask for the next number, the unique (quiz, person, number) lets one in, and the other
 * resumes the attempt that won. An open attempt past its deadline is submitted first.
 */
export async function startAttempt(
  database: Database,
  { accountId, viewer, quizId }: Scope & { quizId: string },
): Promise<{ attemptId: string; resumed: boolean; awards: PointsAward[] }> {
  return database.forAccount(accountId, async (tx) => {
    const taker = await requireQuizTaker(tx, { accountId, quizId, viewer });
    // An attempt is a member's: a super-admin who is no member of the site previews nothing.
    if (!viewer?.membership) throw new AppError({ code: "auth.forbidden" });
    const existing = await attemptsOf(tx, accountId, quizId, taker.userId);
    const open = existing.find((a) => a.status === "in_progress");
    let awards: PointsAward[] = [];
    if (open && !pastDeadline(open)) return { attemptId: open.id, resumed: true, awards };
    if (open) awards = (await finishAttempt(tx, { accountId, attempt: open, ...taker })).awards;
    const used = existing[0]?.number ?? 0;
    const limit = taker.quiz.settings.attemptLimit ?? 0;
    if (!taker.preview && limit > 0 && used >= limit)
      throw new AppError({ code: "quiz.attemptLimit" });
    const bank = await questionsOf(tx, { accountId, quizId });
    if (!bank.length) throw new AppError({ code: "quiz.noQuestions" });
    const drawn = drawAttempt(bank, taker.quiz.settings);
    const seconds = taker.quiz.settings.timeLimitSeconds;
    const [row] = await tx
      .insert(quizAttempts)
      .values({
        accountId,
        quizId,
        userId: taker.userId,
        number: used + 1,
        ...drawn,
        deadlineAt: seconds ? sql`now() + make_interval(secs => ${seconds})` : null,
      })
      .onConflictDoNothing()
      .returning({ id: quizAttempts.id });
    if (row) return { attemptId: row.id, resumed: false, awards };
    // Another start took this number first: resume that one.
    const [winner] = await tx
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.accountId, accountId),
          eq(quizAttempts.quizId, quizId),
          eq(quizAttempts.userId, taker.userId),
          eq(quizAttempts.number, used + 1),
        ),
      );
    if (!winner) throw new AppError({ code: "quiz.attemptLimit" });
    return { attemptId: winner.id, resumed: true, awards };
  });
}

/** The viewer's own attempt (a teacher reads any of their quiz's through the grading queue). */
export async function ownAttempt(
  tx: Tx,
  { accountId, viewer, attemptId }: Scope & { attemptId: string },
): Promise<AttemptRow> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const [attempt] = await tx
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.accountId, accountId),
        eq(quizAttempts.id, attemptId),
        eq(quizAttempts.userId, viewer.user.id),
      ),
    );
  if (!attempt) throw new AppError({ code: "route.notFound" });
  return attempt;
}

/** Checks each answer against its question's type; an unknown question is a bad request. */
async function checkedAnswers(
  tx: Tx,
  accountId: string,
  attempt: AttemptRow,
  answers: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const ids = Object.keys(answers);
  if (!ids.length) return {};
  if (ids.some((id) => !attempt.questionIds.includes(id)))
    throw new AppError({ code: "request.invalid" });
  const rows = await tx
    .select({ id: quizQuestions.id, type: quizQuestions.type })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.accountId, accountId), inArray(quizQuestions.id, ids)));
  const typeOf = new Map(rows.map((r) => [r.id, r.type]));
  const checked: Record<string, unknown> = {};
  for (const id of ids) {
    const type = typeOf.get(id);
    if (!type) throw new AppError({ code: "request.invalid" });
    if (answers[id] === null) continue;
    const parsed = answerSchemas[type].safeParse(answers[id]);
    if (!parsed.success) throw new AppError({ code: "request.invalid", details: { question: id } });
    // Only the upload route writes a file answer; a save may repeat it, never point elsewhere.
    const value =
      type === "file"
        ? storedFileAnswer(attempt.answers[id], parsed.data as FileAnswer)
        : parsed.data;
    if (value === null) throw new AppError({ code: "request.invalid", details: { question: id } });
    checked[id] = value;
  }
  return checked;
}

/**
 * Merges answers into an open attempt, only while it is open and before its deadline, judged by
 * the database's clock in the same statement that writes.
 */
async function mergeAnswers(tx: Tx, accountId: string, attempt: AttemptRow, answers: object) {
  const rows = await tx
    .update(quizAttempts)
    .set({ answers: sql`${quizAttempts.answers} || ${JSON.stringify(answers)}::jsonb` })
    .where(
      and(
        eq(quizAttempts.accountId, accountId),
        eq(quizAttempts.id, attempt.id),
        eq(quizAttempts.status, "in_progress"),
        sql`(${quizAttempts.deadlineAt} is null or ${quizAttempts.deadlineAt} > now())`,
      ),
    )
    .returning({ id: quizAttempts.id });
  return rows.length > 0;
}

/** Autosave: refused once submitted (quiz.attemptClosed) or past the deadline (quiz.deadlinePassed). */
export async function saveAnswers(
  database: Database,
  {
    accountId,
    viewer,
    attemptId,
    answers,
  }: Scope & { attemptId: string; answers: Record<string, unknown> },
): Promise<{ saved: true }> {
  return database.forAccount(accountId, async (tx) => {
    const attempt = await ownAttempt(tx, { accountId, viewer, attemptId });
    await requireQuizTaker(tx, { accountId, quizId: attempt.quizId, viewer });
    if (attempt.status !== "in_progress") throw new AppError({ code: "quiz.attemptClosed" });
    const checked = await checkedAnswers(tx, accountId, attempt, answers);
    if (!(await mergeAnswers(tx, accountId, attempt, checked)))
      throw new AppError({ code: "quiz.deadlinePassed" });
    return { saved: true };
  });
}

export type SubmitOutcome = {
  attemptId: string;
  quizId: string;
  awards: PointsAward[];
  alreadySubmitted: boolean;
  /** An essay or file waits for a person: the caller tells the course's teachers, after commit. */
  needsGrading: boolean;
};

/**
 * Submits once. The attempt is claimed by `UPDATE … WHERE status = 'in_progress' RETURNING`:
 * of ten submissions at once, one claims and grades it, the others wait on its row lock, find
 * it no longer open and answer with the same result. Answers sent with a late submission are
 * dropped: only those saved before the deadline count.
 */
export async function submitAttempt(
  database: Database,
  {
    accountId,
    viewer,
    attemptId,
    answers,
  }: Scope & { attemptId: string; answers?: Record<string, unknown> },
): Promise<SubmitOutcome> {
  return database.forAccount(accountId, async (tx) => {
    const attempt = await ownAttempt(tx, { accountId, viewer, attemptId });
    const taker = await requireQuizTaker(tx, { accountId, quizId: attempt.quizId, viewer });
    const quizId = attempt.quizId;
    if (attempt.status !== "in_progress")
      return { attemptId, quizId, awards: [], alreadySubmitted: true, needsGrading: false };
    if (answers && Object.keys(answers).length) {
      const checked = await checkedAnswers(tx, accountId, attempt, answers);
      await mergeAnswers(tx, accountId, attempt, checked);
    }
    const done = await finishAttempt(tx, { accountId, attempt, ...taker });
    return {
      attemptId,
      quizId,
      awards: done.awards,
      alreadySubmitted: !done.claimed,
      needsGrading: done.needsGrading,
    };
  });
}

/** Claims an open attempt and grades what it holds; nothing when another already claimed it. */
async function finishAttempt(
  tx: Tx,
  {
    accountId,
    attempt,
    quiz,
    preview,
  }: { accountId: string; attempt: AttemptRow; quiz: QuizRow; preview: boolean },
): Promise<{ awards: PointsAward[]; claimed: boolean; needsGrading: boolean }> {
  const [claimed] = await tx
    .update(quizAttempts)
    .set({ status: "pending", submittedAt: sql`now()` })
    .where(
      and(
        eq(quizAttempts.accountId, accountId),
        eq(quizAttempts.id, attempt.id),
        eq(quizAttempts.status, "in_progress"),
      ),
    )
    .returning();
  if (!claimed) return { awards: [], claimed: false, needsGrading: false };
  const questions = await tx
    .select()
    .from(quizQuestions)
    .where(
      and(
        eq(quizQuestions.accountId, accountId),
        inArray(quizQuestions.id, claimed.questionIds.length ? claimed.questionIds : [attempt.id]),
      ),
    );
  const grades: AttemptGrades = {};
  for (const question of questions)
    grades[question.id] = gradeAnswer(question, claimed.answers[question.id]);
  const handGraded = questions.some((q) => isHandGraded(q.type));
  const awards = await settleAttempt(tx, {
    accountId,
    attempt: claimed,
    quiz,
    grades,
    questions,
    final: !handGraded,
    preview,
  });
  return { awards, claimed: true, needsGrading: handGraded && !preview };
}
