/** Why points were given (one ledger across modules; more reasons join as modules do). */
export const pointReasons = [
  "lesson_completed",
  "quiz_passed",
  "course_completed",
  // An automation's step: its own number of points, once per run and step.
  "automation",
  // Issue 35 community: a post or a comment in a group, once each.
  "group_post",
  "group_comment",
] as const;
export type PointReason = (typeof pointReasons)[number];

/** Points per reason. */
export const pointsFor: Record<PointReason, number> = {
  lesson_completed: 10,
  quiz_passed: 25,
  course_completed: 100,
  automation: 0,
  group_post: 5,
  group_comment: 2,
};
