// The content machinery's server door: the editing core every editor runs on, the revisions
// it keeps, and the publication schedule that puts scheduled items live.
export * from "./editor-core.server";
export * from "./revisions.server";
export * from "./schedule.server";
export type { ContentKind } from "./tables.server";
export * from "./translations.server";
export * from "./trash.server";
