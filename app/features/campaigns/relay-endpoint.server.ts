import type { TenantResolver } from "~/features/accounts/accounts.server";
import type { Database } from "~/platform/db/database.server";
import type { Env } from "~/platform/env.server";
import { AppError } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { accountOfHostVia, mailFeedbackLimits } from "./feedback-endpoint.server";
import { recordFeedback, type FeedbackSummary } from "./feedback-records.server";
import { MAIL_FEEDBACK_MAX_BYTES, type FeedbackMail } from "./feedback-reports.server";
import {
  mailgunEvent,
  mailgunMail,
  mailgunPost,
  sendgridMail,
  sendgridPost,
  sesMail,
  sesNotification,
} from "./relay-events.server";
import { isFresh, mailgunSigned, sendgridKeyOf, sendgridSigned } from "./relay-signatures.server";
import {
  snsCertificates,
  snsEnvelope,
  snsSigned,
  snsTopicArn,
  subscribeUrl,
  type SnsFetch,
} from "./sns-messages.server";

/*
 * `POST /api/email/feedback/{relay}`: the same bounces and complaints as the mail endpoint's,
 * from the relays that report by webhook with JSON of their own (decision 055, addendum "bounces
 * and complaints by webhook"): Mailgun, SendGrid's Event Webhook, Amazon SES through SNS. Each is
 * proven by its own scheme, with the key the operator configured; a relay with none answers 404.
 * What the event says is handed to the records side as a DSN or an ARF report would be.
 */

export const MAIL_RELAYS = ["mailgun", "sendgrid", "ses"] as const;
export type MailRelay = (typeof MAIL_RELAYS)[number];

/** The relays' paths: exempt from the origin rule, read as JSON (SNS posts it as text/plain). */
export const mailRelayPath = /^\/api\/email\/feedback\/[a-z]+$/;
export const SNS_RELAY_PATH = "/api/email/feedback/ses";

export type RelayKeys = Pick<
  Env,
  | "MAIL_FEEDBACK_MAILGUN_SIGNING_KEY"
  | "MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY"
  | "MAIL_FEEDBACK_SES_TOPIC_ARNS"
>;

type RelayPost = {
  relay: string;
  header: (name: string) => string | undefined;
  clientIp: string;
  /** Read only once the relay is known to be configured. */
  body: () => Promise<ArrayBuffer>;
};
/**
 * What one post did, how many of the relay's events it carried, and the SNS topic whose
 * subscription it confirmed, if that is what it was.
 */
export type RelaySummary = FeedbackSummary & { events: number; subscribed?: string };

const isRelay = (relay: string): relay is MailRelay =>
  (MAIL_RELAYS as readonly string[]).includes(relay);

function jsonOf(raw: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    throw new AppError({ code: "request.malformed", details: { kind: "syntax", where: "body" } });
  }
}
const invalid = () => new AppError({ code: "request.invalid" });

export function relayFeedbackReceiver({
  database,
  rateLimits,
  tenants,
  env,
  fetchSns,
  now = () => new Date(),
}: {
  database: Database;
  rateLimits: RateLimits;
  tenants: Pick<TenantResolver, "resolve">;
  env: RelayKeys;
  fetchSns: SnsFetch;
  now?: () => Date;
}) {
  // One budget with the mail endpoint's: every way feedback comes in, per client address.
  const posts = rateLimits.create("mail-feedback", mailFeedbackLimits.posts);
  const refused = rateLimits.create("mail-feedback-refused", mailFeedbackLimits.refused);
  const accountOfHost = accountOfHostVia(tenants);
  const mailgunKey = env.MAIL_FEEDBACK_MAILGUN_SIGNING_KEY;
  const sendgridKey = env.MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY
    ? sendgridKeyOf(env.MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY)
    : null;
  const topics = env.MAIL_FEEDBACK_SES_TOPIC_ARNS ?? [];
  const certificates = snsCertificates(fetchSns);
  const configured: Record<MailRelay, boolean> = {
    mailgun: Boolean(mailgunKey),
    sendgrid: Boolean(sendgridKey),
    ses: topics.length > 0,
  };

  /** Mailgun: the signature block is in the body; the event is `event-data`. */
  function mailgun(json: unknown, at: Date): FeedbackMail[] | null {
    const post = mailgunPost.safeParse(json);
    if (!post.success) return null;
    const proof = post.data.signature;
    if (!isFresh(proof.timestamp, at) || !mailgunSigned(mailgunKey!, proof)) return null;
    const event = mailgunEvent.safeParse(post.data["event-data"]);
    if (!event.success) throw invalid();
    return [mailgunMail(event.data)];
  }

  /** SendGrid: the signature and its timestamp are headers, over the raw body. */
  function sendgrid(json: unknown, raw: Uint8Array, header: RelayPost["header"], at: Date) {
    const timestamp = header("x-twilio-email-event-webhook-timestamp") ?? "";
    const signature = header("x-twilio-email-event-webhook-signature") ?? "";
    if (
      !isFresh(timestamp, at) ||
      !sendgridSigned(sendgridKey!, { timestamp, signature, body: raw })
    )
      return null;
    const post = sendgridPost.safeParse(json);
    if (!post.success) throw invalid();
    return (Array.isArray(post.data) ? post.data : [post.data]).map(sendgridMail);
  }

  /** SES through SNS: the signature covers the envelope's fields; the event is `Message`. */
  async function ses(json: unknown, at: Date, done: RelaySummary): Promise<FeedbackMail[] | null> {
    const envelope = snsEnvelope.safeParse(json);
    if (!envelope.success) return null;
    const message = envelope.data;
    let signed: boolean;
    try {
      signed = await snsSigned(message, { topics, certificates, now: at });
    } catch (cause) {
      // The certificate could not be fetched: SNS tries the message again later.
      throw new AppError({ code: "server.unavailable", cause, retryAfterSeconds: 60 });
    }
    if (!signed) return null;
    if (message.Type === "SubscriptionConfirmation") {
      await confirm(message.SubscribeURL ?? "", message.TopicArn);
      done.subscribed = message.TopicArn;
      return [];
    }
    if (message.Type !== "Notification") return [];
    let notification: unknown;
    try {
      notification = JSON.parse(message.Message);
    } catch {
      // SES's first message to a new topic is a sentence ("Successfully validated…").
      return [{ kind: "other" }];
    }
    const read = sesNotification.safeParse(notification);
    return [read.success ? sesMail(read.data) : { kind: "other" }];
  }

  /** A topic the operator named subscribes this endpoint: SNS waits for its link to be opened. */
  async function confirm(link: string, topicArn: string) {
    const region = snsTopicArn.exec(topicArn)?.[1] ?? "";
    const url = subscribeUrl(link, topicArn, region);
    if (!url) throw invalid();
    try {
      await fetchSns(url);
    } catch (cause) {
      throw new AppError({ code: "server.unavailable", cause, retryAfterSeconds: 60 });
    }
  }

  return async function receive({
    relay,
    header,
    clientIp,
    body,
  }: RelayPost): Promise<RelaySummary> {
    if (!isRelay(relay) || !configured[relay]) throw new AppError({ code: "route.notFound" });
    const address = addressKey(clientIp);
    await posts.take(address);
    const raw = new Uint8Array(await body());
    if (raw.byteLength === 0) throw new AppError({ code: "campaigns.feedbackEmpty" });
    if (raw.byteLength > MAIL_FEEDBACK_MAX_BYTES) throw new AppError({ code: "request.tooLarge" });
    const json = jsonOf(raw);
    const at = now();
    const summary: RelaySummary = { bounced: 0, complained: 0, ignored: 0, events: 0 };
    const mails =
      relay === "mailgun"
        ? mailgun(json, at)
        : relay === "sendgrid"
          ? sendgrid(json, raw, header, at)
          : await ses(json, at, summary);
    if (!mails) {
      await refused.take(address);
      throw new AppError({ code: "not_authenticated" });
    }
    summary.events = mails.length;
    // One after another: a batch of a thousand events is a thousand small transactions.
    for (const mail of mails) {
      const one = await recordFeedback(database, { accountOfHost, mail, now: at });
      summary.bounced += one.bounced;
      summary.complained += one.complained;
      summary.ignored += one.ignored;
    }
    return summary;
  };
}
