// The courses feature's door (client-safe): what other features and routes may use.
export * from "./components/course-screen";
export * from "./components/courses-screen";
export * from "./price";
export * from "./components/course-builder";
export * from "./components/instructor-screens";
export * from "./components/elearning-screens";
export { LessonTypeIcon } from "./components/lesson-type-icon";
export { StatusBadge } from "./components/status-badge";
export * from "./course-shapes";
