// The client-errors feature's client door (M9): the browser's error reporter, for app/root.tsx.
export { installErrorReporter, reportBoundaryError } from "./reporter";
export { CLIENT_ERROR_PATH } from "./limits";
export { ErrorReporterMarker } from "./components/error-reporter-marker";
