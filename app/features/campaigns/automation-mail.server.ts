import { and, eq, sql } from "drizzle-orm";
import { contacts } from "~/features/contacts/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { CAMPAIGN_SEND_JOB } from "./campaign-sending.server";
import type { CampaignBlock } from "./campaign-shapes";
import { campaignRecipients, campaigns } from "./tables.server";

/*
 * An automation's e-mail steps go through this engine (decision 061): each step's e-mail is a
 * campaign of kind `automation`, always sending, whose ledger gains a row each time a run
 * reaches the step. Sending, pacing, the e-mail meter, opens, clicks, bounces and unsubscribes
 * are then the campaigns' own.
 */

type JobSender = {
  send(
    tx: Tx,
    name: string,
    data: Record<string, unknown>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
};

/** Makes the campaign of one published e-mail step, inside the publishing transaction. */
export async function createAutomationCampaign(
  tx: Tx,
  {
    accountId,
    name,
    subject,
    preheader,
    blocks,
    linkOrigin,
  }: {
    accountId: string;
    name: string;
    subject: string;
    preheader: string;
    blocks: CampaignBlock[];
    linkOrigin: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(campaigns)
    .values({
      accountId,
      kind: "automation",
      name,
      subject,
      preheader,
      blocks,
      status: "sending",
      startedAt: new Date(),
      linkOrigin,
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

export type QueuedMessage = { queued: true } | { queued: false; reason: string };

/**
 * Inside the run's transaction: the contact joins the e-mail's ledger (again, when an earlier
 * run's message to them is through), and a sender is asked for. Only a subscribed contact is
 * written to; the ledger's sender checks again before each batch.
 */
export async function queueAutomationMessage(
  tx: Tx,
  jobs: JobSender,
  {
    accountId,
    campaignId,
    contactId,
  }: { accountId: string; campaignId: string; contactId: string },
): Promise<QueuedMessage> {
  const [contact] = await tx
    .select({ email: contacts.email, name: contacts.name, status: contacts.status })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
  if (!contact) return { queued: false, reason: "noContact" };
  if (contact.status !== "subscribed") return { queued: false, reason: contact.status };
  const written = await tx.execute(sql`
    insert into ${campaignRecipients} (account_id, campaign_id, contact_id, email, name)
    values (${accountId}, ${campaignId}, ${contactId}, ${contact.email}, ${contact.name})
    on conflict (account_id, campaign_id, contact_id) do update
       set state = 'queued', attempts = 0, next_attempt_at = now(), uncertain = false,
           last_error = '', email = excluded.email, name = excluded.name, sent_at = null,
           opened_at = null, machine_opened_at = null, clicked_at = null
     where ${campaignRecipients.state} in ('sent', 'failed', 'skipped')
    returning contact_id`);
  if (written.rows.length === 0) return { queued: false, reason: "alreadyQueued" };
  // One sender per campaign at a time (the send job's key): a run that finds the ledger empty
  // may end just as this row commits, so the send asked for here starts a second or two later,
  // under the key of that later second, where no running sender can have dropped it.
  const second = Math.floor(Date.now() / 1000) + 2;
  await jobs.send(
    tx,
    CAMPAIGN_SEND_JOB,
    { accountId, campaignId },
    { singletonKey: `${campaignId}:${second}`, startAfterSeconds: 1 },
  );
  return { queued: true };
}

/** Whether the contact opened, or clicked in, the e-mail of a campaign (people, not machines). */
export async function emailEngagement(
  tx: Tx,
  {
    accountId,
    campaignId,
    contactId,
  }: { accountId: string; campaignId: string; contactId: string },
): Promise<{ opened: boolean; clicked: boolean }> {
  const [row] = await tx
    .select({ opened: campaignRecipients.openedAt, clicked: campaignRecipients.clickedAt })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.accountId, accountId),
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.contactId, contactId),
      ),
    );
  return { opened: Boolean(row?.opened), clicked: Boolean(row?.clicked) };
}
