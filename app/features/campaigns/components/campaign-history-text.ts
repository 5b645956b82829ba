import type { CampaignBlock, CampaignDefinition } from "../campaign-shapes";

/** The fields a campaign's revisions are compared on, with the editor's own names for them. */
export const historyFields = [
  { key: "name", labelKey: "campaigns.screen.settings.name" },
  { key: "subject", labelKey: "campaigns.screen.settings.subject" },
  { key: "subjectB", labelKey: "campaigns.screen.abTest.subjectB" },
  { key: "preheader", labelKey: "campaigns.screen.settings.preheader" },
  { key: "blocks", labelKey: "campaigns.screen.blocks.title" },
  { key: "segments", labelKey: "campaigns.screen.settings.segments" },
  { key: "abTest", labelKey: "campaigns.screen.abTest.switch" },
  { key: "tracking", labelKey: "campaigns.screen.settings.tracking" },
] as const;

export type HistoryFieldKey = (typeof historyFields)[number]["key"];

/** The words a revision is read in (the owner's language, the site's segment names). */
export type HistoryWords = {
  block: (type: CampaignBlock["type"], text: string) => string;
  segmentName: (id: string) => string;
  everyone: string;
  abTest: (samplePercent: number, waitMinutes: number) => string;
  noTest: string;
  on: string;
  off: string;
};

const blockText = (block: CampaignBlock): string => {
  switch (block.type) {
    case "heading":
    case "text":
      return block.text;
    case "button":
      return `${block.label} ${block.href}`;
    case "image":
      return [block.alt, block.src, block.href].filter(Boolean).join(" ");
    case "divider":
      return "";
  }
};

/**
 * A revision's fields as the plain text the compare view sets side by side: a block a paragraph
 * (its type, then its words and links), the audience by segment names, the test and tracking
 * in words. A test is read as the sending engine reads it: subject B and a share, or none.
 */
export function campaignHistoryText(
  campaign: CampaignDefinition,
  words: HistoryWords,
): Record<HistoryFieldKey, string> {
  const testing = campaign.subjectB !== "" && campaign.abSamplePercent > 0;
  return {
    name: campaign.name,
    subject: campaign.subject,
    subjectB: campaign.subjectB,
    preheader: campaign.preheader,
    blocks: campaign.blocks.map((block) => words.block(block.type, blockText(block))).join("\n\n"),
    segments:
      campaign.segmentIds.length > 0
        ? campaign.segmentIds.map(words.segmentName).join(", ")
        : words.everyone,
    abTest: testing ? words.abTest(campaign.abSamplePercent, campaign.abWaitMinutes) : words.noTest,
    tracking: campaign.tracking ? words.on : words.off,
  };
}
