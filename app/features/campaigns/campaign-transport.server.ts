import type { Database } from "~/platform/db/database.server";
import { mailOutbox } from "~/platform/mail/tables.server";

/*
 * How a campaign's messages leave: a pool of SMTP connections to the relay (nodemailer), or,
 * on an install without one, the outbox table the super-admin reads. Each send answers what
 * happened in the ledger's words, so the engine never parses an error itself.
 */

export type CampaignMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<…@host>`: the same for every attempt at one recipient, so a resend after a crash is one mail. */
  messageId: string;
  headers: Record<string, string>;
  site: string;
};

/**
 * `sent`: the relay took it. `later`: try again (a 4xx answer, a dropped connection);
 * `slowDown` when the relay said it is busy or limiting us (421, 450–454). `refused`: a 5xx
 * answer, final; `bounced` when it says the mailbox does not exist.
 */
export type SendOutcome =
  | { kind: "sent" }
  | { kind: "later"; slowDown: boolean; reason: string }
  | { kind: "refused"; bounced: boolean; reason: string };

export type CampaignTransport = {
  send(message: CampaignMessage): Promise<SendOutcome>;
  close(): void;
};

/** SMTP reply codes after which the relay wants fewer messages from us for a while. */
const slowDownCodes = new Set([421, 450, 451, 452, 454]);
/** 5xx codes that mean the address itself is dead (RFC 5321, RFC 3463 5.1.x). */
const mailboxGoneCodes = new Set([550, 551, 553]);

/** What an SMTP error says, in the ledger's words. */
export function outcomeOfError(error: unknown): SendOutcome {
  const { responseCode, response, code, message } = (error ?? {}) as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  const reason = String(response ?? message ?? code ?? "unknown error").slice(0, 300);
  if (typeof responseCode === "number" && responseCode >= 500 && responseCode < 600)
    return { kind: "refused", bounced: mailboxGoneCodes.has(responseCode), reason };
  return {
    kind: "later",
    slowDown: typeof responseCode === "number" && slowDownCodes.has(responseCode),
    reason,
  };
}

export function smtpTransport({
  smtpUrl,
  connections,
}: {
  smtpUrl: string;
  connections: number;
}): CampaignTransport {
  type Pool = ReturnType<typeof import("nodemailer").createTransport>;
  let pool: Promise<Pool> | undefined;
  const open = () =>
    (pool ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({ url: smtpUrl, pool: true, maxConnections: connections, maxMessages: 1000 }),
    ));
  return {
    async send(message) {
      const transporter = await open();
      try {
        await transporter.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: message.headers,
        });
        return { kind: "sent" };
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    close() {
      void pool?.then((transporter) => transporter.close());
      pool = undefined;
    },
  };
}

/** No relay configured: each message is a row of the outbox (a fresh install's "sent" mail). */
export function outboxTransport(database: Database): CampaignTransport {
  return {
    async send(message) {
      await database.owner.insert(mailOutbox).values({
        site: message.site,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
      return { kind: "sent" };
    },
    close() {},
  };
}
