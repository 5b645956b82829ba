import { randomBytes } from "node:crypto";
import { foldLines } from "nodemailer/lib/mime-funcs";
import MimeNode from "nodemailer/lib/mime-node";
import type { CampaignMessage } from "./campaign-transport.server";
import type { MimeParts } from "./campaign-mime.server";

/*
 * A campaign message as one finished RFC 5322 text, for nodemailer's `raw` (decision 055's
 * second addendum). Composing each message as a tree of MIME nodes and streams was about a third
 * of a send's time after the bodies were encoded once; the parts are ready-made here, the headers
 * that are the same for a whole send are written once, and each recipient's own (To, Subject,
 * Message-ID, Date, List-Unsubscribe) are encoded with nodemailer's own header rules.
 * nodemailer still signs the result with DKIM and speaks SMTP.
 */

/** nodemailer's header encoder (public in the version we use, not yet in its type package). */
type HeaderEncoder = { encodeHeaderValue(key: string, value: string): string };
const encoder = new MimeNode() as unknown as HeaderEncoder;

const headerLine = (key: string, value: string) =>
  foldLines(`${key}: ${encoder.encodeHeaderValue(key, value)}`, 76);

/** An address a header and the SMTP envelope carry alike: no name, ASCII, no quoting. */
const plainAddress = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

/** Headers written once per send: the same From, Reply-To and frame for every recipient. */
type Frame = { key: string; head: string; boundary: string };
let lastFrame: Frame | undefined;

function frameOf(message: CampaignMessage, fixed: [string, string][]): Frame {
  const key = JSON.stringify([message.from, message.replyTo ?? "", fixed]);
  if (lastFrame?.key === key) return lastFrame;
  const boundary = `--_lyceum_${randomBytes(12).toString("hex")}`;
  const lines = [
    headerLine("From", message.from),
    ...(message.replyTo ? [headerLine("Reply-To", message.replyTo)] : []),
    "MIME-Version: 1.0",
    ...fixed.map(([name, value]) => headerLine(name, value)),
  ];
  lastFrame = { key, head: lines.join("\r\n"), boundary };
  return lastFrame;
}

/** Headers whose value is the same for everyone a send reaches (the rest are per recipient). */
const sharedHeaders = new Set(["list-unsubscribe-post", "feedback-id"]);

/**
 * The whole message and its envelope, or null when nodemailer should compose it: an address
 * with a name or beyond ASCII in To or the envelope's sender, whose rules (punycode, SMTPUTF8)
 * are nodemailer's to apply.
 */
export function rawCampaignMessage(
  message: CampaignMessage & { mime: MimeParts },
  now = new Date(),
): { raw: string; envelope: { from: string; to: string[] } } | null {
  const sender = message.returnPath ?? senderAddress(message.from);
  if (!sender || !plainAddress.test(sender) || !plainAddress.test(message.to)) return null;
  const entries = Object.entries(message.headers);
  const fixed = entries.filter(([name]) => sharedHeaders.has(name.toLowerCase()));
  const own = entries.filter(([name]) => !sharedHeaders.has(name.toLowerCase()));
  const frame = frameOf(message, fixed);
  const head = [
    frame.head,
    headerLine("To", message.to),
    headerLine("Subject", message.subject),
    headerLine("Message-ID", message.messageId),
    `Date: ${now.toUTCString().replace(/GMT/, "+0000")}`,
    ...own.map(([name, value]) => headerLine(name, value)),
    `Content-Type: multipart/alternative;\r\n boundary="${frame.boundary}"`,
  ].join("\r\n");
  const delimiter = `\r\n--${frame.boundary}`;
  const raw =
    `${head}\r\n${delimiter}\r\n${message.mime.text}${delimiter}\r\n${message.mime.html}` +
    `${delimiter}--\r\n`;
  return { raw, envelope: { from: sender, to: [message.to] } };
}

/** The address of a From header value (`Name <a@b>` or `a@b`). */
function senderAddress(from: string): string | null {
  const bracketed = /<([^<>]+)>\s*$/.exec(from);
  return (bracketed ? bracketed[1]! : from).trim() || null;
}
