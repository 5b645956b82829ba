import { z } from "zod";
import { plainTextSchema } from "~/platform/safe-value-schemas";

/*
 * M5 affiliates on both sides of the wire: the programme's terms, the commands of the owner's
 * screen and of a member's, and what each screen reads.
 */

export const affiliateStatuses = ["pending", "approved", "rejected", "suspended"] as const;
export type AffiliateStatus = (typeof affiliateStatuses)[number];
export const commissionKinds = ["sale", "clawback"] as const;
export type CommissionKind = (typeof commissionKinds)[number];
export const commissionStatuses = ["due", "paid", "reversed", "refused"] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];
/** Why a referred sale earned nothing. */
export const refusalReasons = ["selfReferral", "windowLapsed", "affiliateInactive"] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** A product that pays its own commission: a percent of its line, or a flat amount per unit. */
export type ProductCommission = {
  productId: string;
  type: "percent" | "flat";
  /** Hundredths of a percent, or minor units of the site's currency. */
  value: number;
};

const trimmed = (max: number) => plainTextSchema(max).transform((value) => value.trim());
/** A percent as typed (up to two decimals), kept in hundredths. */
const percent = z.coerce
  .number()
  .min(0)
  .max(100)
  .transform((value) => Math.round(value * 100));
const minor = z.coerce.number().int().min(0).max(100_000_000);

export const programmeInputSchema = z
  .object({
    enabled: z.boolean().default(false),
    commissionType: z.enum(["percent", "flat"]).default("percent"),
    percent: percent.default(30),
    flatAmount: minor.default(0),
    productCommissions: z
      .array(
        z.object({
          productId: z.uuid(),
          type: z.enum(["percent", "flat"]),
          value: z.coerce.number().min(0).max(100_000_000),
        }),
      )
      .max(200)
      .default([]),
    cookieDays: z.coerce.number().int().min(1).max(365).default(30),
    recurring: z.boolean().default(false),
    approval: z.enum(["automatic", "manual"]).default("manual"),
    minPayout: minor.default(0),
    terms: trimmed(4000).default(""),
  })
  .superRefine((programme, context) => {
    programme.productCommissions.forEach((line, index) => {
      if (line.type === "percent" && line.value > 100)
        context.addIssue({
          code: "custom",
          path: ["productCommissions", index, "value"],
          params: { origin: "tooBig" },
        });
    });
    const seen = new Set(programme.productCommissions.map((line) => line.productId));
    if (seen.size !== programme.productCommissions.length)
      context.addIssue({
        code: "custom",
        path: ["productCommissions"],
        params: { origin: "duplicate" },
      });
  });
export type ProgrammeInput = z.input<typeof programmeInputSchema>;

/** The owner's screen: one JSON body per command, told apart by `intent`. */
export const ownerCommandSchema = z.discriminatedUnion("intent", [
  // The programme's fields are read apart: their mistakes come back as field issues.
  z.object({ intent: z.literal("saveProgramme"), programme: z.unknown() }),
  z.object({
    intent: z.literal("decide"),
    id: z.uuid(),
    status: z.enum(["approved", "rejected", "suspended"]),
  }),
  z.object({
    intent: z.literal("markPaid"),
    id: z.uuid(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    note: trimmed(200).default(""),
  }),
]);

/** A member's own screen: join the programme, or say where payouts go. */
export const memberCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join"), payoutDetails: trimmed(300).default("") }),
  z.object({ intent: z.literal("payoutDetails"), payoutDetails: trimmed(300) }),
]);

/** The programme as both screens read it (amounts in minor units; percent in hundredths). */
export type ProgrammeView = {
  enabled: boolean;
  commissionType: "percent" | "flat";
  percentBasis: number;
  flatAmount: number;
  productCommissions: ProductCommission[];
  cookieDays: number;
  recurring: boolean;
  approval: "automatic" | "manual";
  minPayout: number;
  terms: string;
  currency: string;
};

/** An amount per currency (sales in several currencies are never added together). */
export type Money = { currency: string; amount: number };

export type AffiliateStats = {
  clicks: number;
  signUps: number;
  sales: number;
  /** Earned and not taken back: due and paid. */
  earned: Money[];
  /** What the next payout would pay. */
  due: Money[];
  paid: Money[];
};

export type AffiliateRowView = {
  id: string;
  name: string;
  email: string;
  code: string;
  status: AffiliateStatus;
  payoutDetails: string;
  createdAt: string;
  stats: AffiliateStats;
};

export type CommissionView = {
  id: string;
  affiliateId: string;
  affiliateName: string;
  orderNumber: number;
  kind: CommissionKind;
  status: CommissionStatus;
  amount: number;
  orderTotal: number;
  currency: string;
  reason: string | null;
  createdAt: string;
};

export type PayoutView = {
  id: string;
  affiliateId: string;
  affiliateName: string;
  amount: number;
  currency: string;
  commissions: number;
  note: string;
  paidAt: string;
};

export type AffiliatesOwnerView = {
  programme: ProgrammeView;
  affiliates: AffiliateRowView[];
  commissions: CommissionView[];
  payouts: PayoutView[];
  products: { id: string; title: string }[];
};

export type AffiliateMemberView = {
  programme: Pick<
    ProgrammeView,
    | "enabled"
    | "commissionType"
    | "percentBasis"
    | "flatAmount"
    | "cookieDays"
    | "recurring"
    | "minPayout"
    | "terms"
    | "currency"
  >;
  affiliate: {
    code: string;
    status: AffiliateStatus;
    payoutDetails: string;
    link: string;
    stats: AffiliateStats;
    commissions: CommissionView[];
    payouts: PayoutView[];
  } | null;
};
