import { z } from "zod";

/**
 * What we read of each provider's signed webhook events (decision 043). A signature says who
 * sent an event, not that we can read it: an event that does not fit is logged and
 * acknowledged (the provider would otherwise send it again for days), never a 500. Only the
 * fields the adapters read are checked; the rest is kept as the provider sent it.
 */

const minor = z.number().int().nonnegative();
/** Seconds since 1970, as Stripe and Razorpay write times. */
const unixSeconds = z.number().int().nonnegative().max(32_503_680_000);
/** A reference Stripe sends as an id or as the expanded object. */
const stripeRef = z.union([z.string(), z.object({ id: z.string() })]).nullish();

const stripeSession = z.object({
  id: z.string().min(1),
  payment_status: z.string().optional(),
  payment_intent: stripeRef,
  subscription: stripeRef,
  amount_total: minor.nullish(),
});
const stripeInvoice = z.object({
  id: z.string().nullish(),
  amount_paid: minor.optional(),
  amount_due: minor.optional(),
  billing_reason: z.string().nullish(),
  parent: z
    .object({ subscription_details: z.object({ subscription: stripeRef }).nullish() })
    .nullish(),
  lines: z
    .object({
      data: z.array(z.object({ period: z.object({ end: unixSeconds }).optional() })).optional(),
    })
    .optional(),
});

/** The objects of the Stripe events we act on, by type; any other type is only acknowledged. */
const stripeObjects: Record<string, z.ZodType> = {
  "checkout.session.completed": stripeSession,
  "checkout.session.async_payment_succeeded": stripeSession,
  "checkout.session.async_payment_failed": stripeSession,
  "checkout.session.expired": stripeSession,
  "charge.refunded": z.object({
    payment_intent: stripeRef,
    amount_refunded: minor,
    refunded: z.boolean(),
  }),
  "invoice.paid": stripeInvoice,
  "invoice.payment_failed": stripeInvoice,
  "customer.subscription.deleted": z.object({ id: z.string().min(1) }),
};

export const stripeEventSchema = z
  .object({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(200),
    created: unixSeconds,
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  })
  .superRefine((event, ctx) => {
    const schema = stripeObjects[event.type];
    if (!schema) return;
    for (const issue of schema.safeParse(event.data.object).error?.issues ?? [])
      ctx.addIssue({ ...issue, path: ["data", "object", ...issue.path] } as never);
  });

export const paypalEventSchema = z.object({
  id: z.string().min(1).max(255),
  event_type: z.string().max(200),
  create_time: z
    .string()
    .refine((text) => !Number.isNaN(Date.parse(text)))
    .optional(),
  resource: z.object({
    // Amounts come as v2's {value, currency_code} or v1's {total, currency}: read field by field.
    links: z
      .array(z.object({ rel: z.string().optional(), href: z.string().optional() }))
      .optional(),
  }),
});

export const razorpayEventSchema = z.object({
  event: z.string().max(200),
  created_at: unixSeconds.optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
});

/** What an adapter made of an event, checked before it is stored (dates that are dates). */
export const paymentEventSchema = z.object({
  eventId: z.string().min(1).max(255),
  providerRef: z.string().max(255).nullable(),
  paymentRef: z.string().max(255).optional(),
  amount: z.number().int().optional(),
  subscriptionRef: z.string().max(255).optional(),
  periodEnd: z
    .date()
    .refine((date) => !Number.isNaN(date.getTime()))
    .optional(),
  occurredAt: z.date().refine((date) => !Number.isNaN(date.getTime())),
});
