import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignBlock, CampaignStatus } from "../campaign-shapes";

export type BlockType = CampaignBlock["type"];
export const blockTypes: readonly BlockType[] = ["heading", "text", "button", "image", "divider"];

export const statusColour: Record<CampaignStatus, string> = {
  draft: "gray",
  scheduled: "blue",
  sending: "orange",
  paused: "yellow",
  sent: "green",
  cancelled: "red",
};

/** The address of the campaigns tab, or of one campaign in it (`new` for a new one). */
export const campaignHref = (id?: string) =>
  id ? `?tab=campaigns&campaign=${id}` : "?tab=campaigns";

/** Statuses in which the owner may still change what will be sent. */
export const isEditable = (status: CampaignStatus) => status === "draft" || status === "scheduled";

/** The names of a campaign's statuses and of its block types, in the owner's language. */
export function useCampaignWords() {
  const { t } = useTranslation();
  const statuses: Record<CampaignStatus, string> = {
    draft: t("campaigns.screen.status.draft"),
    scheduled: t("campaigns.screen.status.scheduled"),
    sending: t("campaigns.screen.status.sending"),
    paused: t("campaigns.screen.status.paused"),
    sent: t("campaigns.screen.status.sent"),
    cancelled: t("campaigns.screen.status.cancelled"),
  };
  const blocks: Record<BlockType, string> = {
    heading: t("campaigns.screen.blocks.types.heading"),
    text: t("campaigns.screen.blocks.types.text"),
    button: t("campaigns.screen.blocks.types.button"),
    image: t("campaigns.screen.blocks.types.image"),
    divider: t("campaigns.screen.blocks.types.divider"),
  };
  return { statuses, blocks };
}
