// The automations feature's server door (M5, issue 34; decision 061).
export {
  AUTOMATION_STEP_JOB,
  advanceRun,
  automationConsumer,
  recoverStalledRuns,
  stepJobHandler,
  type AutomationServices,
} from "./automation-engine.server";
export { AUTOMATION_WEBHOOK_JOB } from "./automation-steps.server";
export { callWebhook, signWebhook, type WebhookServices } from "./automation-webhook.server";
export {
  contactTimeline,
  automationChoices,
  listAutomations,
  loadAutomation,
  type OpenedAutomation,
} from "./automation-records.server";
export { commandAutomations } from "./automation-commands.server";
