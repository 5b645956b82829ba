// The console feature's client door (issue 17 scope 7, M8): the super-admin's screens over the
// platform's sites, and the shapes the server hands them.
export { AccountsScreenView } from "./components/accounts-screen";
export { OwnersScreenView } from "./components/owners-screen";
export { AuditScreenView } from "./components/audit-screen";
export { ConsoleHomeView } from "./components/console-home";
export type { ConsoleHome } from "./console-home.server";
export * from "./console-views";
