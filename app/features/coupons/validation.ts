import { z } from "zod";
import { discountTypes } from "./coupon-shapes";

/** A coupon's name as typed: trimmed, 1–64 characters, no control characters. */
export const couponName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((name) => !/\p{Cc}/u.test(name), { params: { origin: "couponName" } });

/** `POST /api/coupons/check`: the code the visitor typed. */
export const couponCheckSchema = z.strictObject({ name: couponName });

const count = z.number().int().min(0).max(1_000_000_000);
const moment = z.iso
  .datetime({ offset: true })
  .nullable()
  .transform((value) => (value === null ? null : new Date(value)));

/** The manager's fields; `usageCount` is never written by a person. */
const fields = {
  name: couponName,
  usageLimit: count,
  perUserLimit: count,
  dateStart: moment,
  dateEnd: moment,
  discountType: z.enum(discountTypes),
  /** A percent (1–100) or, flat, minor units of the site's currency. */
  amount: z.number().int().min(1).max(2_000_000_000),
  productIds: z
    .array(z.uuid())
    .max(500)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
};

/** A new coupon, whole: what is left out is unlimited, open-ended and for every product. */
const couponFields = z.strictObject({
  ...fields,
  usageLimit: fields.usageLimit.default(0),
  perUserLimit: fields.perUserLimit.default(0),
  dateStart: fields.dateStart.default(null),
  dateEnd: fields.dateEnd.default(null),
  productIds: fields.productIds.default([]),
});

export type CouponFields = z.output<typeof couponFields>;

/** The rules across fields: a percent is at most 100; the end is not before the start. */
export function couponProblems(fields: CouponFields): z.core.$ZodRawIssue[] {
  const issues: z.core.$ZodRawIssue[] = [];
  if (fields.discountType === "percentage" && fields.amount > 100)
    issues.push({
      code: "too_big",
      origin: "number",
      maximum: 100,
      inclusive: true,
      path: ["amount"],
      input: fields.amount,
      message: "At most 100 %",
    });
  if (fields.dateStart && fields.dateEnd && fields.dateEnd < fields.dateStart)
    issues.push({
      code: "custom",
      path: ["dateEnd"],
      input: fields.dateEnd,
      params: { origin: "dateOrder" },
      message: "The end is before the start",
    });
  return issues;
}

export const couponCreateSchema = couponFields.superRefine((fields, ctx) => {
  for (const issue of couponProblems(fields)) ctx.addIssue(issue);
});

/** A change: any of the fields (checked whole, with the stored ones, by the use case). */
export const couponPatchSchema = z
  .strictObject(fields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { params: { origin: "emptyPatch" } });

export type CouponPatch = z.output<typeof couponPatchSchema>;
