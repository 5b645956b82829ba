import { and, eq, inArray } from "drizzle-orm";
import { contacts } from "~/features/contacts/tables.server";
import { abWinnerOf, subjectFor } from "./campaign-ab.server";
import type { LedgerRow } from "./campaign-ledger.server";
import { personalise, type CompiledCampaign } from "./campaign-render.server";
import type { SendingServices } from "./campaign-sending.server";
import { fillMergeTags } from "./merge-tags";
import { recipientLinks } from "./recipient-links.server";
import { createSettler, settlementOf } from "./campaign-settle.server";
import { preparedMimeOf } from "./campaign-mime.server";
import type { CampaignTransport } from "./campaign-transport.server";
import type { Pacer } from "./sending-pace";
import type { campaigns } from "./tables.server";

// One batch of a campaign's send (decision 055): the engine's loop is in campaign-sending.server.ts.

export type BatchContext = {
  services: SendingServices;
  campaign: typeof campaigns.$inferSelect;
  compiledFor: (subject: string) => Promise<CompiledCampaign>;
  origin: string;
  host: string;
  from: string;
  pacer: Pacer;
  /** The site's relay or the platform's (site-relays.server.ts), and its connections. */
  transport: CampaignTransport;
  concurrency: number;
  /** Told of every answer from the relay: the run is alive (its hold is renewed). */
  alive?: () => void;
};

/**
 * Sends one claimed batch over `concurrency` connections; the relay's answers are settled in
 * groups (campaign-settle.server.ts), so a crash leaves at most twice the connections' worth
 * unsettled. Answers how many the relay took.
 */
export async function sendBatch(
  {
    services,
    campaign,
    compiledFor,
    origin,
    host,
    from,
    pacer,
    transport,
    concurrency,
    alive,
  }: BatchContext,
  batch: LedgerRow[],
): Promise<number> {
  const { database } = services;
  const { accountId, id: campaignId } = campaign;
  // Contacts as they are now: one unsubscribed or deleted since the start is skipped.
  const current = await database.forAccount(accountId, (tx) =>
    tx
      .select({
        id: contacts.id,
        status: contacts.status,
        fields: contacts.fields,
        name: contacts.name,
      })
      .from(contacts)
      .where(
        and(
          eq(contacts.accountId, accountId),
          inArray(
            contacts.id,
            batch.map((row) => row.contactId),
          ),
        ),
      ),
  );
  const byId = new Map(current.map((contact) => [contact.id, contact]));
  // A run that sent the A/B sample may go on to the rows the decision let go: it reads the
  // winner then.
  const winner =
    campaign.abWinner ??
    (batch.some((row) => row.variant === "winner")
      ? await abWinnerOf(database, { accountId, campaignId })
      : null);
  let sent = 0;
  // As many answers may wait unwritten as there are connections: a crash then sends again at
  // most twice the connections' worth, under the same Message-IDs.
  const settler = createSettler(database, { accountId, campaignId }, { limit: concurrency });
  const queue = [...batch];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const contact = byId.get(row.contactId);
      if (!contact || contact.status !== "subscribed") {
        await settler.add(row, {
          state: "skipped",
          lastError: contact ? contact.status : "deleted",
        });
        continue;
      }
      const delay = pacer.wait();
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const links = recipientLinks(services.secretBox, {
        origin,
        campaignId,
        contactId: row.contactId,
        tracking: campaign.tracking,
      });
      const values = { email: row.email, name: contact.name || row.name, fields: contact.fields };
      const subject = subjectFor({ ...campaign, abWinner: winner }, row.variant);
      const compiled = await compiledFor(subject);
      const outcome = await transport.send({
        from,
        to: row.email,
        subject: fillMergeTags(subject, values),
        // The relay takes the encoded parts; the plain bodies only if a transport asks (the outbox).
        body: () => personalise(compiled, values, links),
        mime: preparedMimeOf(compiled, campaign.tracking)(values, links),
        messageId: `<c.${campaignId}.${row.contactId}@${host}>`,
        headers: {
          "List-Unsubscribe": `<${links.oneClick}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "Feedback-ID": `${campaignId}:${accountId}:lyceum`,
        },
        site: host,
      });
      alive?.();
      if (outcome.kind === "sent") sent++;
      if (outcome.kind === "later" && outcome.slowDown) pacer.slowDown();
      else pacer.settle();
      await settler.add(row, settlementOf(row, outcome));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  } finally {
    // What the relay answered is written even when a send threw: those rows are settled.
    await settler.drain();
  }
  return sent;
}
