// The activity feature's door (client-safe, issue 35).
export * from "./activity-shapes";
export { ActivityEntry, ActivityScreen } from "./components/activity-screen";
