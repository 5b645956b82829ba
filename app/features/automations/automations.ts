// M5 automations, client-safe: the screen (issue 34).
export {
  AutomationsScreen,
  type ContactTimelineView,
  type OpenedAutomationView,
} from "./components/automations-screen";
export { AUTOMATIONS_SCREEN_PATH, type AutomationGraph } from "./automation-shapes";
