import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import type { DomainEventData, DomainEventType } from "./domain-events";

/**
 * The outbox of domain events (decision 061): written in the transaction of the change it
 * tells, so an event exists if and only if its change committed; `deliveredAt` is set once
 * every consumer has taken it. Kept afterwards as the site's history of what happened.
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    type: text("type").$type<DomainEventType>().notNull(),
    contactId: uuid("contact_id"),
    userId: text("user_id"),
    email: text("email"),
    data: jsonb("data").$type<DomainEventData>().notNull().default({}),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** A relay holds undelivered events until then; past it, another relay may take them. */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /** Deliveries tried: a failing one waits longer each time. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("domain_events_pending")
      .on(t.occurredAt)
      .where(sql`${t.deliveredAt} is null`),
    index("domain_events_contact").on(t.accountId, t.contactId, t.occurredAt),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("domain_events"),
  ],
);
