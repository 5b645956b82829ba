// The course reports' client-safe door: the screens and the shapes they show.
export * from "./model";
export { GRADEBOOK_PAGE_SIZE, statsPeriods, type StatsPeriod } from "./validation";
export { CourseReportTabs } from "./components/report-tabs";
export { Gradebook } from "./components/gradebook";
export { CourseStatsScreen } from "./components/course-stats";
