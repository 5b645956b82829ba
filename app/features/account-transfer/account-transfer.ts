// The account transfer's client-safe door: the owner's export screen, a member's data card.
export { ExportScreen } from "./components/export-screen";
export { MyDataCard } from "./components/my-data-card";
export type { ErasureStanding, ExportRow } from "./export-shapes";
export { DeleteAccountCard } from "./components/delete-account-card";
