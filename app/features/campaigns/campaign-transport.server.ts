import type { Database } from "~/platform/db/database.server";
import { mailOutbox } from "~/platform/mail/tables.server";
import { addressIsGone, enhancedCodeOf } from "./bounce-codes";
import type { MimeParts } from "./campaign-mime.server";
import { rawCampaignMessage } from "./campaign-raw.server";
import { relayMarksFor } from "./relay-marks.server";

/*
 * How a campaign's messages leave: a pool of SMTP connections to the relay (nodemailer), or,
 * on an install without one, the outbox table the super-admin reads. Each send answers what
 * happened in the ledger's words, so the engine never parses an error itself.
 */

export type CampaignMessage = {
  from: string;
  to: string;
  subject: string;
  /**
   * The plain text and HTML, written when a transport asks: the outbox keeps them, a relay
   * sends `mime` when there is one. A function, so copying a message computes nothing.
   */
  body: () => { text: string; html: string };
  /** The same two bodies as MIME parts, already encoded (campaign-mime.server.ts). */
  mime?: MimeParts;
  /** `<…@host>`: the same for every attempt at one recipient, so a resend after a crash is one mail. */
  messageId: string;
  headers: Record<string, string>;
  site: string;
  /** The site's own Reply-To (decision 057). */
  replyTo?: string;
  /**
   * The envelope's sender (where bounces go) when it is not the From address: the platform's,
   * for a site that sends in its own name through the platform's relay.
   */
  returnPath?: string;
  /** The site's DKIM key: an SMTP transport signs the message with it. */
  dkim?: DkimKey;
};

/** A DKIM key as nodemailer takes it (`dkim` of a message or of a transport). */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/**
 * What a DKIM signature covers: nodemailer's own list (RFC 6376 5.4) and the one-click
 * unsubscribe's second header, which RFC 8058 wants signed with the first.
 */
const signedHeaders =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:" +
  "Content-Transfer-Encoding:Content-ID:Content-Description:In-Reply-To:References:List-Id:" +
  "List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:" +
  "List-Archive:Feedback-ID";

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
/** nodemailer's codes for a relay that could not be reached or used, whatever it answered. */
const relayFailures = new Set(["EAUTH", "ENOAUTH", "ETLS", "EREQUIRETLS", "EDNS", "ECONFIG"]);

/** What an SMTP error says, in the ledger's words. */
export function outcomeOfError(error: unknown): SendOutcome {
  const { responseCode, response, code, message } = (error ?? {}) as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  const reason = String(response ?? message ?? code ?? "unknown error").slice(0, 300);
  // A relay that refuses us (a wrong password, no TLS) says nothing of the recipient: later.
  if (code && relayFailures.has(code)) return { kind: "later", slowDown: false, reason };
  if (typeof responseCode === "number" && responseCode >= 500 && responseCode < 600)
    return {
      kind: "refused",
      // The address is dead (550 5.1.1), not this message refused (550 5.7.1, a spam block).
      bounced: addressIsGone({ enhanced: enhancedCodeOf(reason), reply: responseCode }),
      reason,
    };
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
  return relayTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxMessages: 1000,
  });
}

type RelayOptions = import("nodemailer").TransportOptions &
  import("nodemailer/lib/smtp-pool").SMTPPoolOptions;

/**
 * Messages through one relay: a pool of connections (`pool: true`), or one connection per
 * message (a test send). Opened with the first message.
 */
export function relayTransport(options: RelayOptions): CampaignTransport {
  type Relay = ReturnType<typeof import("nodemailer").createTransport>;
  let relay: Promise<Relay> | undefined;
  const open = () =>
    (relay ??= import("nodemailer").then(({ createTransport }) =>
      createTransport(options as Parameters<typeof createTransport>[0]),
    ));
  // A site's relay is reached at a checked address; its name is the TLS server name.
  const { servername, host, url } = options as { servername?: string; host?: string; url?: string };
  const marksOf = relayMarksFor(servername ?? host ?? (url ? new URL(url).hostname : ""));
  return {
    async send(message) {
      const transporter = await open();
      const dkim = message.dkim ? { ...message.dkim, headerFieldNames: signedHeaders } : undefined;
      const whole = message.mime ? rawCampaignMessage({ ...message, mime: message.mime }) : null;
      // Written as they are, never as encoded words: the relay reads them as JSON or as ids.
      const marks = Object.entries(marksOf?.(message.messageId) ?? {});
      try {
        if (whole)
          await transporter.sendMail({
            ...whole,
            raw: marks.map(([name, value]) => `${name}: ${value}\r\n`).join("") + whole.raw,
            ...(dkim ? { dkim } : {}),
          });
        else
          await transporter.sendMail({
            from: message.from,
            to: message.to,
            subject: message.subject,
            ...(message.mime
              ? { text: { raw: message.mime.text }, html: { raw: message.mime.html } }
              : message.body()),
            messageId: message.messageId,
            headers: {
              ...message.headers,
              ...Object.fromEntries(
                marks.map(([name, value]) => [name, { prepared: true, value }]),
              ),
            },
            ...(message.replyTo ? { replyTo: message.replyTo } : {}),
            ...(message.returnPath
              ? { envelope: { from: message.returnPath, to: message.to } }
              : {}),
            ...(dkim ? { dkim } : {}),
          });
        return { kind: "sent" };
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    close() {
      void relay?.then((transporter) => transporter.close());
      relay = undefined;
    },
  };
}

/** No relay configured: each message is a row of the outbox (a fresh install's "sent" mail). */
export function outboxTransport(database: Database): CampaignTransport {
  return {
    async send(message) {
      const { text, html } = message.body();
      await database.owner.insert(mailOutbox).values({
        site: message.site,
        toAddress: message.to,
        subject: message.subject,
        textBody: text,
        htmlBody: html,
      });
      return { kind: "sent" };
    },
    close() {},
  };
}
