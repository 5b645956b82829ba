export * from "./domain-events";
