import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
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
import { consentActions, contactSources, contactStatuses } from "./contact-shapes";

/**
 * M5 contacts: one row per e-mail address per site (the address as written, compared in lower
 * case), linked to the site's member with that address when there is one. `status` says
 * whether marketing mail may go to it; `tags` and `fields` (custom fields, text values) are
 * what segments select on, with the member's courses and orders.
 */
export const contacts = pgTable(
  "contacts",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** users.id of the member with this address, once there is one. */
    userId: text("user_id"),
    status: text("status", { enum: contactStatuses }).notNull(),
    source: text("source", { enum: contactSources }).notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last time the person signed up, bought, enrolled, filled a form or confirmed. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("contacts_account_email").on(t.accountId, sql`lower(${t.email})`),
    index("contacts_account_status").on(t.accountId, t.status),
    index("contacts_account_created").on(t.accountId, t.createdAt),
    index("contacts_account_user").on(t.accountId, t.userId),
    index("contacts_tags").using("gin", t.tags),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("contacts"),
  ],
);

/**
 * The consent log (GDPR art. 7(1): the site must be able to show that the person agreed):
 * every change of a contact's permission, with the exact wording shown, where (a form, a page,
 * an import, the owner by hand), the address and browser it came from, and when.
 */
export const contactConsents = pgTable(
  "contact_consents",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    contactId: uuid("contact_id").notNull(),
    action: text("action", { enum: consentActions }).notNull(),
    /** The words the person agreed to (a form's consent text), or what the change was. */
    wording: text("wording").notNull().default(""),
    /** Where: a source kind with its reference (`form:{id}`, `import:{file}`, `manual:{user id}`). */
    origin: text("origin").notNull(),
    /** The page the person was on, if any. */
    pageUrl: text("page_url").notNull().default(""),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("contact_consents_contact").on(t.accountId, t.contactId, t.at),
    foreignKey({
      columns: [t.accountId, t.contactId],
      foreignColumns: [contacts.accountId, contacts.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("contact_consents"),
  ],
);

/** A saved segment: its name and its rules (`segmentRulesSchema`), counted when shown. */
export const segments = pgTable(
  "segments",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    rules: jsonb("rules").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("segments_account_name").on(t.accountId, t.name),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("segments"),
  ],
);
