import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import type { Viewer } from "~/features/members/members.server";
export type * from "./attempt-types";
import { ownAttempt, questionsOf } from "./attempts.server";
import type { AttemptQuestionView, AttemptView, QuizIntro } from "./attempt-types";
import { correctAnswerOf, publicQuestion } from "./question-types";
import type { QuizSettings } from "./quiz-shapes";
import { requireQuizTaker } from "./quiz-access.server";
import { quizAttempts, quizQuestions } from "./tables.server";

type Scope = { accountId: string; viewer: Viewer | null };

/** What the quiz taker shows first: the quiz's rules and the person's attempts. No question. */
export async function quizIntro(
  database: Database,
  { accountId, viewer, quizId }: Scope & { quizId: string },
): Promise<QuizIntro> {
  return database.forAccount(accountId, async (tx) => {
    const { quiz, preview, userId } = await requireQuizTaker(tx, { accountId, quizId, viewer });
    const bank = await questionsOf(tx, { accountId, quizId });
    const attempts = await tx
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
    const settings = quiz.settings;
    const limit = settings.attemptLimit ?? 0;
    const open = attempts.find(
      (a) => a.status === "in_progress" && (!a.deadlineAt || a.deadlineAt.getTime() > Date.now()),
    );
    return {
      quiz: {
        id: quiz.id,
        title: quiz.title,
        description: quiz.description,
        questionCount: Math.min(settings.drawCount ?? bank.length, bank.length),
        passMark: settings.passMark ?? 50,
        attemptLimit: limit,
        timeLimitSeconds: settings.timeLimitSeconds ?? null,
      },
      preview,
      attempts: attempts.map((a) => ({
        id: a.id,
        number: a.number,
        status: a.status,
        startedAt: a.startedAt.toISOString(),
        submittedAt: a.submittedAt?.toISOString() ?? null,
        percent: a.status === "graded" ? a.percent : null,
        // Decided early when the hand-graded answers can no longer change it.
        passed: a.status === "in_progress" ? null : a.passed,
      })),
      attemptsLeft: limit > 0 && !preview ? Math.max(0, limit - (attempts[0]?.number ?? 0)) : null,
      openAttemptId: open?.id ?? null,
    };
  });
}

/** The feedback rule of quiz-shapes: when the student may see what was right. */
export function feedbackAllowed(
  settings: QuizSettings,
  { passed, attemptsLeft }: { passed: boolean; attemptsLeft: number | null },
): boolean {
  switch (settings.feedback ?? "after_submit") {
    case "never":
      return false;
    case "after_pass":
      return passed;
    case "after_last_attempt":
      return passed || attemptsLeft === 0;
    default:
      return true;
  }
}

/**
 * One of the viewer's attempts. Open: its questions in their shown order and the answers saved,
 * built from the public shape only. Submitted: the score, and per question the grade, the right
 * answer and the explanation only as the quiz's feedback setting allows.
 */
export async function attemptView(
  database: Database,
  { accountId, viewer, attemptId }: Scope & { attemptId: string },
): Promise<AttemptView> {
  return database.forAccount(accountId, async (tx) => {
    const attempt = await ownAttempt(tx, { accountId, viewer, attemptId });
    const { quiz, preview } = await requireQuizTaker(tx, {
      accountId,
      quizId: attempt.quizId,
      viewer,
    });
    const rows = attempt.questionIds.length
      ? await tx
          .select()
          .from(quizQuestions)
          .where(
            and(
              eq(quizQuestions.accountId, accountId),
              inArray(quizQuestions.id, attempt.questionIds),
            ),
          )
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const submitted = attempt.status !== "in_progress";
    const limit = quiz.settings.attemptLimit ?? 0;
    const attemptsLeft = limit > 0 && !preview ? Math.max(0, limit - attempt.number) : null;
    const graded = attempt.status === "graded";
    const showsFeedback =
      submitted &&
      (preview ||
        feedbackAllowed(quiz.settings, { passed: Boolean(attempt.passed), attemptsLeft }));
    const showsCorrectAnswers =
      showsFeedback && graded && (preview || Boolean(quiz.settings.showCorrectAnswers));
    const questions: AttemptQuestionView[] = [];
    for (const id of attempt.questionIds) {
      const row = byId.get(id);
      if (!row) continue;
      const view: AttemptQuestionView = {
        ...publicQuestion(row, attempt.optionOrder[id]),
        response: attempt.answers[id] ?? null,
      };
      const grade = attempt.grades[id];
      if (showsFeedback && grade)
        view.grade = {
          points: grade.points,
          correct: grade.correct,
          ...(grade.feedback ? { feedback: grade.feedback } : {}),
        };
      if (showsCorrectAnswers) {
        view.correctAnswer = correctAnswerOf(row.type, row.data);
        if (row.feedback) view.explanation = row.feedback;
      }
      questions.push(view);
    }
    const secondsLeft =
      !submitted && attempt.deadlineAt
        ? Math.max(0, Math.floor((attempt.deadlineAt.getTime() - Date.now()) / 1000))
        : null;
    return {
      attempt: {
        id: attempt.id,
        quizId: attempt.quizId,
        number: attempt.number,
        status: attempt.status,
        startedAt: attempt.startedAt.toISOString(),
        submittedAt: attempt.submittedAt?.toISOString() ?? null,
        deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
        secondsLeft,
        percent: graded ? attempt.percent : null,
        passed: submitted ? attempt.passed : null,
        score: graded ? attempt.score : null,
        maxScore: submitted ? attempt.maxScore : null,
      },
      questions,
      showsFeedback,
      showsCorrectAnswers,
    };
  });
}
