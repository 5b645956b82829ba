import { z } from "zod";
import { linkUrlSchema, plainTextSchema, slugSchema } from "~/platform/safe-value-schemas";
import {
  billingIntervals,
  billingKinds,
  grantTargets,
  productKinds,
  productStatuses,
  productVisibilities,
} from "./product-shapes";

/**
 * What the product editor and the products API send (client-safe), checked at the boundary
 * before any use case runs. Amounts are integers in the currency's minor units.
 */
const title = plainTextSchema(200).refine((value) => value.trim().length > 0, {
  params: { origin: "required" },
});
const when = z.iso.datetime({ offset: true }).nullable();
/** Ten million of a currency's major unit in cents is far above any real course. */
const MAX_AMOUNT = 1_000_000_000;

export const MAX_PRICES = 20;
export const MAX_GRANTS = 100;

export const priceInputSchema = z
  .object({
    id: z.uuid().optional(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    amount: z.number().int().min(0).max(MAX_AMOUNT),
    saleAmount: z.number().int().min(0).max(MAX_AMOUNT).nullable(),
    saleStartsAt: when,
    saleEndsAt: when,
    billing: z.enum(billingKinds),
    interval: z.enum(billingIntervals).nullable(),
    trialDays: z.number().int().min(0).max(365),
    /** Subscriptions: renewals before it ends (0 = until cancelled); instalments: how many (2+). */
    iterations: z.number().int().min(0).max(120),
  })
  .superRefine((price, context) => {
    const issue = (path: string, origin: string) =>
      context.addIssue({ code: "custom", path: [path], params: { origin } });
    if (price.billing === "one_time") {
      if (price.interval !== null) issue("interval", "oneTimeInterval");
      if (price.trialDays !== 0) issue("trialDays", "oneTimeTrial");
      if (price.iterations !== 0) issue("iterations", "oneTimeIterations");
    } else if (price.interval === null) issue("interval", "intervalRequired");
    if (price.billing === "installments") {
      if (price.iterations < 2) issue("iterations", "installmentsCount");
      if (price.trialDays !== 0) issue("trialDays", "installmentsTrial");
    }
    if (price.saleAmount !== null && price.saleAmount >= price.amount)
      issue("saleAmount", "saleNotLower");
    if (
      price.saleStartsAt &&
      price.saleEndsAt &&
      new Date(price.saleEndsAt).getTime() <= new Date(price.saleStartsAt).getTime()
    )
      issue("saleEndsAt", "saleEndsBeforeStart");
  });
export type PriceInput = z.infer<typeof priceInputSchema>;

export const grantInputSchema = z.object({
  target: z.enum(grantTargets),
  targetId: z.uuid(),
});
export type GrantInput = z.infer<typeof grantInputSchema>;

export const productInputSchema = z.object({
  title,
  slug: slugSchema.refine((value) => value.length > 0, { params: { origin: "required" } }),
  /** Rich text; sanitised on the server before it is stored. */
  description: z.string().max(200_000),
  image: linkUrlSchema.nullable(),
  kind: z.enum(productKinds),
  status: z.enum(productStatuses),
  visibility: z.enum(productVisibilities),
  prices: z.array(priceInputSchema).max(MAX_PRICES),
  grants: z.array(grantInputSchema).max(MAX_GRANTS),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** Quick create (spec §2 "new product"): a title and a kind; the editor does the rest. */
export const productCreateSchema = z.object({
  title,
  kind: z.enum(productKinds).default("course"),
});

/** The products screen's list: search by title or slug, filter by status, a page at a time. */
export const productListQuerySchema = z.object({
  q: plainTextSchema(200).optional(),
  status: z.enum(productStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** The products screen's action (a fetcher with a JSON body). */
export const productCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), product: productCreateSchema }),
  z.object({ intent: z.literal("save"), id: z.uuid().nullable(), product: productInputSchema }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);
export type ProductCommand = z.infer<typeof productCommandSchema>;
