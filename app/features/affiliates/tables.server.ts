import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import type {
  AffiliateStatus,
  CommissionKind,
  CommissionStatus,
  ProductCommission,
} from "./affiliate-shapes";

/**
 * M5 affiliates (issue 34): one programme per site. A commission is a percentage of what a
 * referred order paid, or a flat amount per order, with products that pay their own terms; a
 * click counts for `cookie_days`; partners are approved by hand or at once; payouts wait for
 * `min_payout` (minor units of the site's currency).
 */
export const affiliateProgrammes = pgTable(
  "affiliate_programmes",
  {
    accountId: uuid("account_id").notNull().primaryKey(),
    enabled: boolean("enabled").notNull().default(false),
    commissionType: text("commission_type")
      .$type<"percent" | "flat">()
      .notNull()
      .default("percent"),
    /** Hundredths of a percent (30 % is 3000). */
    percentBasis: integer("percent_basis").notNull().default(3000),
    /** Minor units of the site's currency, once per order. */
    flatAmount: integer("flat_amount").notNull().default(0),
    productCommissions: jsonb("product_commissions")
      .$type<ProductCommission[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cookieDays: integer("cookie_days").notNull().default(30),
    /** Whether a subscription's renewals keep paying the partner whose link sold it. */
    recurring: boolean("recurring").notNull().default(false),
    approval: text("approval").$type<"automatic" | "manual">().notNull().default("manual"),
    minPayout: integer("min_payout").notNull().default(0),
    terms: text("terms").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("affiliate_programmes"),
  ],
);

/** A member who promotes the site, under a code of their own (the `?ref=` of their links). */
export const affiliates = pgTable(
  "affiliates",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    userId: text("user_id").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    code: text("code").notNull(),
    status: text("status").$type<AffiliateStatus>().notNull(),
    /** Where their payouts go (a PayPal address, a bank reference): the affiliate's own words. */
    payoutDetails: text("payout_details").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("affiliates_code").on(t.accountId, t.code),
    uniqueIndex("affiliates_user").on(t.accountId, t.userId),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("affiliates"),
  ],
);

/** Clicks per affiliate and day: a counter, not a row per click (a flood of clicks stays small). */
export const affiliateClickDays = pgTable(
  "affiliate_click_days",
  {
    accountId: uuid("account_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    day: date("day").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.affiliateId, t.day] }),
    foreignKey({
      columns: [t.accountId, t.affiliateId],
      foreignColumns: [affiliates.accountId, affiliates.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("affiliate_click_days"),
  ],
);

/** A person who signed up on the site within an affiliate's window. */
export const affiliateSignUps = pgTable(
  "affiliate_sign_ups",
  {
    accountId: uuid("account_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    userId: text("user_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index("affiliate_sign_ups_affiliate").on(t.accountId, t.affiliateId),
    foreignKey({
      columns: [t.accountId, t.affiliateId],
      foreignColumns: [affiliates.accountId, affiliates.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("affiliate_sign_ups"),
  ],
);

/** A payout: one affiliate's due commissions in one currency, marked paid by the owner. */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    affiliateId: uuid("affiliate_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    commissions: integer("commissions").notNull(),
    note: text("note").notNull().default(""),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("affiliate_payouts_affiliate").on(t.accountId, t.affiliateId, t.paidAt),
    foreignKey({
      columns: [t.accountId, t.affiliateId],
      foreignColumns: [affiliates.accountId, affiliates.id],
    }).onDelete("cascade"),
    check("affiliate_payouts_positive", sql`${t.amount} > 0`),
    tenantIsolationPolicy("affiliate_payouts"),
  ],
);

/**
 * A ledger of what affiliates earn: a `sale` line when a referred order is paid (one per order),
 * and for each refund a negative `clawback` line bringing the order's commission down to its
 * share of what the buyer kept, settled by the next payout; a sale refunded whole before its
 * payout is `reversed` instead, with its clawbacks, and counts no more. A sale the
 * programme refuses (self-referral, a lapsed window) is kept as `refused`, with why, so the
 * owner can answer an affiliate who asks.
 */
export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    affiliateId: uuid("affiliate_id").notNull(),
    orderId: uuid("order_id").notNull(),
    orderNumber: integer("order_number").notNull(),
    kind: text("kind").$type<CommissionKind>().notNull(),
    status: text("status").$type<CommissionStatus>().notNull(),
    amount: integer("amount").notNull(),
    /** What the order paid (the base of a percentage). */
    orderTotal: integer("order_total").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason"),
    /**
     * What a clawback answers: `refunded:<sum>`, the order's refunded sum it brings the
     * commission down to (each sum once); '' for a sale.
     */
    basis: text("basis").notNull().default(""),
    payoutId: uuid("payout_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("affiliate_commissions_order_basis").on(t.accountId, t.orderId, t.kind, t.basis),
    index("affiliate_commissions_affiliate").on(t.accountId, t.affiliateId, t.status),
    foreignKey({
      columns: [t.accountId, t.affiliateId],
      foreignColumns: [affiliates.accountId, affiliates.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("affiliate_commissions"),
  ],
);
