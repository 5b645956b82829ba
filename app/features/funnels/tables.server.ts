import {
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
import type { FunnelStatus, StepKind, StepSettings } from "./funnel-shapes";

/**
 * Issue 34 funnels (decision 063): ordered steps at `/f/{slug}/{step}`. A draft funnel answers
 * only its managers; the plan caps how many a site keeps.
 */
export const funnels = pgTable(
  "funnels",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    status: text("status").$type<FunnelStatus>().notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("funnels_account_slug").on(t.accountId, t.slug),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("funnels"),
  ],
);

/**
 * A step: a page of kind `funnel` (edited in the page builder), and in a split test a second
 * page shown to `split_percent` of visitors. `settings` holds the kind's own part.
 */
export const funnelSteps = pgTable(
  "funnel_steps",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    funnelId: uuid("funnel_id").notNull(),
    position: integer("position").notNull(),
    kind: text("kind").$type<StepKind>().notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    pageId: uuid("page_id").notNull(),
    variantPageId: uuid("variant_page_id"),
    splitPercent: integer("split_percent").notNull().default(50),
    settings: jsonb("settings").$type<StepSettings>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("funnel_steps_funnel_slug").on(t.accountId, t.funnelId, t.slug),
    index("funnel_steps_funnel_position").on(t.accountId, t.funnelId, t.position),
    foreignKey({
      columns: [t.accountId, t.funnelId],
      foreignColumns: [funnels.accountId, funnels.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("funnel_steps"),
  ],
);

/**
 * A visitor (a first-party random id) seeing a step: one row per step and visitor, so a reload
 * counts once. UTM and device are the visitor's funnel session, copied from their first step.
 */
export const funnelVisits = pgTable(
  "funnel_visits",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    funnelId: uuid("funnel_id").notNull(),
    stepId: uuid("step_id").notNull(),
    visitor: text("visitor").notNull(),
    variant: text("variant").$type<"a" | "b">().notNull().default("a"),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    device: text("device").notNull().default("desktop"),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("funnel_visits_step_visitor").on(t.accountId, t.stepId, t.visitor),
    index("funnel_visits_funnel_visitor").on(t.accountId, t.funnelId, t.visitor),
    foreignKey({
      columns: [t.accountId, t.stepId],
      foreignColumns: [funnelSteps.accountId, funnelSteps.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("funnel_visits"),
  ],
);
