import { randomBytes } from "node:crypto";
import { accountExports } from "~/features/account-transfer/tables.server";
import { apiKeys } from "~/features/api-keys/tables.server";
import { auditLog } from "~/features/console/tables.server";
import { planPurchases } from "~/features/billing/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { supportTickets, ticketReplies } from "~/features/tickets/tables.server";
import { usageActiveUsers, usageAlerts, usageCounters } from "~/features/usage/tables.server";
import type { Database } from "~/platform/db/database.server";

/**
 * One row in each of issue 17's tenant tables (and issue 37's exports and API keys) for an account (the isolation probe needs rows on
 * both sides). `orderId`: an order of the same account, for a plan purchase's row.
 */
export async function createBusinessRows(
  database: Database,
  { accountId, userId, orderId }: { accountId: string; userId: string; orderId: string },
) {
  await upsertPlanCatalogue(database);
  return database.forAccount(accountId, async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ accountId, subject: "The site is slow", category: "issue", openedBy: userId })
      .returning();
    await tx
      .insert(ticketReplies)
      .values({ accountId, ticketId: ticket!.id, authorId: userId, body: "Since this morning." });
    // Issue 37: an owner's export of the account.
    await tx.insert(accountExports).values({ accountId, requestedBy: userId });
    // Issue 37: an API key (decision 086): only a hash is stored.
    await tx.insert(apiKeys).values({
      accountId,
      name: "Probe",
      prefix: "lyk_probe000",
      keyHash: randomBytes(32).toString("hex"),
      scopes: ["products:read"],
      createdBy: userId,
    });
    await tx
      .insert(usageCounters)
      .values({ accountId, meter: "emails", period: "2026-11", amount: 3 });
    await tx.insert(usageActiveUsers).values({ accountId, period: "2026-11", userId });
    await tx
      .insert(usageAlerts)
      .values({ accountId, meter: "emails", period: "2026-11", level: 80 });
    await tx.insert(auditLog).values({
      accountId,
      actorId: userId,
      actorEmail: "someone@example.test",
      action: "account.suspend",
      targetAccountId: accountId,
    });
    await tx.insert(planPurchases).values({
      accountId,
      orderId,
      siteAccountId: accountId,
      planId: "starter",
      interval: "monthly",
    });
    return { ticket: ticket! };
  });
}
