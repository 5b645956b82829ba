import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_at").on(t.createdAt)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
