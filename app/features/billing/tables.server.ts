import { sql } from "drizzle-orm";
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { orders } from "../orders/tables.server";
import { plans } from "../plans/tables.server";

/**
 * The platform selling a plan (issue 17): an order of the platform account, placed through
 * the same machinery sites sell with, and the site it pays for. A row of the platform account.
 */
export const planPurchases = pgTable(
  "plan_purchases",
  {
    accountId: uuid("account_id").notNull(),
    orderId: uuid("order_id").notNull(),
    siteAccountId: uuid("site_account_id")
      .notNull()
      .references(() => accounts.accountId, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    interval: text("interval", { enum: ["monthly", "annual", "onetime"] }).notNull(),
    /** A downgrade takes effect here (the current period's end); null: at once. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    /** When the scheduled change was applied (or found superseded); null while it waits. */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    /** A scheduled downgrade the owner took back before it started ("Keep my current plan"). */
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /** Its subscription ended unpaid and nothing replaced it: the grace runs from here. */
    lapsedAt: timestamp("lapsed_at", { withTimezone: true }),
    /** The grace ended: the site was moved to a new site's plan. */
    fellBackAt: timestamp("fell_back_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.orderId] }),
    index("plan_purchases_site").on(t.accountId, t.siteAccountId, t.createdAt),
    index("plan_purchases_due")
      .on(t.startsAt)
      .where(sql`${t.appliedAt} is null`),
    foreignKey({
      columns: [t.accountId, t.orderId],
      foreignColumns: [orders.accountId, orders.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("plan_purchases"),
  ],
);
