import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { members } from "../members/tables.server";
import {
  orderProviders,
  orderStatuses,
  subscriptionStatuses,
  type OrderFunnelMark,
} from "./order-shapes";

/**
 * Spec §3 Order {account_id, coupon, user_id} with what it costs and where it stands. Amounts in
 * minor units of `currency`; `total = subtotal - discount` is what the checkout charges now.
 * `due_later` is the first charge of its subscriptions still in a trial, taken by the provider
 * when the trial ends and recorded then as a renewal order (so no period is counted twice).
 * `checkout_key` is the browser's idempotency key: a checkout sent twice makes one order.
 */
export const orders = pgTable(
  "orders",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    number: serial("number").notNull(),
    userId: text("user_id").notNull(),
    email: text("email").notNull(),
    coupon: text("coupon"),
    couponId: uuid("coupon_id"),
    currency: text("currency").notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    total: integer("total").notNull(),
    dueLater: integer("due_later").notNull().default(0),
    refunded: integer("refunded").notNull().default(0),
    provider: text("provider", { enum: orderProviders }).notNull(),
    /** The provider's checkout session, order or payment id (what its webhooks name). */
    providerRef: text("provider_ref"),
    /**
     * What the browser needs to pay (a redirect address or a modal's public options; never a
     * secret), kept so a checkout sent again resumes the same payment.
     */
    paymentStart: jsonb("payment_start").$type<Record<string, unknown>>(),
    /** The provider's payment id once paid (refunds name it). */
    paymentRef: text("payment_ref"),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    checkoutKey: text("checkout_key").notNull(),
    /** A subscription's renewal payment: the subscription it paid for (its grants follow it). */
    renewalOf: uuid("renewal_of"),
    /** The affiliate's link the buyer last came through, as their cookie said at checkout. */
    referral: jsonb("referral").$type<{ code: string; at: string }>(),
    /** The funnel step that sold it (decision 063): its report counts the order's revenue. */
    funnel: jsonb("funnel").$type<OrderFunnelMark>(),
    /**
     * What else the order pays for, named by the feature that asked ("booking:<id>", decision
     * 078). Orders keep it and tell it with the order's events; they never read it.
     */
    reference: text("reference"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("orders_checkout_key").on(t.accountId, t.checkoutKey),
    uniqueIndex("orders_provider_ref").on(t.accountId, t.provider, t.providerRef),
    index("orders_user").on(t.accountId, t.userId, t.createdAt),
    index("orders_created").on(t.accountId, t.createdAt),
    index("orders_coupon_user").on(t.accountId, t.couponId, t.userId),
    // A funnel's report reads its orders (decision 063).
    index("orders_funnel")
      .on(t.accountId, sql`(${t.funnel}->>'funnelId')`)
      .where(sql`${t.funnel} is not null`),
    // A feature finds the orders of what it sells (a held booking's checkouts).
    index("orders_reference")
      .on(t.accountId, t.reference)
      .where(sql`${t.reference} is not null`),
    check(
      "orders_amounts",
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0 and ${t.dueLater} >= 0`,
    ),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }),
    tenantIsolationPolicy("orders"),
  ],
);

/** Spec §3 Cart item as bought: the price is copied so later edits never change an order. */
export type OrderItemFrequency = { value: number; parameter: "month" | "year" } | null;

export const orderItems = pgTable(
  "order_items",
  {
    accountId: uuid("account_id").notNull(),
    orderId: uuid("order_id").notNull(),
    position: integer("position").notNull(),
    productId: uuid("product_id").notNull(),
    priceId: uuid("price_id").notNull(),
    title: text("title").notNull(),
    billing: text("billing").notNull(),
    amount: integer("amount").notNull(),
    quantity: integer("quantity").notNull().default(1),
    trialDays: integer("trial_days").notNull().default(0),
    iterations: integer("iterations").notNull().default(0),
    frequency: jsonb("frequency").$type<OrderItemFrequency>(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.orderId, t.position] }),
    index("order_items_product").on(t.accountId, t.productId),
    foreignKey({
      columns: [t.accountId, t.orderId],
      foreignColumns: [orders.accountId, orders.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("order_items"),
  ],
);

/** Every move of an order, with what caused it (a provider's event id, a manager, the system). */
export const orderEvents = pgTable(
  "order_events",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    cause: text("cause").notNull(),
    /** Money the event moved, in the order's minor units (a partial refund), when it names some. */
    amount: integer("amount"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("order_events_order").on(t.accountId, t.orderId, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.orderId],
      foreignColumns: [orders.accountId, orders.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("order_events"),
  ],
);

/** A recurring payment started by an order's subscription or instalment item. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    position: integer("position").notNull(),
    userId: text("user_id").notNull(),
    productId: uuid("product_id").notNull(),
    provider: text("provider", { enum: orderProviders }).notNull(),
    providerRef: text("provider_ref"),
    status: text("status", { enum: subscriptionStatuses }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval").notNull(),
    /** Payments still due (instalments, limited subscriptions); null = until cancelled. */
    paymentsLeft: integer("payments_left"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("subscriptions_order_item").on(t.accountId, t.orderId, t.position),
    index("subscriptions_user").on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.orderId],
      foreignColumns: [orders.accountId, orders.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("subscriptions"),
  ],
);
