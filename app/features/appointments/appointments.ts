// The appointments feature's door for routes (issue 36), client-safe.
export * from "./appointment-shapes";
export { knownZones } from "./availability";
export { AppointmentsSetupScreen } from "./components/setup-screen";
