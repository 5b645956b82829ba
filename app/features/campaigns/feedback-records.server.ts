import { and, eq, ne, sql } from "drizzle-orm";
import { logConsent } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import {
  cleanText,
  isHardBounce,
  type CampaignMessageRef,
  type FeedbackMail,
} from "./feedback-reports.server";
import { campaignRecipients } from "./tables.server";

/*
 * What a bounce or complaint report changes (decision 055, addendum). The site is the one whose
 * host the Message-ID names, and the message must be a row of that site's ledger: a report
 * naming another site's campaign, or a host of no site, changes nothing. A hard bounce marks
 * the contact `bounced`, a complaint `complained` (never mailed again); each is one line of the
 * consent log. Every change is guarded by the state it expects, so the same report posted twice,
 * or twenty times at once, changes things once.
 */

/** What a report did: messages of ours marked bounced or complained, and what it left alone. */
export type FeedbackSummary = { bounced: number; complained: number; ignored: number };

/** The site (account) a campaign message's host belongs to, or null for no site's. */
export type AccountOfHost = (host: string) => Promise<string | null>;

type Ref = { accountId: string; campaignId: string; contactId: string };

const rowIs = ({ accountId, campaignId, contactId }: Ref) =>
  and(
    eq(campaignRecipients.accountId, accountId),
    eq(campaignRecipients.campaignId, campaignId),
    eq(campaignRecipients.contactId, contactId),
  );
const contactIs = ({ accountId, contactId }: Ref) =>
  and(eq(contacts.accountId, accountId), eq(contacts.id, contactId));

/** A hard bounce that came later than the SMTP answer: the ledger row and the contact. */
async function markBounced(tx: Tx, ref: Ref, wording: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(campaignRecipients)
    .set({ bouncedAt: sql`coalesce(${campaignRecipients.bouncedAt}, ${now})` })
    .where(rowIs(ref))
    .returning({ contactId: campaignRecipients.contactId });
  if (!row) return false;
  // Only a subscribed contact becomes bounced: one who unsubscribed or complained keeps that.
  const [changed] = await tx
    .update(contacts)
    .set({ status: "bounced", updatedAt: now })
    .where(and(contactIs(ref), eq(contacts.status, "subscribed")))
    .returning({ id: contacts.id });
  if (changed)
    await logConsent(tx, {
      accountId: ref.accountId,
      contactId: ref.contactId,
      action: "bounce",
      proof: { wording, origin: `campaign:${ref.campaignId}` },
      now,
    });
  return true;
}

/** The reader marked the message as spam: an unsubscription that no one may undo but the owner. */
async function markComplained(tx: Tx, ref: Ref, wording: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(campaignRecipients)
    .set({ complainedAt: sql`coalesce(${campaignRecipients.complainedAt}, ${now})` })
    .where(rowIs(ref))
    .returning({ contactId: campaignRecipients.contactId });
  if (!row) return false;
  const [changed] = await tx
    .update(contacts)
    .set({ status: "complained", updatedAt: now })
    .where(and(contactIs(ref), ne(contacts.status, "complained")))
    .returning({ id: contacts.id });
  if (changed)
    await logConsent(tx, {
      accountId: ref.accountId,
      contactId: ref.contactId,
      action: "complaint",
      proof: { wording, origin: `campaign:${ref.campaignId}` },
      now,
    });
  return true;
}

/** What one report asks for, before the ledger is looked at. */
function verdictOf(
  mail: FeedbackMail,
):
  | { act: "bounce" | "complaint"; message: CampaignMessageRef; wording: string; others: number }
  | { act: "none"; ignored: number } {
  if (mail.kind === "delivery") {
    const hard = mail.recipients.filter(isHardBounce);
    const others = mail.recipients.length - hard.length;
    if (!hard.length || !mail.message) return { act: "none", ignored: Math.max(1, others) };
    const [first] = hard;
    const wording = cleanText(`Delivery report: ${first!.status} ${first!.diagnostic}`);
    return { act: "bounce", message: mail.message, wording, others };
  }
  if (mail.kind === "complaint" && mail.feedbackType === "abuse" && mail.message)
    return { act: "complaint", message: mail.message, wording: cleanText(mail.proof), others: 0 };
  return { act: "none", ignored: 1 };
}

/**
 * Applies one report. A delayed or temporary failure (4.x.x), a success, a feedback report of
 * another type than `abuse`, or a message of no campaign of the named site is ignored.
 */
export async function recordFeedback(
  database: Database,
  {
    accountOfHost,
    mail,
    now = new Date(),
  }: { accountOfHost: AccountOfHost; mail: FeedbackMail; now?: Date },
): Promise<FeedbackSummary> {
  const verdict = verdictOf(mail);
  if (verdict.act === "none") return { bounced: 0, complained: 0, ignored: verdict.ignored };
  const { message, wording, others } = verdict;
  const accountId = await accountOfHost(message.host);
  const known =
    accountId !== null &&
    (await database.forAccount(accountId, (tx) => {
      const ref = { accountId, campaignId: message.campaignId, contactId: message.contactId };
      return verdict.act === "bounce"
        ? markBounced(tx, ref, wording, now)
        : markComplained(tx, ref, wording, now);
    }));
  return {
    bounced: known && verdict.act === "bounce" ? 1 : 0,
    complained: known && verdict.act === "complaint" ? 1 : 0,
    ignored: others + (known ? 0 : 1),
  };
}
