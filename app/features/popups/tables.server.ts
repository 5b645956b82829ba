import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import type { PopupLayout, PopupStatus, PopupTrigger } from "./popup-shapes";

/**
 * M5 popups: a form or a message in a modal, a slide-in or a bar; when it opens (a delay, a
 * scroll depth, leaving the page, a click), where (all pages, some, all but some), how often for
 * one visitor, and between which dates. `views` and `conversions` count what it did.
 */
export const popups = pgTable(
  "popups",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    status: text("status").$type<PopupStatus>().notNull().default("active"),
    layout: text("layout").$type<PopupLayout>().notNull(),
    /** forms.id, or null for a message; a deleted form leaves the popup showing nothing. */
    formId: uuid("form_id"),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    ctaLabel: text("cta_label").notNull().default(""),
    ctaHref: text("cta_href").notNull().default(""),
    trigger: text("trigger").$type<PopupTrigger>().notNull(),
    delaySeconds: integer("delay_seconds").notNull().default(5),
    scrollPercent: integer("scroll_percent").notNull().default(50),
    pathsMode: text("paths_mode").$type<"all" | "only" | "except">().notNull().default("all"),
    paths: text("paths")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    capDays: integer("cap_days").notNull().default(7),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    views: integer("views").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("popups_account_status").on(t.accountId, t.status),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("popups"),
  ],
);
