import type { PublicQuestion } from "./question-types";
import type { AttemptStatus, QuestionType } from "./quiz-shapes";

/** What the quiz API answers the student (client-safe types). */
export type AttemptSummary = {
  id: string;
  number: number;
  status: AttemptStatus;
  startedAt: string;
  submittedAt: string | null;
  percent: number | null;
  passed: boolean | null;
};

export type QuizIntro = {
  quiz: {
    id: string;
    title: string;
    description: string;
    questionCount: number;
    passMark: number;
    attemptLimit: number;
    timeLimitSeconds: number | null;
  };
  preview: boolean;
  attempts: AttemptSummary[];
  attemptsLeft: number | null;
  openAttemptId: string | null;
};

export type AttemptQuestionView = PublicQuestion & {
  /** The student's own saved answer. */
  response: unknown;
  /** After submission, as the quiz's feedback setting allows. */
  grade?: { points: number; correct: boolean | null; feedback?: string };
  correctAnswer?: unknown;
  explanation?: string;
};

export type AttemptView = {
  attempt: AttemptSummary & {
    quizId: string;
    deadlineAt: string | null;
    /** Seconds left by the server's clock when answered; null without a limit. */
    secondsLeft: number | null;
    score: number | null;
    maxScore: number | null;
  };
  questions: AttemptQuestionView[];
  /** Whether per-question feedback and correct answers are in this answer. */
  showsFeedback: boolean;
  showsCorrectAnswers: boolean;
};

export type GradingQueueItem = {
  attemptId: string;
  quizId: string;
  quizTitle: string;
  courseTitle: string | null;
  studentName: string;
  submittedAt: string | null;
};

export type GradingItem = {
  attempt: { id: string; quizTitle: string; studentName: string; status: string };
  questions: (Pick<PublicQuestion, "options" | "left" | "right"> & {
    id: string;
    type: QuestionType;
    prompt: string;
    points: number;
    handGraded: boolean;
    answer: unknown;
    correctAnswer: unknown;
    grade: { points: number; correct: boolean | null; feedback?: string; gradedBy?: string } | null;
  })[];
};
