import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { mailStatuses } from "./outbox-statuses";

/**
 * Mail kept instead of sent when no SMTP server is configured (DESIGN §2 "mail"). A global table:
 * the super-admin console reads every site's mail, so rows carry the site, not an account_id. The
 * bodies hold one-time links, so requests may only insert (migration `outbox_private`).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    site: text("site").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Issue 36: a calendar invitation sent with the mail (RFC 5545 text), if any. */
    calendar: text("calendar"),
    /**
     * Issue 37: the outbox is also the record of mail sent through SMTP by the job queue.
     * `kept`: no SMTP server, the row is the delivery; `queued`, then `sent` (its bodies, which
     * hold one-time links, emptied) or `failed` after the last retry.
     */
    status: text("status", { enum: mailStatuses }).notNull().default("kept"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** What the usage meter counts once it is sent. */
    meteredAccount: uuid("metered_account"),
    template: text("template"),
    calendarMethod: text("calendar_method"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_at").on(t.createdAt)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
