// Client-safe shapes of coupons (tables.server.ts stores them).

export const discountTypes = ["flat", "percentage"] as const;
export type DiscountType = (typeof discountTypes)[number];

/** What a buyer's cart and an order need of a coupon that applies (spec §3 Coupon). */
export type CouponView = {
  id: string;
  name: string;
  discountType: DiscountType;
  /** A percent, or minor units of the site's currency. */
  amount: number;
  /** The products it takes off; empty = every product. */
  productIds: string[];
};

/** A coupon as the manager's list and editor show it (dates as ISO strings, for JSON). */
export type CouponRow = {
  id: string;
  name: string;
  usageLimit: number;
  usageCount: number;
  perUserLimit: number;
  dateStart: string | null;
  dateEnd: string | null;
  discountType: DiscountType;
  amount: number;
  productIds: string[];
  createdAt: string;
};

/** A product a coupon may be limited to, for the editor's picker. */
export type CouponProductOption = { id: string; title: string };
