// The activity feature's door (client-safe, issue 35).
export * from "./activity-shapes";
export { ActivityScreen } from "./components/activity-screen";
