import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { orders } from "./tables.server";

export type FunnelSale = { stepId: string; visitor: string; amount: number; currency: string };

/**
 * Issue 34: what a funnel's orders brought, per step that sold and visitor: the paid orders
 * less what was refunded (a wholly refunded order brings nothing). An upsell added to an order
 * is its step's; a part refund takes from each step in proportion.
 */
export async function funnelRevenue(
  database: Database,
  { accountId, funnelId }: { accountId: string; funnelId: string },
): Promise<FunnelSale[]> {
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .select({
        funnel: orders.funnel,
        total: orders.total,
        refunded: orders.refunded,
        currency: orders.currency,
      })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, accountId),
          sql`${orders.funnel}->>'funnelId' = ${funnelId}`,
          inArray(orders.status, ["paid", "fulfilled"]),
        ),
      ),
  );
  return rows.flatMap(({ funnel, total, refunded, currency }) => {
    if (!funnel) return [];
    const kept = total > 0 ? Math.max(total - refunded, 0) / total : 0;
    const upsells = funnel.upsells ?? [];
    const added = upsells.reduce((sum, one) => sum + one.amount, 0);
    const sale = (stepId: string, amount: number) => ({
      stepId,
      visitor: funnel.visitor,
      amount: Math.round(amount * kept),
      currency,
    });
    return [
      sale(funnel.stepId, total - added),
      ...upsells.map((one) => sale(one.stepId, one.amount)),
    ];
  });
}
