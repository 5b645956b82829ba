import { z } from "zod";
import { linkUrlSchema, plainTextSchema } from "~/platform/safe-value-schemas";

/*
 * M5 campaigns on both sides of the wire: what a campaign is made of (its blocks), where it is
 * in its life, and what each recipient's row of the ledger can say.
 */

export const campaignStatuses = [
  "draft",
  "scheduled",
  "sending",
  "paused",
  "sent",
  "cancelled",
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * A recipient's row goes `queued` → `sending` → one end: `sent`, `failed` (the relay refused
 * for good, or every retry was spent) or `skipped` (unsubscribed, bounced or deleted before
 * their turn, or the campaign was cancelled). `deferred` waits for its next attempt; `held`
 * waits for an A/B test's winner.
 */
export const recipientStates = [
  "queued",
  "held",
  "sending",
  "deferred",
  "sent",
  "failed",
  "skipped",
] as const;
export type RecipientState = (typeof recipientStates)[number];

const trimmed = (max: number) => plainTextSchema(max).transform((value) => value.trim());

export const campaignBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: trimmed(200) }),
  /** Paragraphs separated by blank lines; merge tags allowed. */
  z.object({ type: z.literal("text"), text: trimmed(10_000) }),
  z.object({ type: z.literal("button"), label: trimmed(80), href: linkUrlSchema }),
  z.object({
    type: z.literal("image"),
    src: linkUrlSchema,
    alt: trimmed(200).default(""),
    href: z.union([z.literal(""), linkUrlSchema]).default(""),
  }),
  z.object({ type: z.literal("divider") }),
]);
export type CampaignBlock = z.output<typeof campaignBlockSchema>;

export const campaignInputSchema = z.object({
  name: trimmed(120).refine((value) => value.length > 0, { params: { origin: "required" } }),
  subject: trimmed(200).default(""),
  subjectB: trimmed(200).default(""),
  preheader: trimmed(200).default(""),
  blocks: z.array(campaignBlockSchema).max(100).default([]),
  segmentIds: z.array(z.uuid()).max(20).default([]),
  /** 0: no test; else the share of the audience split between the two subjects first. */
  abSamplePercent: z.coerce.number().int().min(0).max(50).default(0),
  /** How long the sample's clicks are counted before the winner goes to the rest. */
  abWaitMinutes: z.coerce.number().int().min(60).max(2880).default(240),
  tracking: z.boolean().default(true),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignDefinition = z.output<typeof campaignInputSchema>;

/** What the ledger counts for one campaign; `sent + failed + skipped` ends at `audience`. */
export type CampaignCounts = {
  audience: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  opened: number;
  machineOpened: number;
  clicked: number;
  unsubscribed: number;
  bounced: number;
  complained: number;
};

/** One subject of an A/B test as the report shows it. */
export type AbVariantFigures = { subject: string; sent: number; opened: number; clicked: number };

/** An A/B test's state: figures per subject and, once decided, the winner and its confidence. */
export type AbReport = {
  samplePercent: number;
  waitMinutes: number;
  a: AbVariantFigures;
  b: AbVariantFigures;
  winner: "a" | "b" | null;
  confidence: number | null;
  /** When the verdict is due (sending's start plus the wait), and when it was made. */
  decidesAt: string | null;
  decidedAt: string | null;
};

/** Per hour since sending began, how many people had been sent to, opened and clicked so far. */
export type CampaignTimelinePoint = { hour: number; sent: number; opened: number; clicked: number };
