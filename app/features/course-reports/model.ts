import type { GradebookQuery, StatsPeriod } from "./validation";

/** One quiz column of the gradebook. */
export type GradebookQuiz = { id: string; title: string; passMark: number | null };

/** A student's standing on one quiz: best graded percent, passed, an attempt awaiting grading. */
export type GradebookCell = {
  best: number | null;
  passed: boolean;
  pending: boolean;
  attempts: number;
};

export type GradebookRow = {
  userId: string;
  name: string;
  email: string;
  status: string;
  progress: number;
  enrolledAt: string;
  completedAt: string | null;
  lastActivityAt: string | null;
  /** By quiz id; a quiz never attempted is absent. */
  cells: Record<string, GradebookCell>;
};

export type GradebookPage = {
  course: { id: string; title: string };
  quizzes: GradebookQuiz[];
  rows: GradebookRow[];
  total: number;
  query: GradebookQuery;
  pageSize: number;
};

export type StatsPoint = { bucket: string; enrolments: number };
export type LessonFunnel = {
  lessonId: string;
  title: string;
  section: string;
  reached: number;
  completed: number;
};
export type QuizAverage = {
  quizId: string;
  title: string;
  attempts: number;
  average: number | null;
  passRate: number | null;
};
export type QuestionAverage = {
  quizId: string;
  questionId: string;
  position: number;
  prompt: string;
  answers: number;
  average: number | null;
};

export type CourseStats = {
  course: { id: string; title: string };
  period: StatsPeriod;
  bucket: "day" | "week";
  enrolmentsOverTime: StatsPoint[];
  enrolled: number;
  completed: number;
  /** 0–100, null with no enrolment. */
  completionRate: number | null;
  enrolledInPeriod: number;
  funnel: LessonFunnel[];
  quizzes: QuizAverage[];
  questions: QuestionAverage[];
};

/** For /dashboard/instructor: one course's figures. */
export type CourseSummary = {
  courseId: string;
  enrolled: number;
  completed: number;
  completionRate: number | null;
};
