import { and, eq, sql } from "drizzle-orm";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import { funnelRevenue } from "~/features/orders/orders.server";
import type { Database } from "~/platform/db/database.server";
import type { FunnelReport, StepReport } from "./funnel-shapes";
import { stepsOf } from "./funnel-records.server";
import { funnels, funnelVisits } from "./tables.server";

type Sale = { visitor: string; amount: number };

/**
 * Issue 34 a funnel's report: per step its visitors, conversions (a checkout's are its paid
 * orders), revenue (paid, less refunds, in the site's currency) and, in a split test, each
 * page's; then its visitors by UTM source and by device, with those who bought and what they
 * paid. Counted in the database: a funnel may have millions of visits.
 */
export async function funnelReport(
  database: Database,
  {
    accountId,
    viewer,
    funnelId,
    currency,
  }: { accountId: string; viewer: Viewer | null; funnelId: string; currency: string },
): Promise<FunnelReport> {
  checkContactsManager(viewer);
  const sales = (await funnelRevenue(database, { accountId, funnelId })).filter(
    (sale) => sale.currency === currency,
  );
  const paying = (stepId: string): Sale[] =>
    sales
      .filter((sale) => sale.stepId === stepId)
      .map(({ visitor, amount }) => ({ visitor, amount }));
  const buyers: Sale[] = [];
  for (const sale of sales) {
    const known = buyers.find((one) => one.visitor === sale.visitor);
    if (known) known.amount += sale.amount;
    else buyers.push({ visitor: sale.visitor, amount: sale.amount });
  }
  return database.forAccount(accountId, async (tx) => {
    const [funnel] = await tx
      .select({ id: funnels.id })
      .from(funnels)
      .where(and(eq(funnels.accountId, accountId), eq(funnels.id, funnelId)));
    if (!funnel) return { currency, steps: [], bySource: [], byDevice: [] };
    const steps = await stepsOf(tx, accountId, funnelId);
    const reports: StepReport[] = [];
    for (const step of steps) {
      const sold = paying(step.id);
      const bought = JSON.stringify(sold.map((sale) => sale.visitor));
      const checkout = step.kind === "checkout";
      const variants = await tx
        .select({
          variant: funnelVisits.variant,
          visitors: sql<number>`count(*)::int`,
          conversions: checkout
            ? sql<number>`count(*) filter (where ${funnelVisits.visitor} in (select jsonb_array_elements_text(${bought}::jsonb)))::int`
            : sql<number>`count(${funnelVisits.convertedAt})::int`,
        })
        .from(funnelVisits)
        .where(and(eq(funnelVisits.accountId, accountId), eq(funnelVisits.stepId, step.id)))
        .groupBy(funnelVisits.variant)
        .orderBy(funnelVisits.variant);
      reports.push({
        stepId: step.id,
        title: step.title,
        kind: step.kind,
        visitors: variants.reduce((sum, row) => sum + row.visitors, 0),
        conversions: variants.reduce((sum, row) => sum + row.conversions, 0),
        revenue: sold.reduce((sum, sale) => sum + sale.amount, 0),
        variants: step.variantPageId
          ? (["a", "b"] as const).map((variant) => {
              const row = variants.find((one) => one.variant === variant);
              return { variant, visitors: row?.visitors ?? 0, conversions: row?.conversions ?? 0 };
            })
          : [],
      });
    }
    const grouped = async (column: "utm_source" | "device") => {
      const rows = await tx.execute<{
        key: string;
        visitors: number;
        buyers: number;
        revenue: number;
      }>(sql`
        with seen as (
          select visitor, min(${sql.raw(column)}) as key
          from funnel_visits
          where account_id = ${accountId} and funnel_id = ${funnelId}
          group by visitor
        ), paid as (
          select visitor, amount from jsonb_to_recordset(${JSON.stringify(buyers)}::jsonb)
            as sale(visitor text, amount int)
        )
        select seen.key, count(*)::int as visitors, count(paid.visitor)::int as buyers,
          coalesce(sum(paid.amount), 0)::int as revenue
        from seen left join paid on paid.visitor = seen.visitor
        group by seen.key
        order by visitors desc, seen.key
        limit 50`);
      return rows.rows.map((row) => ({
        key: row.key,
        visitors: Number(row.visitors),
        conversions: Number(row.buyers),
        revenue: Number(row.revenue),
      }));
    };
    const bySource = (await grouped("utm_source")).map(({ key, ...rest }) => ({
      source: key,
      ...rest,
    }));
    const byDevice = (await grouped("device")).map(({ key, ...rest }) => ({
      device: key,
      ...rest,
    }));
    return { currency, steps: reports, bySource, byDevice };
  });
}
