// The automations feature's server door (M5, issue 34; decision 061).
export {
  AUTOMATION_STEP_JOB,
  advanceRun,
  stepJobHandler,
  type AutomationServices,
} from "./automation-engine.server";
export { automationConsumer, recoverStalledRuns } from "./automation-consumer.server";
export { AUTOMATION_WEBHOOK_JOB } from "./automation-steps.server";
export { callWebhook, type WebhookServices } from "./automation-webhook.server";
export { automationChoices, contactTimeline } from "./automation-reads.server";
export {
  listAutomations,
  loadAutomation,
  type OpenedAutomation,
} from "./automation-records.server";
export { commandAutomations } from "./automation-commands.server";
export { ANNIVERSARIES_JOB, tellAnniversaries } from "./automation-anniversaries.server";
