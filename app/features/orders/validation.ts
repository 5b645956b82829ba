import { z } from "zod";
import { paymentProviders } from "./order-shapes";

const uuid = z.string().uuid();

/** A reference to what a feature sells through an order: `<kind>:<uuid>`. */
export const orderReferenceSchema = z.string().regex(/^[a-z]+:[0-9a-f-]{36}$/);

/** What the checkout sends: the cart's lines by id (the server prices them again), never amounts. */
export const checkoutInputSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            id: uuid,
            priceId: uuid.optional(),
            quantity: z.number().int().min(1).max(99),
          })
          .strict(),
      )
      .min(1)
      .max(50),
    coupon: z.string().trim().min(1).max(64).nullable().optional(),
    provider: z.enum(paymentProviders),
    /** The cart's currency; the site's own when absent. Every line must be priced in it. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    /** The browser's idempotency key: the same checkout sent twice makes one order. */
    checkoutKey: uuid,
    /** A funnel's checkout step the cart came from (decision 063); the server checks it. */
    funnel: uuid.optional(),
    /**
     * What else the order pays for ("booking:<id>", decision 078): kept and told with its
     * events; the feature that named it checks it when the order is paid.
     */
    reference: orderReferenceSchema.optional(),
  })
  .strict();
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** `POST /api/checkout/quote`: the checkout's lines, coupon and currency, before any order. */
export const checkoutQuoteSchema = checkoutInputSchema
  .pick({ lines: true, coupon: true, currency: true })
  .strict();
export type CheckoutQuoteInput = z.infer<typeof checkoutQuoteSchema>;

export const orderSearchSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    status: z.enum(["pending", "paid", "fulfilled", "failed", "cancelled", "refunded"]).optional(),
    provider: z.enum([...paymentProviders, "manual"]).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .strict();
