import {
  affiliateClickDays,
  affiliateCommissions,
  affiliatePayouts,
  affiliateProgrammes,
  affiliates,
  affiliateSignUps,
} from "~/features/affiliates/tables.server";
import type { Database } from "~/platform/db/database.server";
import { createMember } from "./index";

/**
 * A site's affiliate programme with one affiliate (a member), a day's clicks, a sign-up, a paid
 * commission and its payout, as raw rows.
 */
export async function createAffiliateRows(
  database: Database,
  { accountId }: { accountId: string },
) {
  const { user } = await createMember(database, { accountId, user: undefined });
  await database.forAccount(accountId, async (tx) => {
    await tx.insert(affiliateProgrammes).values({ accountId, enabled: true });
    const [affiliate] = await tx
      .insert(affiliates)
      .values({
        accountId,
        userId: user.id,
        email: user.email,
        name: user.name,
        code: `partner-${crypto.randomUUID().slice(0, 6)}`,
        status: "approved",
      })
      .returning({ id: affiliates.id });
    const affiliateId = affiliate!.id;
    await tx
      .insert(affiliateClickDays)
      .values({ accountId, affiliateId, day: "2026-11-27", clicks: 3 });
    await tx.insert(affiliateSignUps).values({ accountId, affiliateId, userId: user.id });
    const [payout] = await tx
      .insert(affiliatePayouts)
      .values({ accountId, affiliateId, amount: 1500, currency: "USD", commissions: 1 })
      .returning({ id: affiliatePayouts.id });
    await tx.insert(affiliateCommissions).values({
      accountId,
      affiliateId,
      orderId: crypto.randomUUID(),
      orderNumber: 1,
      kind: "sale",
      status: "paid",
      amount: 1500,
      orderTotal: 5000,
      currency: "USD",
      payoutId: payout!.id,
    });
  });
}
