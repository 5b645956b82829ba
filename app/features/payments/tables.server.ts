import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";

export const providerNames = ["offline", "stripe", "paypal", "razorpay"] as const;

/**
 * An account's own keys for one provider. The secret and the webhook secret are sealed
 * (AES-256-GCM, platform/secret-box) and never leave the server; `public_key` is the
 * publishable key / client id / key id the browser may see. Offline keeps its bank
 * instructions in `instructions`.
 */
export const paymentProviders = pgTable(
  "payment_providers",
  {
    accountId: uuid("account_id").notNull(),
    provider: text("provider", { enum: providerNames }).notNull(),
    enabled: boolean("enabled").notNull().default(false),
    publicKey: text("public_key").notNull().default(""),
    secretSealed: text("secret_sealed"),
    webhookSecretSealed: text("webhook_secret_sealed"),
    instructions: text("instructions").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.provider] }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("payment_providers"),
  ],
);

/**
 * The webhook inbox: each provider event once (its id is the key), kept with what it said and
 * when it was applied; a repeated delivery finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    accountId: uuid("account_id").notNull(),
    provider: text("provider", { enum: providerNames }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    providerRef: text("provider_ref"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.provider, t.eventId] }),
    index("payment_events_ref").on(t.accountId, t.provider, t.providerRef),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("payment_events"),
  ],
);
