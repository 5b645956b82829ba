// The account transfer's client-safe door: the owner's export screen and its shapes.
export { ExportScreen } from "./components/export-screen";
export type { ExportRow } from "./export-shapes";
