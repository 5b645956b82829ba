// The quizzes feature's door (client-safe): the quiz taker, the editor screens and the shapes.
export * from "./answer-file";
export * from "./attempt-types";
export * from "./components/grading-queue";
export * from "./components/quiz-editor";
export * from "./components/quiz-list";
export * from "./components/quiz-taker";
export * from "./question-types";
export * from "./quiz-shapes";
