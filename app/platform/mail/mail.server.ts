import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import type { OutboxFilter } from "./outbox-statuses";
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

/** The job that sends a queued mail through SMTP (issue 37): retried with backoff on failure. */
export const MAIL_SEND_JOB = "mail.send";
/** Retries after the first try: about 10 s, 20 s, 40 s … up to 10 minutes in all. */
const MAIL_RETRIES = 6;

/** Where the queued mails go: the queue's own transaction helper and workers. */
export type MailQueue = Pick<JobQueue, "send" | "work">;

type MailerOptions = {
  smtpUrl?: string;
  from: string;
  database: Database;
  onSent?: MailObserver;
  /**
   * With SMTP, mail goes through the job queue: written to the outbox (its record) and a job in
   * one transaction, sent by the job, retried with backoff when the server refuses or is away.
   * Without it (one-shot commands, some tests), SMTP mail is sent in the caller's time.
   */
  queue?: MailQueue;
  retryDelaySeconds?: number;
};

/**
 * SMTP when a URL is configured (options such as `?ignoreTLS=true` ride in its query string),
 * otherwise the outbox table, so a fresh install "sends" mail that the super-admin can read.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, database, onSent, queue } = options;
  if (smtpUrl && queue) return queuedMailer({ ...options, smtpUrl, queue });
  const mailer = smtpUrl ? smtpMailer(smtpUrl, options.from) : outboxMailer(database);
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

function smtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded with the first mail, not at every start (decision 019).
  let transporter: Promise<ReturnType<typeof import("nodemailer").createTransport>> | undefined;
  return {
    transport: "smtp",
    async send({ to, subject, text, html, calendar }) {
      transporter ??= import("nodemailer").then(({ createTransport }) => createTransport(smtpUrl));
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

/** A message as an outbox row (kept unless said otherwise). */
const outboxRow = ({ site, to, subject, text, html, calendar }: MailMessage) => ({
  site,
  toAddress: to,
  subject,
  textBody: text,
  htmlBody: html,
  calendar: calendar?.content ?? null,
  calendarMethod: calendar?.method ?? null,
});

function outboxMailer(database: Database): Mailer {
  return {
    transport: "outbox",
    async send(message) {
      // The owner handle: requests have no rights on the outbox at all.
      await database.owner.insert(mailOutbox).values(outboxRow(message));
    },
  };
}

/**
 * Issue 37: a mail is a row of the outbox (`queued`) and a `mail.send` job, written together;
 * the job sends it, marks it `sent` (emptying its bodies: they hold one-time links), meters it,
 * and on a refusal records the attempt and throws, so the queue tries again later; after the
 * last try the row says `failed` with the server's answer.
 */
function queuedMailer({
  smtpUrl,
  from,
  database,
  onSent,
  queue,
  retryDelaySeconds = 10,
}: MailerOptions & { smtpUrl: string; queue: MailQueue }): Mailer {
  const smtp = smtpMailer(smtpUrl, from);
  queue.work(MAIL_SEND_JOB, async (data, { attempt }) => {
    const id = typeof data.id === "string" ? data.id : "";
    const [mail] = await database.owner.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    // Sent already (a job run twice) or cleaned up: nothing to do.
    if (!mail || mail.status !== "queued") return;
    try {
      await smtp.send({
        site: mail.site,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        ...(mail.calendar && mail.calendarMethod
          ? {
              calendar: {
                method: mail.calendarMethod as "REQUEST" | "CANCEL",
                content: mail.calendar,
              },
            }
          : {}),
      });
    } catch (error) {
      await database.owner
        .update(mailOutbox)
        .set({
          attempts: attempt,
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          status: attempt > MAIL_RETRIES ? "failed" : "queued",
        })
        .where(eq(mailOutbox.id, id));
      throw error;
    }
    await database.owner
      .update(mailOutbox)
      .set({
        status: "sent",
        attempts: attempt,
        lastError: null,
        sentAt: new Date(),
        textBody: "",
        htmlBody: "",
        calendar: null,
      })
      .where(eq(mailOutbox.id, id));
    if (mail.meteredAccount && onSent)
      await onSent({ accountId: mail.meteredAccount, template: mail.template ?? undefined });
  });
  return {
    transport: "smtp",
    async send(message) {
      await database.owner.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({
            ...outboxRow(message),
            status: "queued",
            meteredAccount: message.accountId ?? null,
            template: message.template ?? null,
          })
          .returning({ id: mailOutbox.id });
        await queue.send(
          tx,
          MAIL_SEND_JOB,
          { id: row!.id },
          {
            retryLimit: MAIL_RETRIES,
            retryDelaySeconds,
          },
        );
      });
    },
  };
}

/** Newest first. Addresses compare case-insensitively, as people type them either way. */
export async function readOutbox(
  database: Database,
  filter: { to?: string; site?: string; limit?: number; status?: OutboxFilter } = {},
): Promise<OutboxMail[]> {
  // By default the mail kept instead of sent (no SMTP server), which tests read; the outbox
  // screen reads the whole record, or one status of it.
  const status = filter.status ?? "kept";
  const conditions: SQL[] = status === "all" ? [] : [eq(mailOutbox.status, status)];
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
