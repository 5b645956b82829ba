// The content machinery's server door: revisions every editor keeps, and the publication
// schedule that puts scheduled items live.
export * from "./revisions.server";
export * from "./schedule.server";
export type { ContentKind } from "./tables.server";
export * from "./translations.server";
export * from "./trash.server";
