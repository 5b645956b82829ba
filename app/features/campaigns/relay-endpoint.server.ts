import type { TenantResolver } from "~/features/accounts/accounts.server";
import type { Database } from "~/platform/db/database.server";
import type { Env } from "~/platform/env.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { AppError } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { accountOfHostVia, mailFeedbackLimits } from "./feedback-endpoint.server";
import {
  recordFeedback,
  type AccountOfHost,
  type FeedbackSummary,
} from "./feedback-records.server";
import { MAIL_FEEDBACK_MAX_BYTES, type FeedbackMail } from "./feedback-reports.server";
import {
  mailgunEvent,
  mailgunMail,
  mailgunPost,
  postmarkMail,
  postmarkRecord,
  sendgridMail,
  sendgridPost,
  sesMail,
  sesNotification,
} from "./relay-events.server";
import {
  isFresh,
  mailgunSigned,
  postmarkAuthorized,
  sendgridKeyOf,
  sendgridSigned,
} from "./relay-signatures.server";
import { siteWebhookKey } from "./sender-store.server";
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
 * and complaints by webhook"): Mailgun, SendGrid's Event Webhook, Postmark, Amazon SES through
 * SNS. Each is proven by its own scheme: at a site's address, with the key that site keeps for
 * its own relay account (its messages only; decision 057's addendum), else with the key the
 * operator configured; a relay with neither answers 404. What the event says is handed to the
 * records side as a DSN or an ARF report would be.
 */

export const MAIL_RELAYS = ["mailgun", "sendgrid", "postmark", "ses"] as const;
export type MailRelay = (typeof MAIL_RELAYS)[number];

/** The relays' paths: exempt from the origin rule, read as JSON (SNS posts it as text/plain). */
export const mailRelayPath = /^\/api\/email\/feedback\/[a-z]+$/;
export const SNS_RELAY_PATH = "/api/email/feedback/ses";

export type RelayKeys = Pick<
  Env,
  | "MAIL_FEEDBACK_MAILGUN_SIGNING_KEY"
  | "MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY"
  | "MAIL_FEEDBACK_POSTMARK_CREDENTIALS"
  | "MAIL_FEEDBACK_SES_TOPIC_ARNS"
>;

type RelayPost = {
  relay: string;
  /** The site the post came to (its host), if any: one that keeps a key of its own is proven by it. */
  site: string | null;
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

/** What proves a post: a key, and the one site whose messages it may touch (null: any site's). */
type Proof<Key> = { key: Key; only: string | null };

export function relayFeedbackReceiver({
  database,
  secretBox,
  rateLimits,
  tenants,
  env,
  fetchSns,
  now = () => new Date(),
}: {
  database: Database;
  secretBox: SecretBox;
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
  const postmarkCredentials = env.MAIL_FEEDBACK_POSTMARK_CREDENTIALS;
  const topics = env.MAIL_FEEDBACK_SES_TOPIC_ARNS ?? [];
  const certificates = snsCertificates(fetchSns);
  const configured: Record<MailRelay, boolean> = {
    mailgun: Boolean(mailgunKey),
    sendgrid: Boolean(sendgridKey),
    postmark: Boolean(postmarkCredentials),
    ses: topics.length > 0,
  };

  /**
   * The key a site keeps for `relay`'s webhooks to its own address: what it proves touches that
   * site's messages only.
   */
  async function ownProof(relay: MailRelay, site: string | null): Promise<Proof<string> | null> {
    if (!site || relay === "ses") return null;
    const key = await database.forAccount(site, (tx) =>
      siteWebhookKey(tx, secretBox, { accountId: site, relay }),
    );
    return key ? { key, only: site } : null;
  }
  /** The site's own key first, then the platform's (any site's messages). */
  const proofsOf = <Key>(own: Proof<Key> | null, platform: Key | null | undefined) =>
    [own, platform ? { key: platform, only: null } : null].filter(
      (proof): proof is Proof<Key> => proof !== null,
    );

  /** Mailgun: the signature block is in the body; the event is `event-data`. */
  function mailgun(json: unknown, at: Date, own: Proof<string> | null) {
    const post = mailgunPost.safeParse(json);
    if (!post.success) return null;
    const signed = post.data.signature;
    if (!isFresh(signed.timestamp, at)) return null;
    const proof = proofsOf(own, mailgunKey).find(({ key }) => mailgunSigned(key, signed));
    if (!proof) return null;
    const event = mailgunEvent.safeParse(post.data["event-data"]);
    if (!event.success) throw invalid();
    return { only: proof.only, mails: [mailgunMail(event.data)] };
  }

  /** SendGrid: the signature and its timestamp are headers, over the raw body. */
  function sendgrid(
    json: unknown,
    raw: Uint8Array,
    header: RelayPost["header"],
    at: Date,
    own: Proof<string> | null,
  ) {
    const timestamp = header("x-twilio-email-event-webhook-timestamp") ?? "";
    const signature = header("x-twilio-email-event-webhook-signature") ?? "";
    if (!isFresh(timestamp, at)) return null;
    const ownKey = own ? sendgridKeyOf(own.key) : null;
    const proof = proofsOf(ownKey ? { key: ownKey, only: own!.only } : null, sendgridKey).find(
      ({ key }) => sendgridSigned(key, { timestamp, signature, body: raw }),
    );
    if (!proof) return null;
    const post = sendgridPost.safeParse(json);
    if (!post.success) throw invalid();
    const events = Array.isArray(post.data) ? post.data : [post.data];
    return { only: proof.only, mails: events.map(sendgridMail) };
  }

  /** Postmark: the credentials of its webhook URL; one record per post. */
  function postmark(json: unknown, header: RelayPost["header"], own: Proof<string> | null) {
    const authorization = header("authorization") ?? "";
    const proof = proofsOf(own, postmarkCredentials).find(({ key }) =>
      postmarkAuthorized(key, authorization),
    );
    if (!proof) return null;
    const record = postmarkRecord.safeParse(json);
    if (!record.success) throw invalid();
    return { only: proof.only, mails: [postmarkMail(record.data)] };
  }

  /** SES through SNS: the signature covers the envelope's fields; the event is `Message`. */
  async function ses(json: unknown, at: Date, done: RelaySummary) {
    const mails = await sesMails(json, at, done);
    return mails ? { only: null, mails } : null;
  }
  async function sesMails(
    json: unknown,
    at: Date,
    done: RelaySummary,
  ): Promise<FeedbackMail[] | null> {
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
    site,
    header,
    clientIp,
    body,
  }: RelayPost): Promise<RelaySummary> {
    if (!isRelay(relay)) throw new AppError({ code: "route.notFound" });
    const address = addressKey(clientIp);
    await posts.take(address);
    const own = await ownProof(relay, site);
    if (!own && !configured[relay]) throw new AppError({ code: "route.notFound" });
    const raw = new Uint8Array(await body());
    if (raw.byteLength === 0) throw new AppError({ code: "campaigns.feedbackEmpty" });
    if (raw.byteLength > MAIL_FEEDBACK_MAX_BYTES) throw new AppError({ code: "request.tooLarge" });
    const json = jsonOf(raw);
    const at = now();
    const summary: RelaySummary = { bounced: 0, complained: 0, ignored: 0, events: 0 };
    const proven =
      relay === "mailgun"
        ? mailgun(json, at, own)
        : relay === "sendgrid"
          ? sendgrid(json, raw, header, at, own)
          : relay === "postmark"
            ? postmark(json, header, own)
            : await ses(json, at, summary);
    if (!proven) {
      await refused.take(address);
      throw new AppError({ code: "not_authenticated" });
    }
    const { only, mails } = proven;
    // A site's own key speaks for that site's messages only.
    const accountOfMessage: AccountOfHost = only
      ? async (host) => ((await accountOfHost(host)) === only ? only : null)
      : accountOfHost;
    summary.events = mails.length;
    // One after another: a batch of a thousand events is a thousand small transactions.
    for (const mail of mails) {
      const one = await recordFeedback(database, {
        accountOfHost: accountOfMessage,
        mail,
        now: at,
      });
      summary.bounced += one.bounced;
      summary.complained += one.complained;
      summary.ignored += one.ignored;
    }
    return summary;
  };
}
