import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { platformDeskPolicy, tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { users } from "../auth/tables.server";
import { ticketCategories, ticketStatuses, type TicketAttachment } from "./ticket-shapes";

/**
 * A site's support ticket to the platform (issue 17). A row of the site's account, so its
 * owner sees only their own; the platform's desk (super-admins, as the platform account) sees
 * every site's queue (decision 034).
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    number: serial("number").notNull(),
    subject: text("subject").notNull(),
    category: text("category", { enum: ticketCategories }).notNull(),
    status: text("status", { enum: ticketStatuses }).notNull().default("unresolved"),
    openedBy: text("opened_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The super-admin handling it. */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("support_tickets_account").on(t.accountId, t.updatedAt),
    index("support_tickets_queue").on(t.status, t.updatedAt),
    check("support_tickets_subject_length", sql`char_length(${t.subject}) between 1 and 200`),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("support_tickets"),
    platformDeskPolicy("support_tickets"),
  ],
);

/** One message of a ticket's thread, from the site (its owner) or the platform (a super-admin). */
export const ticketReplies = pgTable(
  "ticket_replies",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    ticketId: uuid("ticket_id").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromPlatform: boolean("from_platform").notNull().default(false),
    /** Plain text, shown as text. */
    body: text("body").notNull(),
    attachments: jsonb("attachments").$type<TicketAttachment[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("ticket_replies_thread").on(t.accountId, t.ticketId, t.createdAt),
    check("ticket_replies_body_length", sql`char_length(${t.body}) between 1 and 10000`),
    foreignKey({
      columns: [t.accountId, t.ticketId],
      foreignColumns: [supportTickets.accountId, supportTickets.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("ticket_replies"),
    platformDeskPolicy("ticket_replies"),
  ],
);
