import {
  campaignRecipients,
  campaigns,
  campaignSendingSettings,
} from "~/features/campaigns/tables.server";
import { recordRevision } from "~/features/content/content.server";
import type { Database } from "~/platform/db/database.server";

/**
 * One campaign with one row of its ledger and a revision (content_revisions, kind "campaign"),
 * and the site's sending settings, written as raw rows.
 */
export async function createCampaignRows(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, async (tx) => {
    const [campaign] = await tx
      .insert(campaigns)
      .values({ accountId, name: "Welcome", subject: "Hello", status: "sent", audienceCount: 1 })
      .returning({ id: campaigns.id });
    await recordRevision(tx, {
      accountId,
      itemKind: "campaign",
      itemId: campaign!.id,
      version: 1,
      author: null,
      snapshot: { name: "Welcome", subject: "Hello" },
    });
    await tx.insert(campaignRecipients).values({
      accountId,
      campaignId: campaign!.id,
      contactId: crypto.randomUUID(),
      email: `r-${accountId}@example.com`,
      state: "sent",
      sentAt: new Date(),
    });
    await tx.insert(campaignSendingSettings).values({
      accountId,
      senderName: "Isolation",
      smtpEnabled: true,
      smtpHost: "smtp.example.com",
      smtpUsername: "user",
      smtpPasswordSealed: "v1.sealed-elsewhere",
    });
  });
}
