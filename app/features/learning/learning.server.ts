// The learning feature's server door: enrolments, progress and the player's use cases.
export * from "./progress.server";
export * from "./enrolment.server";
export * from "./player.server";
export * from "./lesson-access.server";
export * from "./my-courses.server";
export * from "./granted-enrolment.server";
export * from "./enrolments-by-day.server";
export { enrolmentRow } from "./queries.server";
