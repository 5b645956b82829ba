// The site-app feature's door (client-safe): the owner's app settings, custom domain, launch
// checklist and add-ons screens (issue 17 scopes 3–4), and the web app's links for the site.
export * from "./validation";
export * from "./web-app";
export { AppSettingsScreen } from "./components/app-settings-screen";
export { LaunchChecklist } from "./components/launch-checklist";
export { AddonsScreen } from "./components/addons-screen";
export { WebAppLinks } from "./components/web-app-links";
export { useSiteCommand } from "./components/use-site-command";
