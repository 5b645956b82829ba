import {
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
import {
  billingIntervals,
  billingKinds,
  grantTargets,
  productKinds,
  productStatuses,
  productVisibilities,
} from "./product-shapes";

/** Something a site sells (`/dashboard/manage/ecommerce`): it grants courses, memberships or files. */
export const products = pgTable(
  "products",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    image: text("image"),
    kind: text("kind", { enum: productKinds }).notNull(),
    status: text("status", { enum: productStatuses }).notNull().default("draft"),
    visibility: text("visibility", { enum: productVisibilities }).notNull().default("public"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("products_account_slug").on(t.accountId, t.slug),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("products"),
  ],
);

/**
 * One way to pay for a product, in one currency; amounts in the currency's minor units. A sale
 * amount applies between its dates (either open-ended).
 */
export const productPrices = pgTable(
  "product_prices",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    productId: uuid("product_id").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    saleAmount: integer("sale_amount"),
    saleStartsAt: timestamp("sale_starts_at", { withTimezone: true }),
    saleEndsAt: timestamp("sale_ends_at", { withTimezone: true }),
    billing: text("billing", { enum: billingKinds }).notNull().default("one_time"),
    interval: text("interval", { enum: billingIntervals }),
    trialDays: integer("trial_days").notNull().default(0),
    /** Subscriptions: renewals before it ends (0 = until cancelled); instalments: how many. */
    iterations: integer("iterations").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("product_prices_product").on(t.accountId, t.productId, t.position),
    foreignKey({
      columns: [t.accountId, t.productId],
      foreignColumns: [products.accountId, products.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("product_prices"),
  ],
);

/** What buying a product gives: `target_id` is a course, a membership level or a media file. */
export const productGrants = pgTable(
  "product_grants",
  {
    accountId: uuid("account_id").notNull(),
    productId: uuid("product_id").notNull(),
    target: text("target", { enum: grantTargets }).notNull(),
    targetId: uuid("target_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.productId, t.target, t.targetId] }),
    index("product_grants_target").on(t.accountId, t.target, t.targetId),
    foreignKey({
      columns: [t.accountId, t.productId],
      foreignColumns: [products.accountId, products.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("product_grants"),
  ],
);
