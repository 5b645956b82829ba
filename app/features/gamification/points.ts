/** Why points were given (one ledger across modules; more reasons join as modules do). */
export const pointReasons = [
  "lesson_completed",
  "quiz_passed",
  "course_completed",
  // An automation's step: its own number of points, once per run and step.
  "automation",
] as const;
export type PointReason = (typeof pointReasons)[number];

/** Points per reason. */
export const pointsFor: Record<PointReason, number> = {
  lesson_completed: 10,
  quiz_passed: 25,
  course_completed: 100,
  automation: 0,
};
