import { z } from "zod";
import { slugSchema } from "~/platform/safe-value-schemas";

/** Issue 34 funnels (decision 063): what a step is for decides what its page adds and counts. */
export const stepKinds = ["optin", "sales", "checkout", "upsell", "thankyou"] as const;
export type StepKind = (typeof stepKinds)[number];

export const funnelStatuses = ["draft", "live"] as const;
export type FunnelStatus = (typeof funnelStatuses)[number];

export const FUNNELS_SCREEN_PATH = "/dashboard/manage/marketing/funnels";

/** A product (and one of its prices) a checkout or an upsell step sells. */
export type OfferedProduct = { productId: string; priceId: string | null };

/** A step's own part beside its page: the form, the products, the bump, the upsell's offer. */
export type StepSettings = {
  formId: string | null;
  products: OfferedProduct[];
  bump: (OfferedProduct & { headline: string }) | null;
  offer: OfferedProduct | null;
  /** An upsell's "no": the step it leads to (a downsell), or null for the step after. */
  declineStepId: string | null;
};

export const emptyStepSettings: StepSettings = {
  formId: null,
  products: [],
  bump: null,
  offer: null,
  declineStepId: null,
};

const text = (max: number) => z.string().trim().max(max);
const offered = z.object({ productId: z.uuid(), priceId: z.uuid().nullable().default(null) });

export const funnelInputSchema = z.object({
  name: text(120).min(1),
  slug: slugSchema,
  status: z.enum(funnelStatuses),
});
export type FunnelInput = z.infer<typeof funnelInputSchema>;

export const stepInputSchema = z
  .object({
    title: text(120).min(1),
    slug: slugSchema,
    formId: z.uuid().nullable().default(null),
    products: z.array(offered).max(10).default([]),
    bump: offered
      .extend({ headline: text(200).min(1) })
      .nullable()
      .default(null),
    offer: offered.nullable().default(null),
    declineStepId: z.uuid().nullable().default(null),
    /** Percent of visitors shown the B page while a split test runs. */
    splitPercent: z.number().int().min(1).max(99).default(50),
  })
  .strict();
export type StepInput = z.infer<typeof stepInputSchema>;

export const funnelCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("createFunnel"), name: text(120).min(1) }),
  z.object({ intent: z.literal("saveFunnel"), id: z.uuid(), funnel: z.unknown() }),
  z.object({ intent: z.literal("deleteFunnel"), id: z.uuid() }),
  z.object({ intent: z.literal("addStep"), funnelId: z.uuid(), kind: z.enum(stepKinds) }),
  z.object({ intent: z.literal("saveStep"), id: z.uuid(), step: z.unknown() }),
  z.object({
    intent: z.literal("moveStep"),
    id: z.uuid(),
    by: z.union([z.literal(-1), z.literal(1)]),
  }),
  z.object({ intent: z.literal("deleteStep"), id: z.uuid() }),
  z.object({ intent: z.literal("startSplit"), id: z.uuid() }),
  z.object({ intent: z.literal("endSplit"), id: z.uuid(), keep: z.enum(["a", "b"]) }),
]);
export type FunnelCommand = z.infer<typeof funnelCommandSchema>;

/** A funnel in the screen's list. */
export type FunnelRow = {
  id: string;
  name: string;
  slug: string;
  status: FunnelStatus;
  steps: number;
  visitors: number;
  updatedAt: string;
};

/** One step as the funnel's editor shows it. */
export type StepRow = {
  id: string;
  position: number;
  kind: StepKind;
  title: string;
  slug: string;
  pageId: string;
  variantPageId: string | null;
  splitPercent: number;
  settings: StepSettings;
};

/** One row of the report: a step (and, in a split test, each of its pages). */
export type StepReport = {
  stepId: string;
  title: string;
  kind: StepKind;
  visitors: number;
  conversions: number;
  revenue: number;
  variants: { variant: "a" | "b"; visitors: number; conversions: number }[];
};

export type FunnelReport = {
  currency: string;
  steps: StepReport[];
  /** Visitors of the first step, and those of them who converted at the last paid step. */
  bySource: { source: string; visitors: number; conversions: number; revenue: number }[];
  byDevice: { device: string; visitors: number; conversions: number; revenue: number }[];
};

/** Visitors each page of a split test needs before either is called the winner. */
export const SPLIT_MIN_VISITORS = 30;

/**
 * A split test's winner by conversion: the page whose rate is higher when the difference is
 * significant at 95 % (a two-proportion z-test, |z| ≥ 1.96) and each page has had at least
 * `SPLIT_MIN_VISITORS`; null while it is too early to say.
 */
export function splitWinner(
  variants: { variant: "a" | "b"; visitors: number; conversions: number }[],
): "a" | "b" | null {
  const a = variants.find((row) => row.variant === "a");
  const b = variants.find((row) => row.variant === "b");
  if (!a || !b || a.visitors < SPLIT_MIN_VISITORS || b.visitors < SPLIT_MIN_VISITORS) return null;
  const rateA = a.conversions / a.visitors;
  const rateB = b.conversions / b.visitors;
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  if (spread === 0) return null;
  const z = (rateB - rateA) / spread;
  return Math.abs(z) >= 1.96 ? (z > 0 ? "b" : "a") : null;
}

/** The public path of a funnel's step. */
export const stepPath = (funnelSlug: string, stepSlug: string) => `/f/${funnelSlug}/${stepSlug}`;
