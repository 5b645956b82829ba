// The mail relays that report bounces and complaints by webhook, played by a test (decision
// 055, addendum "bounces and complaints by webhook"): each signs its JSON as the relay does, with
// keys made here. Events are shaped as the relays' documentation shows them.
import { createHmac, createSign, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { relayMarksFor } from "../../app/features/campaigns/relay-marks.server";
import { selfSignedCertificate } from "./self-signed-cert";

const seconds = (at = new Date()) => String(Math.floor(at.getTime() / 1000));

/** Mailgun: the HMAC of `timestamp + token` under the webhook signing key, in the body. */
export function mailgunRelay(key = `mg-signing-${randomBytes(16).toString("hex")}`) {
  const signed = (eventData: unknown, { at = new Date(), wrongKey = false } = {}) => {
    const timestamp = seconds(at);
    const token = randomBytes(25).toString("hex");
    const signature = createHmac("sha256", wrongKey ? `${key}x` : key)
      .update(`${timestamp}${token}`)
      .digest("hex");
    return { signature: { timestamp, token, signature }, "event-data": eventData };
  };
  /** `event-data` of an event about the message `messageId` (<…> as we sent it). */
  const event = (
    messageId: string,
    event: "failed" | "complained" | "delivered" | "opened",
    more: Record<string, unknown> = {},
  ) => ({
    event,
    id: randomBytes(11).toString("base64url"),
    timestamp: Date.now() / 1000,
    recipient: "reader@example.com",
    message: {
      headers: { "message-id": messageId.replace(/^<|>$/g, ""), to: "reader@example.com" },
    },
    ...more,
  });
  const failed = (messageId: string, severity: "permanent" | "temporary", status = "5.1.1") =>
    event(messageId, "failed", {
      severity,
      reason: severity === "permanent" ? "bounce" : "generic",
      "log-level": severity === "permanent" ? "error" : "warn",
      "delivery-status": {
        code: status.startsWith("5") ? 550 : 452,
        "enhanced-code": status,
        message: `${status} The email account that you tried to reach does not exist.`,
        description: "",
        "attempt-no": 1,
      },
    });
  return { key, signed, event, failed };
}

/** SendGrid: an ECDSA P-256 signature over the timestamp header and the raw body. */
export function sendgridRelay() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const verificationKey = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const headersFor = (body: Uint8Array | string, { at = new Date(), forged = false } = {}) => {
    const timestamp = seconds(at);
    const signature = createSign("sha256")
      .update(Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]))
      .sign(privateKey)
      .toString("base64");
    return {
      "x-twilio-email-event-webhook-timestamp": timestamp,
      "x-twilio-email-event-webhook-signature": forged
        ? createSign("sha256").update("other").sign(privateKey).toString("base64")
        : signature,
    };
  };
  const event = (smtpId: string, event: string, more: Record<string, unknown> = {}) => ({
    email: "reader@example.com",
    timestamp: Math.floor(Date.now() / 1000),
    "smtp-id": smtpId,
    event,
    sg_event_id: randomBytes(16).toString("base64url"),
    sg_message_id: `${randomBytes(11).toString("base64url")}.filter0001.16648.5515E0B88.0`,
    ...more,
  });
  /**
   * An engagement event (a spam report): no `smtp-id`, only the unique arguments the message
   * went in with (our mark's `X-SMTPAPI`), at the event's top level as SendGrid posts them.
   */
  const marked = (messageId: string, name: string, more: Record<string, unknown> = {}) => {
    const { "smtp-id": _, ...unmarked } = event(messageId, name, more);
    const { unique_args } = JSON.parse(
      relayMarksFor("smtp.sendgrid.net")!(messageId)["X-SMTPAPI"]!,
    ) as { unique_args: Record<string, string> };
    return { ...unmarked, ...unique_args };
  };
  const bounce = (smtpId: string, status = "5.1.1", type = "bounce") =>
    event(smtpId, "bounce", {
      type,
      status,
      reason: `550 ${status} The email account that you tried to reach does not exist.`,
    });
  return { verificationKey, headersFor, event, marked, bounce };
}

/**
 * Postmark: one record per post, with the basic credentials its webhook URL was given, and the
 * metadata our marks set at sending (`relayMarksFor`, as a message to Postmark's relay takes).
 */
export function postmarkRelay(credentials = `pm-hooks:${randomBytes(16).toString("hex")}`) {
  const headersFor = ({ wrong = false } = {}) => ({
    authorization: `Basic ${Buffer.from(wrong ? `${credentials}x` : credentials).toString("base64")}`,
  });
  const metadataOf = (messageId: string) =>
    Object.fromEntries(
      Object.entries(relayMarksFor("smtp.postmarkapp.com")!(messageId)).map(([header, value]) => [
        header.replace(/^X-PM-Metadata-/, ""),
        value,
      ]),
    );
  const record = (messageId: string, recordType: string, more: Record<string, unknown> = {}) => ({
    RecordType: recordType,
    MessageID: randomUUID(),
    ServerID: 23,
    MessageStream: "broadcast",
    Email: "reader@example.com",
    From: "news@school.example",
    Metadata: metadataOf(messageId),
    ...more,
  });
  const bounce = (
    messageId: string,
    type = "HardBounce",
    details = "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
  ) =>
    record(messageId, "Bounce", {
      ID: 692560173,
      Type: type,
      TypeCode: type === "HardBounce" ? 1 : 4096,
      Name: type,
      Description: "The server was unable to deliver your message.",
      Details: details,
      BouncedAt: new Date().toISOString(),
      DumpAvailable: false,
      Inactive: type === "HardBounce",
      CanActivate: true,
      Subject: "News",
    });
  const complaint = (messageId: string) =>
    record(messageId, "SpamComplaint", {
      ID: 42,
      Type: "SpamComplaint",
      TypeCode: 512,
      Name: "Spam complaint",
      Details: "",
      BouncedAt: new Date().toISOString(),
      Inactive: true,
    });
  return { credentials, headersFor, record, bounce, complaint };
}

/**
 * Amazon SES through SNS: notifications signed with an RSA key whose certificate the app fetches
 * from `SigningCertURL` (here through `fetchSns`, which records what it was asked for).
 */
export function sesRelay({
  region = "eu-west-1",
  topicArn: namedTopic,
}: { region?: string; topicArn?: string } = {}) {
  const topicArn = namedTopic ?? `arn:aws:sns:${region}:123456789012:ses-feedback`;
  const { pem, privateKey } = selfSignedCertificate();
  const certUrl = `https://sns.${region}.amazonaws.com/SimpleNotificationService-${randomBytes(16).toString("hex")}.pem`;
  const fetched: string[] = [];
  const fetchSns = async (url: URL) => {
    fetched.push(url.href);
    if (url.pathname.endsWith(".pem")) return pem;
    return "<ConfirmSubscriptionResponse/>";
  };
  const sign = (fields: Record<string, string | undefined>, names: string[], version: "1" | "2") =>
    createSign(version === "2" ? "sha256" : "sha1")
      .update(names.map((name) => `${name}\n${fields[name]}\n`).join(""))
      .sign(privateKey)
      .toString("base64");
  /** An SNS notification carrying `message` (an SES event, or any text). */
  const notification = (
    message: unknown,
    {
      at = new Date(),
      version = "2" as "1" | "2",
      topic = topicArn,
      subject = undefined as string | undefined,
    } = {},
  ) => {
    const fields = {
      Type: "Notification",
      MessageId: randomUUID(),
      TopicArn: topic,
      Subject: subject,
      Message: typeof message === "string" ? message : JSON.stringify(message),
      Timestamp: at.toISOString(),
    };
    const names = [
      "Message",
      "MessageId",
      ...(subject ? ["Subject"] : []),
      "Timestamp",
      "TopicArn",
      "Type",
    ];
    return {
      ...fields,
      SignatureVersion: version,
      Signature: sign(fields, names, version),
      SigningCertURL: certUrl,
      UnsubscribeURL: `https://sns.${region}.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${topic}:x`,
    };
  };
  const subscription = ({ at = new Date(), subscribeUrl = "" } = {}) => {
    const token = randomBytes(32).toString("hex");
    const fields: Record<string, string> = {
      Type: "SubscriptionConfirmation",
      MessageId: randomUUID(),
      Token: token,
      TopicArn: topicArn,
      Message: `You have chosen to subscribe to the topic ${topicArn}.`,
      SubscribeURL:
        subscribeUrl ||
        `https://sns.${region}.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${topicArn}&Token=${token}`,
      Timestamp: at.toISOString(),
    };
    const names = [
      "Message",
      "MessageId",
      "SubscribeURL",
      "Timestamp",
      "Token",
      "TopicArn",
      "Type",
    ];
    return {
      ...fields,
      SignatureVersion: "1",
      Signature: sign(fields, names, "1"),
      SigningCertURL: certUrl,
    };
  };
  /** SES's `mail` object with the original headers kept (Message-ID: ours; SES's own id apart). */
  const mail = (messageId: string) => ({
    timestamp: new Date().toISOString(),
    source: "news@lyceum.test",
    messageId: `0100018${randomBytes(12).toString("hex")}-000000`,
    destination: ["reader@example.com"],
    headersTruncated: false,
    headers: [
      { name: "From", value: "news@lyceum.test" },
      { name: "To", value: "reader@example.com" },
      { name: "Message-ID", value: messageId },
      { name: "Subject", value: "News" },
    ],
    commonHeaders: { from: ["news@lyceum.test"], to: ["reader@example.com"], messageId },
  });
  const bounce = (
    messageId: string,
    bounceType = "Permanent",
    status = "5.1.1",
    subType = "General",
  ) => ({
    notificationType: "Bounce",
    bounce: {
      bounceType,
      bounceSubType: subType,
      bouncedRecipients: [
        {
          emailAddress: "reader@example.com",
          action: "failed",
          status,
          diagnosticCode: `smtp; 550 ${status} <reader@example.com>... User unknown`,
        },
      ],
      timestamp: new Date().toISOString(),
      feedbackId: `${randomBytes(8).toString("hex")}-000000`,
      reportingMTA: "dns; email.example.com",
    },
    mail: mail(messageId),
  });
  const complaint = (messageId: string, feedbackType: string | undefined = "abuse") => ({
    notificationType: "Complaint",
    complaint: {
      userAgent: "AnyCompany Feedback Loop (V0.01)",
      complainedRecipients: [{ emailAddress: "reader@example.com" }],
      complaintFeedbackType: feedbackType,
      arrivalDate: new Date().toISOString(),
      timestamp: new Date().toISOString(),
      feedbackId: `${randomBytes(8).toString("hex")}-000000`,
    },
    mail: mail(messageId),
  });
  const delivery = (messageId: string) => ({
    notificationType: "Delivery",
    delivery: {
      recipients: ["reader@example.com"],
      smtpResponse: "250 ok",
      timestamp: new Date().toISOString(),
    },
    mail: mail(messageId),
  });
  return {
    topicArn,
    certUrl,
    pem,
    fetched,
    fetchSns,
    notification,
    subscription,
    bounce,
    complaint,
    delivery,
  };
}
