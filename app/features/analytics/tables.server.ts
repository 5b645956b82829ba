import { sql } from "drizzle-orm";
import {
  char,
  check,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { deviceTypes, type CartItem, type DeviceInfo } from "./validation";

// First-party and privacy-friendly by construction: no column can hold an IP address, a user
// agent string, a user id or a query string (docs/decisions/009-analytics.md).

/** A visit that arrived from a campaign link (spec §7 POST /api/funnel/start). */
export const funnelSessions = pgTable(
  "funnel_sessions",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    /** The landing path, without its query string. */
    initialPage: text("initial_page").notNull(),
    deviceInfo: jsonb("device_info").$type<DeviceInfo>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("funnel_sessions_account_created").on(t.accountId, t.createdAt),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("funnel_sessions"),
  ],
);

/** One page shown on an account's public site. */
export const pageViews = pgTable(
  "page_views",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    path: text("path").notNull(),
    /** Host of an outside referrer only; the full address could carry someone's search or token. */
    referrerHost: text("referrer_host"),
    funnelSessionId: uuid("funnel_session_id"),
    deviceType: text("device_type", { enum: deviceTypes }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("page_views_account_created").on(t.accountId, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.funnelSessionId],
      foreignColumns: [funnelSessions.accountId, funnelSessions.id],
    }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("page_views"),
  ],
);

export const eventNames = ["add_to_cart", "purchase"] as const;

/**
 * Commerce events (add_to_cart, purchase), with the GA4 ecommerce fields (currency, value,
 * items). A purchase's id is derived from its transaction_id (analytics.server.ts), so the
 * primary key stores each transaction once per site.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name", { enum: eventNames }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    value: numeric("value", { precision: 14, scale: 3 }).notNull(),
    items: jsonb("items").$type<CartItem[]>().notNull(),
    path: text("path"),
    funnelSessionId: uuid("funnel_session_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("analytics_events_account_created").on(t.accountId, t.createdAt),
    check("analytics_events_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("analytics_events_value_positive", sql`${t.value} >= 0`),
    foreignKey({
      columns: [t.accountId, t.funnelSessionId],
      foreignColumns: [funnelSessions.accountId, funnelSessions.id],
    }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("analytics_events"),
  ],
);
