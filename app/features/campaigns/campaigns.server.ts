// M5 campaigns, server side: the owner's campaigns, the sending engine and the reader's links.
import { createContext } from "react-router";
import type { SendingServices } from "./campaign-sending.server";

export {
  CAMPAIGN_START_JOB,
  campaignFrame,
  commandCampaigns,
  isCampaignCommand,
  TEST_CONTACT_ID,
} from "./campaign-commands.server";
export {
  listCampaigns,
  loadCampaign,
  type CampaignRow,
  type LoadedCampaign,
} from "./campaign-records.server";
export { compareCampaignRevisions, type ComparedCampaign } from "./campaign-history.server";
export { campaignCounts } from "./campaign-ledger.server";
export { CAMPAIGN_DECIDE_JOB, decideAbTest } from "./campaign-ab.server";
export {
  CAMPAIGN_SEND_JOB,
  moveCampaign,
  runCampaignSend,
  startCampaign,
  type SendingServices,
} from "./campaign-sending.server";
export {
  outboxTransport,
  smtpTransport,
  type CampaignTransport,
} from "./campaign-transport.server";
export { recipientStatus } from "./recipient-actions.server";
export { commandSender, isSenderCommand, readSenderSettings } from "./sender-settings.server";
export { createRelayPools, type RelayPools } from "./site-relays.server";
export { verifyRecipient } from "./recipient-links.server";

/** What the campaigns screen's action sends with: the engine's services (server/app.ts sets it). */
export const campaignSendingContext = createContext<SendingServices>();
// Automations' e-mail steps (decision 061).
export {
  createAutomationCampaign,
  emailEngagement,
  queueAutomationMessage,
} from "./automation-mail.server";
export { isPublicAddress } from "./relay-address.server";
