import { z } from "zod";
import { enhancedCodeOf } from "./bounce-codes";
import { messageIdOfPostmark, SENDGRID_MARK } from "./relay-marks.server";
import {
  campaignMessageOf,
  cleanText,
  type CampaignMessageRef,
  type DeliveryLine,
  type FeedbackMail,
} from "./feedback-reports.server";

/*
 * What a relay's webhook event says, as the report a DSN or ARF mail would make of it (decision
 * 055, addendum "bounces and complaints by webhook"), so the records side applies one rule to
 * both: a permanent failure whose status (or, without one, whose reply code) says the address
 * is gone is a hard bounce; a spam complaint is a complaint; anything else is read and left.
 * The campaign message is the one our Message-ID names, as each relay carries it:
 *
 * - Mailgun: `event-data.message.headers.message-id` (the Message-ID we sent, without <>).
 * - SendGrid: `smtp-id` (the Message-ID we sent, when the sending domain is authenticated), else
 *   the unique argument our mark set (relay-marks.server.ts; spam reports carry only that).
 * - Postmark: the metadata our marks set (`Metadata`).
 * - Amazon SES: `mail.headers` / `mail.commonHeaders.messageId`, the original headers SES keeps
 *   in the notification when "include original headers" is on (SES replaces the Message-ID).
 */

/** Any scalar as bounded text; anything else (absent, an object) as "". */
const words = (max = 1000) =>
  z
    .unknown()
    .optional()
    .transform((value) =>
      typeof value === "string" || (typeof value === "number" && Number.isFinite(value))
        ? String(value).slice(0, max)
        : "",
    );
/** An optional object read leniently: anything that is no such object counts as absent. */
const maybe = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const statusOf = (text: string) =>
  /^[245]\.\d{1,3}\.\d{1,3}$/.test(text.trim()) ? text.trim() : undefined;

/** A bounce line: `failed` only when the relay says the failure is permanent. */
function line(permanent: boolean, status: string, diagnostic: string): DeliveryLine {
  return { action: permanent ? "failed" : "delayed", status, diagnostic: cleanText(diagnostic) };
}

const bounce = (message: CampaignMessageRef | null, recipients: DeliveryLine[]): FeedbackMail => ({
  kind: "delivery",
  message,
  recipients,
});
const complaint = (
  message: CampaignMessageRef | null,
  feedbackType: string,
  proof: string[],
): FeedbackMail => ({
  kind: "complaint",
  message,
  feedbackType: cleanText(feedbackType, 40).toLowerCase(),
  proof: cleanText(proof.filter((part) => !/: ?$/.test(part)).join("; ")),
});
const other: FeedbackMail = { kind: "other" };

// ---- Mailgun: one event per post, JSON `{ signature, "event-data" }` -----------------------

export const mailgunPost = z.object({
  signature: z.object({
    timestamp: z.union([z.string().max(20), z.number().int()]).transform(String),
    token: z.string().min(1).max(200),
    signature: z.string().max(200),
  }),
  "event-data": z.unknown(),
});

export const mailgunEvent = z.object({
  event: z.string().max(60),
  severity: words(40),
  reason: words(80),
  "delivery-status": maybe(
    z.object({
      code: words(20),
      message: words(),
      description: words(),
      "enhanced-code": words(20),
    }),
  ),
  message: maybe(z.object({ headers: maybe(z.object({ "message-id": words() })) })),
});

export function mailgunMail(event: z.infer<typeof mailgunEvent>): FeedbackMail {
  const message = campaignMessageOf(event.message?.headers?.["message-id"]);
  if (event.event === "complained")
    return complaint(message, "abuse", ["Feedback-Type: abuse", "relay: Mailgun complained"]);
  if (event.event !== "failed") return other;
  const status = event["delivery-status"];
  const said = `${status?.code ?? ""} ${status?.message ?? ""} ${status?.description ?? ""}`;
  const code =
    statusOf(status?.["enhanced-code"] ?? "") ?? statusOf(enhancedCodeOf(said) ?? "") ?? "5.0.0";
  const diagnostic = `${said} (Mailgun ${event.severity} ${event.reason})`;
  return bounce(message, [line(event.severity === "permanent", code, diagnostic)]);
}

// ---- SendGrid: a batch of events per post, a JSON array ------------------------------------

export const sendgridEvent = z.object({
  event: z.string().max(60),
  "smtp-id": words(),
  [SENDGRID_MARK]: words(),
  type: words(40),
  status: words(20),
  reason: words(),
  useragent: words(200),
});
export const sendgridPost = z.union([z.array(sendgridEvent).max(10_000), sendgridEvent]);

export function sendgridMail(event: z.infer<typeof sendgridEvent>): FeedbackMail {
  const message = campaignMessageOf(event["smtp-id"]) ?? campaignMessageOf(event[SENDGRID_MARK]);
  if (event.event === "spamreport")
    return complaint(message, "abuse", [
      "Feedback-Type: abuse",
      "relay: SendGrid spamreport",
      `user-agent: ${event.useragent}`,
    ]);
  if (event.event !== "bounce") return other;
  // `blocked` is SendGrid's word for a refusal of the message, not of the address.
  const permanent = event.type !== "blocked";
  const code = statusOf(event.status) ?? statusOf(enhancedCodeOf(event.reason) ?? "") ?? "5.0.0";
  const diagnostic = `${event.reason} (SendGrid ${event.type || "bounce"})`;
  return bounce(message, [line(permanent, code, diagnostic)]);
}

// ---- Postmark: one record per post, JSON with a `RecordType` -----------------------------

export const postmarkRecord = z.object({
  RecordType: z.string().max(60),
  Type: words(60),
  Name: words(100),
  Description: words(),
  Details: words(),
  Metadata: maybe(z.record(z.string().max(100), z.unknown())),
});

/** Postmark's bounce types that say the address is gone, and the status each stands for. */
const postmarkAddressGone: Record<string, string> = {
  HardBounce: "5.1.1",
  BadEmailAddress: "5.1.3",
};

export function postmarkMail(record: z.infer<typeof postmarkRecord>): FeedbackMail {
  const message = campaignMessageOf(messageIdOfPostmark(record.Metadata));
  if (record.RecordType === "SpamComplaint")
    return complaint(message, "abuse", ["Feedback-Type: abuse", "relay: Postmark SpamComplaint"]);
  if (record.RecordType !== "Bounce") return other;
  const said = `${record.Details} ${record.Description}`;
  const gone = postmarkAddressGone[record.Type];
  const diagnostic = `${said} (Postmark ${record.Type})`;
  // `Blocked` is a refusal of the message (5.7.1); the other types are soft, or no bounce at all.
  if (!gone && record.Type !== "Blocked")
    return bounce(message, [
      line(false, statusOf(enhancedCodeOf(said) ?? "") ?? "4.0.0", diagnostic),
    ]);
  const code = statusOf(enhancedCodeOf(said) ?? "") ?? gone ?? "5.7.1";
  return bounce(message, [line(true, code, diagnostic)]);
}

// ---- Amazon SES: the `Message` of an SNS notification, JSON ---------------------------------

const sesRecipient = z.object({ status: words(20), diagnosticCode: words() });

export const sesNotification = z.object({
  notificationType: words(60),
  eventType: words(60),
  mail: z.object({
    headers: maybe(z.array(z.unknown()).max(1000)),
    commonHeaders: maybe(z.object({ messageId: words() })),
  }),
  bounce: maybe(
    z.object({
      bounceType: words(40),
      bounceSubType: words(60),
      bouncedRecipients: z.array(sesRecipient).max(100),
    }),
  ),
  complaint: maybe(
    z.object({
      complaintFeedbackType: words(40),
      complaintSubType: words(60),
      userAgent: words(200),
      arrivalDate: words(60),
    }),
  ),
});
type SesNotification = z.infer<typeof sesNotification>;

/** The Message-ID we sent, from the original headers SES kept. */
function sesMessageOf(mail: SesNotification["mail"]): CampaignMessageRef | null {
  const header = (mail.headers ?? []).find(
    (item): item is { name: string; value: string } =>
      typeof (item as { name?: unknown })?.name === "string" &&
      typeof (item as { value?: unknown }).value === "string" &&
      (item as { name: string }).name.toLowerCase() === "message-id",
  );
  return campaignMessageOf(header?.value.slice(0, 1000) ?? mail.commonHeaders?.messageId);
}

/** SES's subtypes that name the address itself when a recipient carries no status. */
const addressSubtypes = new Set(["NoEmail", "Suppressed"]);

export function sesMail(notification: SesNotification): FeedbackMail {
  const type = notification.eventType || notification.notificationType;
  const message = sesMessageOf(notification.mail);
  const { bounce: bounced, complaint: complained } = notification;
  if (type === "Bounce" && bounced) {
    const permanent = bounced.bounceType === "Permanent";
    const subtype = addressSubtypes.has(bounced.bounceSubType) ? "5.1.1" : "5.0.0";
    return bounce(
      message,
      bounced.bouncedRecipients.map((recipient) =>
        line(
          permanent,
          statusOf(recipient.status) ??
            statusOf(enhancedCodeOf(recipient.diagnosticCode) ?? "") ??
            subtype,
          `${recipient.diagnosticCode} (Amazon SES ${bounced.bounceType} ${bounced.bounceSubType})`,
        ),
      ),
    );
  }
  // A complaint SES made up from its suppression list is no reader's complaint about this mail.
  if (
    type === "Complaint" &&
    complained &&
    complained.complaintSubType !== "OnAccountSuppressionList"
  ) {
    const feedbackType = complained.complaintFeedbackType || "abuse";
    return complaint(message, feedbackType, [
      `Feedback-Type: ${feedbackType.toLowerCase()}`,
      "relay: Amazon SES complaint",
      `user-agent: ${complained.userAgent}`,
      `arrival-date: ${complained.arrivalDate}`,
    ]);
  }
  return other;
}
