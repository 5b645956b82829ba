import { campaignRecipients, campaigns } from "~/features/campaigns/tables.server";
import type { Database } from "~/platform/db/database.server";

/** One campaign with one row of its ledger, written as raw rows. */
export async function createCampaignRows(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, async (tx) => {
    const [campaign] = await tx
      .insert(campaigns)
      .values({ accountId, name: "Welcome", subject: "Hello", status: "sent", audienceCount: 1 })
      .returning({ id: campaigns.id });
    await tx.insert(campaignRecipients).values({
      accountId,
      campaignId: campaign!.id,
      contactId: crypto.randomUUID(),
      email: `r-${accountId}@example.com`,
      state: "sent",
      sentAt: new Date(),
    });
  });
}
