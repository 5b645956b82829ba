/*
 * Which permanent failures say the address itself is dead (RFC 3463 enhanced status codes),
 * as against a refusal of this message: a policy or spam block (5.7.x), a full mailbox (5.2.2),
 * a system or content problem. Only a dead address marks the contact `bounced`; the others
 * fail the one message and leave the contact subscribed.
 */

/** Reply codes that name a dead mailbox when no enhanced code says more (RFC 5321). */
const mailboxGoneReplies = new Set([550, 551, 553]);

/** The first enhanced status code in an SMTP reply or diagnostic (`550 5.1.1 …` → `5.1.1`). */
export function enhancedCodeOf(text: string): string | undefined {
  return /(?<![\d.])([245]\.\d{1,3}\.\d{1,3})(?![\d.])/.exec(text)?.[1];
}

/** The first three-digit reply code of a diagnostic (`smtp; 550 …` → 550). */
export function replyCodeOf(text: string): number | undefined {
  const found = /(?<![\d.])([2-5]\d\d)(?![\d.])/.exec(text)?.[1];
  return found ? Number(found) : undefined;
}

export function addressIsGone({ enhanced, reply }: { enhanced?: string; reply?: number }): boolean {
  if (enhanced && enhanced !== "5.0.0")
    return /^5\.1\.\d{1,3}$/.test(enhanced) || enhanced === "5.2.1";
  return reply !== undefined && mailboxGoneReplies.has(reply);
}
