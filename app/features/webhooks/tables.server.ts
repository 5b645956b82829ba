import {
  boolean,
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
import type { DeliveryStatus, WebhookPayload } from "./webhook-shapes";

/**
 * Issue 37 (decision 085): an address a site's domain events are posted to, signed with the
 * endpoint's own secret. The secret is sealed (platform/secret-box): an archive leaves it out
 * and an imported endpoint waits for its owner to roll a new one.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types it is sent; null: every type, those added later too. */
    eventTypes: text("event_types").array(),
    /** `whsec_…`, sealed for this endpoint; null after an import (nothing is sent). */
    secretSealed: text("secret_sealed"),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("webhook_endpoints"),
  ],
);

/**
 * One event for one endpoint, and the record of its attempts. `attempts` is also the claim: a
 * job sends attempt n + 1 only while the row still says n, so a job run twice (or a retry asked
 * for while one is due) sends once. `heldUntil` lets a dead sender's claim be taken back.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    endpointId: uuid("endpoint_id").notNull(),
    /** The domain event; null for the owner's test event. */
    eventId: uuid("event_id"),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<WebhookPayload>().notNull(),
    /** The person the event is about (so a member's erasure finds their deliveries). */
    userId: text("user_id"),
    email: text("email"),
    status: text("status").$type<DeliveryStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error").notNull().default(""),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // The relay may hand an event on twice: one delivery per endpoint and event.
    uniqueIndex("webhook_deliveries_event").on(t.accountId, t.endpointId, t.eventId),
    index("webhook_deliveries_recent").on(t.accountId, t.endpointId, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.endpointId],
      foreignColumns: [webhookEndpoints.accountId, webhookEndpoints.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("webhook_deliveries"),
  ],
);
