export * from "./domain-events.server";
