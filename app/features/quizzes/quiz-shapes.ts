/**
 * The shapes quizzes are stored in (client-safe). The quizzes feature owns their checks (zod) and
 * grading; `QuestionData` is each type's answer key and options, never sent before submission.
 */
export const questionTypes = [
  "single",
  "multiple",
  "true_false",
  "short",
  "numeric",
  "blanks",
  "matching",
  "ordering",
  "essay",
  "file",
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** in_progress → submitted (graded automatically) or pending (an essay or file waits for a person) → graded. */
export const attemptStatuses = ["in_progress", "pending", "graded"] as const;
export type AttemptStatus = (typeof attemptStatuses)[number];

/** When feedback and correct answers are shown to the student. */
export const feedbackModes = ["never", "after_submit", "after_pass", "after_last_attempt"] as const;

export type QuizSettings = {
  /** Percent of the possible points needed to pass (0–100). */
  passMark?: number;
  /** 0 or absent = unlimited. */
  attemptLimit?: number;
  /** Seconds; absent = no limit. */
  timeLimitSeconds?: number;
  /** Questions drawn at random from the bank per attempt; absent = all, in order. */
  drawCount?: number;
  shuffleQuestions?: boolean;
  shuffleAnswers?: boolean;
  feedback?: (typeof feedbackModes)[number];
  showCorrectAnswers?: boolean;
};

/** Per type, the options shown and the key kept (the quizzes feature checks the exact shape). */
export type QuestionData = Record<string, unknown>;

/** Per question id: points given, whether it was right, and a grader's feedback. */
export type AttemptGrades = Record<
  string,
  { points: number; correct: boolean | null; feedback?: string; gradedBy?: string }
>;
