import type { Attachment, ParsedMail } from "mailparser";
import { z } from "zod";
import { addressIsGone, replyCodeOf } from "./bounce-codes";

/*
 * What a bounce or complaint mail says (decision 055, addendum): a delivery status notification
 * (RFC 3464, `multipart/report; report-type=delivery-status`) or an abuse report from a feedback
 * loop (ARF, RFC 5965, `report-type=feedback-report`). mailparser splits the MIME structure; the
 * report's own parts are blocks of `Name: value` fields, read here. The campaign message it is
 * about is found by the Message-ID of the original it attaches, `<c.{campaign}.{contact}@{host}>`.
 */

/** The largest mail the endpoint reads: a report attaches at most one original message. */
export const MAIL_FEEDBACK_MAX_BYTES = 1024 * 1024;

/** The campaign message a report is about, as its Message-ID names it. */
export type CampaignMessageRef = { campaignId: string; contactId: string; host: string };

/** One recipient's part of a delivery report (RFC 3464 §2.3). */
export type DeliveryLine = { action: string; status: string; diagnostic: string };

export type FeedbackMail =
  | { kind: "delivery"; message: CampaignMessageRef | null; recipients: DeliveryLine[] }
  | { kind: "complaint"; message: CampaignMessageRef | null; feedbackType: string; proof: string }
  /** A readable mail that is no report (an auto-reply sent to the bounce address). */
  | { kind: "other" };

const parserOptions = {
  // The delivery-status part as a part of its own, not merged into the text.
  keepDeliveryStatus: true,
  // The attached original as bytes: an inline `message/rfc822` would otherwise be parsed into
  // the text, and its Message-ID lost.
  ignoreEmbedded: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  checksumAlgo: false,
  maxChildNodes: 100,
  maxHeadSize: 64 * 1024,
} as const;

const deliveryTypes = new Set(["message/delivery-status", "message/global-delivery-status"]);
const feedbackTypes = new Set(["message/feedback-report"]);
const originalTypes = new Set([
  "message/rfc822",
  "message/global",
  "text/rfc822-headers",
  "message/global-headers",
]);
/** Blocks of a report read at most: a message went to one recipient, a report names a few. */
const MAX_BLOCKS = 50;
const MAX_HEAD_CHARS = 64 * 1024;

/** Text safe to keep: no control characters or broken surrogates, spaces folded, bounded. */
export function cleanText(text: string, max = 300): string {
  return text
    .toWellFormed()
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/**
 * Blocks of header-style fields separated by blank lines (RFC 3464 §2.1, RFC 5965 §3.1, a
 * header section): lower-cased names, folded lines joined, the first value of a name kept.
 */
export function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let block = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") {
      if (block.size) blocks.push(block);
      if (blocks.length >= MAX_BLOCKS) return blocks;
      block = new Map();
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line)) {
      if (last !== null && block.get(last) !== undefined)
        block.set(last, `${block.get(last)} ${line.trim()}`.slice(0, 2000));
      continue;
    }
    const field = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
    last = field ? field[1]!.toLowerCase() : null;
    if (field && !block.has(last!)) block.set(last!, field[2]!.trim().slice(0, 2000));
    else if (field) last = null;
  }
  if (block.size) blocks.push(block);
  return blocks.slice(0, MAX_BLOCKS);
}

const campaignMessageId =
  /^<?c\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@([a-z0-9.\-:[\]]{1,260})>?$/i;

/** `<c.{campaign}.{contact}@{host}>` → its parts; null for any other Message-ID. */
export function campaignMessageOf(messageId: string | undefined): CampaignMessageRef | null {
  const found = campaignMessageId.exec((messageId ?? "").trim());
  if (!found) return null;
  const ids = z.tuple([z.uuid(), z.uuid()]).safeParse([found[1], found[2]]);
  if (!ids.success) return null;
  return {
    campaignId: ids.data[0].toLowerCase(),
    contactId: ids.data[1].toLowerCase(),
    host: found[3]!.toLowerCase(),
  };
}

const partType = (part: Attachment) => (part.contentType ?? "").toLowerCase();

/** The Message-ID of the original a report attaches (whole, or its headers only). */
function originalMessage(parts: Attachment[]): CampaignMessageRef | null {
  const original = parts.find((part) => originalTypes.has(partType(part)));
  if (!original) return null;
  const text = original.content.toString("utf8", 0, Math.min(original.size, MAX_HEAD_CHARS));
  const head = text.split(/\r?\n[ \t]*\r?\n/, 1)[0] ?? "";
  return campaignMessageOf(fieldBlocks(head)[0]?.get("message-id"));
}

/** One per-recipient block: its action, status code and the remote server's words. */
function deliveryLine(block: Map<string, string>): DeliveryLine {
  const action = /^\s*([a-z]+)/i.exec(block.get("action") ?? "")?.[1]?.toLowerCase() ?? "";
  const status = /^\s*([245]\.\d{1,3}\.\d{1,3})(?!\d)/.exec(block.get("status") ?? "")?.[1] ?? "";
  return { action, status, diagnostic: cleanText(block.get("diagnostic-code") ?? "") };
}

/**
 * RFC 3464: the message will not reach this recipient, for a permanent reason that is the
 * address itself (a spam or policy block, 5.7.x, is no reason to stop writing to someone).
 */
export const isHardBounce = (line: DeliveryLine) =>
  line.action === "failed" &&
  line.status.startsWith("5.") &&
  addressIsGone({ enhanced: line.status, reply: replyCodeOf(line.diagnostic) });

/**
 * Reads one raw mail; null when it is no mail at all (nothing that parses as a header). A report
 * is recognised by its parts, wherever a forwarder put them, not only by the top type.
 */
export async function readFeedbackMail(raw: Uint8Array): Promise<FeedbackMail | null> {
  let mail: ParsedMail;
  try {
    // Loaded with the first report: most processes never read one (decision 049).
    const { simpleParser } = await import("mailparser");
    mail = await simpleParser(
      Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
      parserOptions,
    );
  } catch {
    return null;
  }
  if (mail.headers.size === 0) return null;
  const parts = mail.attachments;
  const status = parts.find((part) => deliveryTypes.has(partType(part)));
  if (status) {
    const blocks = fieldBlocks(status.content.toString("utf8"));
    // The first block is about the message; the recipients' follow (RFC 3464 §2.2, §2.3).
    const recipients = blocks
      .filter((block) => block.has("action") || block.has("final-recipient"))
      .map(deliveryLine);
    return { kind: "delivery", message: originalMessage(parts), recipients };
  }
  const feedback = parts.find((part) => feedbackTypes.has(partType(part)));
  if (feedback) {
    const fields = fieldBlocks(feedback.content.toString("utf8"))[0] ?? new Map<string, string>();
    const feedbackType = cleanText(fields.get("feedback-type") ?? "", 40).toLowerCase();
    const proof = [
      `Feedback-Type: ${feedbackType}`,
      ...["user-agent", "reporting-mta", "arrival-date"].flatMap((name) =>
        fields.get(name) ? [`${name}: ${cleanText(fields.get(name)!, 120)}`] : [],
      ),
    ].join("; ");
    return { kind: "complaint", message: originalMessage(parts), feedbackType, proof };
  }
  return { kind: "other" };
}
