// M5 campaigns, client-safe: the reader's preference page.
export { PreferencesScreen, type PreferencesRecipient } from "./components/preferences-screen";
// The owner's campaigns tab of /dashboard/manage/marketing/emails.
export {
  CampaignsPanel,
  type OpenedCampaign,
  type SegmentChoice,
} from "./components/campaigns-panel";
export { campaignBlockSchema, type CampaignBlock } from "./campaign-shapes";
// The block editor, for the e-mail steps of automations (issue 34).
export { BlockList, draftBlock, sentBlock, type DraftBlock } from "./components/campaign-blocks";
