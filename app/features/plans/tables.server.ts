import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { PlanPricing } from "./validation";

/** Platform plans (spec §9). A global table: the same for every account, read-only to requests. */
export const plans = pgTable("plans", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  description: text("description").notNull().default(""),
  pricing: jsonb("pricing").$type<PlanPricing>().notNull(),
  features: text("features").array().notNull().default([]),
  limits: jsonb("limits").$type<Record<string, number>>().notNull().default({}),
  addons: jsonb("addons").$type<Record<string, "free" | "soon">>().notNull().default({}),
  sortOrder: integer("sort_order").notNull().default(0),
});
