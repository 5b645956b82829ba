import { sql } from "drizzle-orm";
import {
  boolean,
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
import { contacts } from "../contacts/tables.server";
import type { FormField, FormStatus } from "./form-shapes";

/**
 * M5 forms: the owner's forms (fields as checked by `formInputSchema`) and every answer sent to
 * them. A form is reached at `/form/{slug}` and through page blocks and popups that name its id.
 */
export const forms = pgTable(
  "forms",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    status: text("status").$type<FormStatus>().notNull().default("active"),
    fields: jsonb("fields").$type<FormField[]>().notNull(),
    submitLabel: text("submit_label").notNull().default(""),
    successMessage: text("success_message").notNull().default(""),
    redirectUrl: text("redirect_url").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    doubleOptIn: boolean("double_opt_in").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("forms_account_slug").on(t.accountId, t.slug),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("forms"),
  ],
);

/**
 * One visitor's answers to a form, kept as sent (values by field name), with the contact they
 * made or reached. A double opt-in answer is confirmed (`confirmedAt`) by a link signed with
 * the server's secret for its id, so no token is stored.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    formId: uuid("form_id").notNull(),
    contactId: uuid("contact_id"),
    email: text("email").notNull(),
    values: jsonb("values").$type<Record<string, string | string[] | boolean>>().notNull(),
    pageUrl: text("page_url").notNull().default(""),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /** The consent words shown with the form, kept for the confirmation's own log line. */
    consentWording: text("consent_wording").notNull().default(""),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("form_submissions_form_created").on(t.accountId, t.formId, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.formId],
      foreignColumns: [forms.accountId, forms.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.contactId],
      foreignColumns: [contacts.accountId, contacts.id],
    }).onDelete("set null"),
    tenantIsolationPolicy("form_submissions"),
  ],
);
