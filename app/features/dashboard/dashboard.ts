// The dashboard's door (client-safe): its option (the member menu every member sees), the
// sections registry, the shell and the screens' shared parts.
export * from "./dashboard-option";
export * from "./sections";
export * from "./menus";
export { DashboardShell } from "./components/dashboard-shell";
export { DashboardHome } from "./components/dashboard-home";
export { MemberMenuEditor } from "./components/member-menu-editor";
export { SettingsPage, settingsMeta } from "./components/settings-page";
