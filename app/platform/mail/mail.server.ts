import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { mailOutbox, type OutboxMail } from "./tables.server";

export type { OutboxMail };

export type MailMessage = {
  site: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the mail is sent for (its usage meters count it), and what kind of mail. */
  accountId?: string | null;
  template?: string;
  /** A calendar invitation (issue 36): sent as the mail's text/calendar part and as a file. */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
};

/** Told of every message sent for an account, after it went (usage meters). */
export type MailObserver = (sent: { accountId: string; template?: string }) => Promise<void>;

/**
 * Sends one message. Callers must not log a message's text or html: reset and verification
 * mails carry one-time links, and a log line outlives the link's secrecy.
 */
export type Mailer = { send(message: MailMessage): Promise<void>; transport: "smtp" | "outbox" };

/**
 * SMTP when a URL is configured (options such as `?ignoreTLS=true` ride in its query string),
 * otherwise the outbox table, so a fresh install "sends" mail that the super-admin can read.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  database: Database;
  onSent?: MailObserver;
}): Mailer {
  const mailer = transportFor(options);
  const { onSent } = options;
  if (!onSent) return mailer;
  return {
    transport: mailer.transport,
    async send(message) {
      await mailer.send(message);
      if (message.accountId)
        await onSent({ accountId: message.accountId, template: message.template });
    },
  };
}

function transportFor({
  smtpUrl,
  from,
  database,
}: {
  smtpUrl?: string;
  from: string;
  database: Database;
}): Mailer {
  if (smtpUrl) {
    // nodemailer is loaded with the first mail, not at every start (decision 019).
    let transporter: Promise<ReturnType<typeof import("nodemailer").createTransport>> | undefined;
    return {
      transport: "smtp",
      async send({ to, subject, text, html, calendar }) {
        transporter ??= import("nodemailer").then(({ createTransport }) =>
          createTransport(smtpUrl),
        );
        // `site` is not sent: the site's name already stands in the rendered subject and body.
        await (
          await transporter
        ).sendMail({
          from,
          to,
          subject,
          text,
          html,
          ...(calendar
            ? {
                icalEvent: {
                  method: calendar.method,
                  filename: "invite.ics",
                  content: calendar.content,
                },
              }
            : {}),
        });
      },
    };
  }
  return {
    transport: "outbox",
    async send({ site, to, subject, text, html, calendar }) {
      // The owner handle: the request role may insert too, but reading back is owner-only.
      await database.owner.insert(mailOutbox).values({
        site,
        toAddress: to,
        subject,
        textBody: text,
        htmlBody: html,
        calendar: calendar?.content ?? null,
      });
    },
  };
}

/** Newest first. Addresses compare case-insensitively, as people type them either way. */
export async function readOutbox(
  database: Database,
  filter: { to?: string; site?: string; limit?: number } = {},
): Promise<OutboxMail[]> {
  const conditions: SQL[] = [];
  if (filter.to !== undefined) {
    conditions.push(sql`lower(${mailOutbox.toAddress}) = lower(${filter.to})`);
  }
  if (filter.site !== undefined) conditions.push(eq(mailOutbox.site, filter.site));
  return database.owner
    .select()
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(filter.limit ?? 1000);
}
