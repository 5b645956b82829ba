// The site-app feature's server door: the three owner screens' use cases and the web app's
// manifest and icons.
export {
  loadAppScreen,
  runAppCommand,
  supportedTimeZones,
  type AccountCaches,
} from "./app-settings.server";
export { loadAddonCards, switchAddon } from "./addons.server";
export { loadLaunchChecklist } from "./launch-checklist.server";
export { webAppRoute } from "./web-app.server";
