// The reports feature's server door: the owner's reports screen and its CSV.
export { loadReport, REPORTS_PATH, type ReportsRequest } from "./load-report.server";
export { exportReportCsv } from "./reports-csv.server";
