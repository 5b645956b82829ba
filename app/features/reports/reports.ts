// The reports feature's client door: the owner's reports screen and what its address reads.
export { ReportsScreen } from "./components/reports-screen";
export type { Report } from "./report-model";
export { reportPresets, type ReportPreset } from "./period";
