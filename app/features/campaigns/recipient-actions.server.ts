import { and, eq, isNull, sql } from "drizzle-orm";
import { logConsent } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Database } from "~/platform/db/database.server";
import {
  emitDomainEvent,
  emitDomainEvents,
  type DomainEvent,
} from "~/features/events/events.server";
import { campaignLinks } from "./campaign-render.server";
import { campaignRecipients, campaigns } from "./tables.server";

/*
 * What a recipient does from a campaign's mail: unsubscribes (one click, RFC 8058, or on the
 * preference page), subscribes again, opens it, clicks a link. Each is idempotent: a second
 * click, a retried POST or a scanner's visit changes nothing more than the first did.
 */

export type RecipientRef = { accountId: string; campaignId: string; contactId: string };

const rowIs = ({ accountId, campaignId, contactId }: RecipientRef) =>
  and(
    eq(campaignRecipients.accountId, accountId),
    eq(campaignRecipients.campaignId, campaignId),
    eq(campaignRecipients.contactId, contactId),
  );

export type Proof = { ip: string; userAgent: string };

/** The reader's state as their preference page shows it; null when the link names no one. */
export async function recipientStatus(database: Database, ref: RecipientRef) {
  const [row] = await database.forAccount(ref.accountId, (tx) =>
    tx
      .select({ email: campaignRecipients.email, status: contacts.status })
      .from(campaignRecipients)
      .leftJoin(
        contacts,
        and(
          eq(contacts.accountId, campaignRecipients.accountId),
          eq(contacts.id, campaignRecipients.contactId),
        ),
      )
      .where(rowIs(ref)),
  );
  return row ? { email: row.email, subscribed: row.status === "subscribed" } : null;
}

/**
 * Unsubscribes the contact a campaign was sent to, logged with the campaign as its origin.
 * Answers false when the link names no recipient (a test message, a deleted campaign).
 */
export async function unsubscribeRecipient(
  database: Database,
  ref: RecipientRef & Proof & { oneClick: boolean },
  now = new Date(),
): Promise<boolean> {
  return database.forAccount(ref.accountId, async (tx) => {
    const [row] = await tx
      .update(campaignRecipients)
      .set({ unsubscribedAt: sql`coalesce(${campaignRecipients.unsubscribedAt}, ${now})` })
      .where(rowIs(ref))
      .returning({ contactId: campaignRecipients.contactId });
    if (!row) return false;
    const [changed] = await tx
      .update(contacts)
      .set({ status: "unsubscribed", updatedAt: now })
      .where(
        and(
          eq(contacts.accountId, ref.accountId),
          eq(contacts.id, ref.contactId),
          sql`${contacts.status} in ('subscribed', 'unconfirmed')`,
        ),
      )
      .returning({ id: contacts.id });
    if (changed)
      await emitDomainEvent(tx, ref.accountId, {
        type: "contact.unsubscribed",
        contactId: ref.contactId,
        data: { campaignId: ref.campaignId },
      });
    if (changed)
      await logConsent(tx, {
        accountId: ref.accountId,
        contactId: ref.contactId,
        action: "unsubscribe",
        proof: {
          wording: ref.oneClick ? "List-Unsubscribe=One-Click" : "",
          origin: `campaign:${ref.campaignId}`,
          ip: ref.ip,
          userAgent: ref.userAgent,
        },
        now,
      });
    return true;
  });
}

/** The reader changed their mind on the preference page: subscribed again, logged. */
export async function resubscribeRecipient(
  database: Database,
  ref: RecipientRef & Proof & { wording: string },
  now = new Date(),
): Promise<boolean> {
  return database.forAccount(ref.accountId, async (tx) => {
    const [row] = await tx
      .select({ contactId: campaignRecipients.contactId })
      .from(campaignRecipients)
      .where(rowIs(ref));
    if (!row) return false;
    const [changed] = await tx
      .update(contacts)
      .set({ status: "subscribed", updatedAt: now })
      .where(
        and(
          eq(contacts.accountId, ref.accountId),
          eq(contacts.id, ref.contactId),
          eq(contacts.status, "unsubscribed"),
        ),
      )
      .returning({ id: contacts.id });
    if (changed)
      await logConsent(tx, {
        accountId: ref.accountId,
        contactId: ref.contactId,
        action: "resubscribe",
        proof: {
          wording: ref.wording,
          origin: `campaign:${ref.campaignId}`,
          ip: ref.ip,
          userAgent: ref.userAgent,
        },
        now,
      });
    return true;
  });
}

/**
 * Opens and clicks by machines (Apple's privacy proxy and other image prefetchers, link
 * scanners of mail security gateways) are told apart from people: by their user agent, by a
 * HEAD request, or by coming within seconds of the send, before any person could have read.
 */
const machineAgents =
  /GoogleImageProxy|YahooMailProxy|ggpht\.com|Barracuda|Mimecast|Proofpoint|MessageLabs|Forcepoint|TrendMicro|Symantec|SafeLinks|bot\b|crawler|spider|scanner|preview|HeadlessChrome|curl\/|wget\/|python-requests|Go-http-client|okhttp|Java\//i;
const MACHINE_WINDOW_MS = 5_000;

export function isMachine({
  userAgent,
  method,
  sentAt,
  now,
}: {
  userAgent: string;
  method: string;
  sentAt: Date | null;
  now: Date;
}): boolean {
  if (method === "HEAD" || userAgent.trim() === "") return true;
  if (machineAgents.test(userAgent)) return true;
  return sentAt !== null && now.getTime() - sentAt.getTime() < MACHINE_WINDOW_MS;
}

const openEvent = (type: "email.opened" | "email.clicked", ref: RecipientRef): DomainEvent => ({
  type,
  contactId: ref.contactId,
  data: { campaignId: ref.campaignId },
});

/** An open: a person's first one is kept, a machine's is kept apart. */
export async function recordOpen(
  database: Database,
  ref: RecipientRef & { userAgent: string; method: string },
  now = new Date(),
) {
  await database.forAccount(ref.accountId, async (tx) => {
    const [row] = await tx
      .select({ sentAt: campaignRecipients.sentAt })
      .from(campaignRecipients)
      .where(rowIs(ref));
    if (!row) return;
    const machine = isMachine({ ...ref, sentAt: row.sentAt, now });
    const column = machine ? campaignRecipients.machineOpenedAt : campaignRecipients.openedAt;
    const first = await tx
      .update(campaignRecipients)
      .set(machine ? { machineOpenedAt: now } : { openedAt: now })
      .where(and(rowIs(ref), isNull(column)))
      .returning({ contactId: campaignRecipients.contactId });
    // A person's first open is an event (an automation may wait on it); a machine's is not.
    if (!machine && first.length)
      await emitDomainEvent(tx, ref.accountId, openEvent("email.opened", ref), now);
  });
}

/**
 * A click on link `index` of the campaign: answers where it goes (only a link the campaign
 * holds, never an address from the URL). A person's click also counts as an open.
 */
export async function recordClick(
  database: Database,
  ref: RecipientRef & { index: number; userAgent: string; method: string },
  now = new Date(),
): Promise<string | null> {
  return database.forAccount(ref.accountId, async (tx) => {
    const [row] = await tx
      .select({ sentAt: campaignRecipients.sentAt, blocks: campaigns.blocks })
      .from(campaignRecipients)
      .innerJoin(
        campaigns,
        and(
          eq(campaigns.accountId, campaignRecipients.accountId),
          eq(campaigns.id, campaignRecipients.campaignId),
        ),
      )
      .where(rowIs(ref));
    if (!row) return null;
    const target = campaignLinks(row.blocks)[ref.index];
    if (!target) return null;
    if (!isMachine({ ...ref, sentAt: row.sentAt, now })) {
      const [before] = await tx
        .select({ opened: campaignRecipients.openedAt, clicked: campaignRecipients.clickedAt })
        .from(campaignRecipients)
        .where(rowIs(ref))
        .for("update");
      await tx
        .update(campaignRecipients)
        .set({
          clickedAt: sql`coalesce(${campaignRecipients.clickedAt}, ${now})`,
          openedAt: sql`coalesce(${campaignRecipients.openedAt}, ${now})`,
        })
        .where(rowIs(ref));
      await emitDomainEvents(
        tx,
        ref.accountId,
        [
          ...(before?.opened ? [] : [openEvent("email.opened", ref)]),
          ...(before?.clicked ? [] : [openEvent("email.clicked", ref)]),
        ],
        now,
      );
    }
    return target;
  });
}
