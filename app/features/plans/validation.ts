import { z } from "zod";

export const planPriceSchema = z.object({
  amount: z.number().nonnegative(),
  price_id: z.string().optional(),
  iterations: z.number().int().nonnegative().optional(),
  trial_days: z.number().int().nonnegative().optional(),
});

/** Pricing per provider, then per interval (spec §3 Plan). */
export const planPricingSchema = z.partialRecord(
  z.enum(["offline", "paypal", "stripe", "razorpay"]),
  z.object({
    monthly: planPriceSchema.optional(),
    annual: planPriceSchema.optional(),
    onetime: planPriceSchema.optional(),
  }),
);
export type PlanPricing = z.infer<typeof planPricingSchema>;
