// The quizzes feature's server door: use cases for routes, the API and the reports feature.
export * from "./attempt-views.server";
export { drawAttempt, saveAnswers, startAttempt, submitAttempt } from "./attempts.server";
export type { SubmitOutcome } from "./attempts.server";
export * from "./grading.server";
export * from "./quiz-editor.server";
export { quizTeacherRole, requireQuizTeacher } from "./quiz-access.server";
export * from "./quiz-pages.server";
