import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { discountTypes } from "./coupon-shapes";

export { discountTypes };

/**
 * Spec §3 Coupon. `coupon_amount` is a percent (1–100) or, flat, minor units of the site's
 * currency. `usage_count` counts paid orders, `reserved` the unpaid orders holding a use
 * (decision 041): a placement may take a use while `usage_count + reserved < usage_limit`;
 * coupon_redemptions keeps which orders. `product_ids` empty = every product.
 */
export const coupons = pgTable(
  "coupons",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    usageLimit: integer("usage_limit").notNull().default(0),
    usageCount: integer("usage_count").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
    perUserLimit: integer("per_user_limit").notNull().default(0),
    dateStart: timestamp("date_start", { withTimezone: true }),
    dateEnd: timestamp("date_end", { withTimezone: true }),
    discountType: text("discount_type", { enum: discountTypes }).notNull(),
    couponAmount: integer("coupon_amount").notNull(),
    productIds: uuid("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("coupons_account_name").on(t.accountId, t.name),
    check("coupons_amount_positive", sql`${t.couponAmount} > 0`),
    check(
      "coupons_counts",
      sql`${t.usageLimit} >= 0 and ${t.usageCount} >= 0 and ${t.perUserLimit} >= 0`,
    ),
    check("coupons_reserved", sql`${t.reserved} >= 0`),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("coupons"),
  ],
);

export const redemptionStatuses = ["reserved", "used", "released"] as const;

/**
 * One order's use of a coupon, written when the order is placed (reserved), used when it is
 * paid, released when it is cancelled, fails or expires: the key makes each order one use.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    accountId: uuid("account_id").notNull(),
    orderId: uuid("order_id").notNull(),
    couponId: uuid("coupon_id").notNull(),
    userId: text("user_id").notNull(),
    status: text("status", { enum: redemptionStatuses }).notNull().default("used"),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.orderId] }),
    index("coupon_redemptions_person").on(t.accountId, t.couponId, t.userId),
    check("coupon_redemptions_status", sql`${t.status} in ('reserved', 'used', 'released')`),
    foreignKey({
      columns: [t.accountId, t.couponId],
      foreignColumns: [coupons.accountId, coupons.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("coupon_redemptions"),
  ],
);
