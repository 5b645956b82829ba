import { funnels, funnelSteps, funnelVisits } from "~/features/funnels/tables.server";
import type { Database } from "~/platform/db/database.server";

/** A funnel with one step and one visit, written as raw rows. */
export async function createFunnelRows(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, async (tx) => {
    const [funnel] = await tx
      .insert(funnels)
      .values({ accountId, name: "Launch", slug: "launch", status: "live" })
      .returning();
    const [step] = await tx
      .insert(funnelSteps)
      .values({
        accountId,
        funnelId: funnel!.id,
        position: 0,
        kind: "sales",
        title: "Sales",
        slug: "sales",
        pageId: crypto.randomUUID(),
        settings: { formId: null, products: [], bump: null, offer: null, declineStepId: null },
      })
      .returning();
    await tx
      .insert(funnelVisits)
      .values({ accountId, funnelId: funnel!.id, stepId: step!.id, visitor: crypto.randomUUID() });
  });
}
