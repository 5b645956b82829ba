import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import { products } from "~/features/products/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type {
  AffiliateMemberView,
  AffiliateRowView,
  AffiliateStats,
  AffiliatesOwnerView,
  CommissionView,
  Money,
  PayoutView,
  ProgrammeView,
} from "./affiliate-shapes";
import { REFERRAL_PARAMETER } from "./referral-cookie";
import {
  affiliateClickDays,
  affiliateCommissions,
  affiliatePayouts,
  affiliateProgrammes,
  affiliates,
  affiliateSignUps,
} from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };

async function programmeView(tx: Tx, accountId: string, currency: string): Promise<ProgrammeView> {
  const [row] = await tx
    .select()
    .from(affiliateProgrammes)
    .where(eq(affiliateProgrammes.accountId, accountId));
  return {
    enabled: row?.enabled ?? false,
    commissionType: row?.commissionType ?? "percent",
    percentBasis: row?.percentBasis ?? 3000,
    flatAmount: row?.flatAmount ?? 0,
    productCommissions: row?.productCommissions ?? [],
    cookieDays: row?.cookieDays ?? 30,
    recurring: row?.recurring ?? false,
    approval: row?.approval ?? "manual",
    minPayout: row?.minPayout ?? 0,
    terms: row?.terms ?? "",
    currency,
  };
}

const emptyStats = (): AffiliateStats => ({
  clicks: 0,
  signUps: 0,
  sales: 0,
  earned: [],
  due: [],
  paid: [],
});

const addMoney = (list: Money[], currency: string, amount: number) => {
  const found = list.find((one) => one.currency === currency);
  if (found) found.amount += amount;
  else list.push({ currency, amount });
};

/** Clicks, sign-ups, sales and money of these affiliates, in five grouped reads. */
async function statsOf(tx: Tx, accountId: string, ids: string[]) {
  const stats = new Map(ids.map((id) => [id, emptyStats()]));
  if (ids.length === 0) return stats;
  const clicks = await tx
    .select({
      id: affiliateClickDays.affiliateId,
      n: sql<number>`sum(${affiliateClickDays.clicks})::int`,
    })
    .from(affiliateClickDays)
    .where(
      and(
        eq(affiliateClickDays.accountId, accountId),
        inArray(affiliateClickDays.affiliateId, ids),
      ),
    )
    .groupBy(affiliateClickDays.affiliateId);
  for (const row of clicks) stats.get(row.id)!.clicks = row.n;
  const signUps = await tx
    .select({ id: affiliateSignUps.affiliateId, n: sql<number>`count(*)::int` })
    .from(affiliateSignUps)
    .where(
      and(eq(affiliateSignUps.accountId, accountId), inArray(affiliateSignUps.affiliateId, ids)),
    )
    .groupBy(affiliateSignUps.affiliateId);
  for (const row of signUps) stats.get(row.id)!.signUps = row.n;
  const lines = await tx
    .select({
      id: affiliateCommissions.affiliateId,
      kind: affiliateCommissions.kind,
      status: affiliateCommissions.status,
      reversed: sql<boolean>`${affiliateCommissions.reversedAt} is not null`,
      currency: affiliateCommissions.currency,
      n: sql<number>`count(*)::int`,
      amount: sql<number>`sum(${affiliateCommissions.amount})::int`,
    })
    .from(affiliateCommissions)
    .where(
      and(
        eq(affiliateCommissions.accountId, accountId),
        inArray(affiliateCommissions.affiliateId, ids),
        inArray(affiliateCommissions.status, ["due", "paid"]),
      ),
    )
    .groupBy(
      affiliateCommissions.affiliateId,
      affiliateCommissions.kind,
      affiliateCommissions.status,
      sql`${affiliateCommissions.reversedAt} is not null`,
      affiliateCommissions.currency,
    );
  for (const row of lines) {
    const one = stats.get(row.id)!;
    if (row.kind === "sale" && !row.reversed) one.sales += row.n;
    addMoney(one.earned, row.currency, row.amount);
    if (row.status === "due") addMoney(one.due, row.currency, row.amount);
  }
  const paid = await tx
    .select({
      id: affiliatePayouts.affiliateId,
      currency: affiliatePayouts.currency,
      amount: sql<number>`sum(${affiliatePayouts.amount})::int`,
    })
    .from(affiliatePayouts)
    .where(
      and(eq(affiliatePayouts.accountId, accountId), inArray(affiliatePayouts.affiliateId, ids)),
    )
    .groupBy(affiliatePayouts.affiliateId, affiliatePayouts.currency);
  for (const row of paid) addMoney(stats.get(row.id)!.paid, row.currency, row.amount);
  return stats;
}

async function commissionsOf(tx: Tx, accountId: string, affiliateId: string | null) {
  const rows = await tx
    .select({ line: affiliateCommissions, affiliateName: affiliates.name })
    .from(affiliateCommissions)
    .innerJoin(
      affiliates,
      and(
        eq(affiliates.accountId, affiliateCommissions.accountId),
        eq(affiliates.id, affiliateCommissions.affiliateId),
      ),
    )
    .where(
      and(
        eq(affiliateCommissions.accountId, accountId),
        affiliateId ? eq(affiliateCommissions.affiliateId, affiliateId) : undefined,
      ),
    )
    .orderBy(desc(affiliateCommissions.createdAt))
    .limit(200);
  return rows.map(({ line, affiliateName }): CommissionView => ({
    id: line.id,
    affiliateId: line.affiliateId,
    affiliateName,
    orderNumber: line.orderNumber,
    kind: line.kind,
    status: line.reversedAt && line.status === "paid" ? "reversed" : line.status,
    amount: line.amount,
    orderTotal: line.orderTotal,
    currency: line.currency,
    reason: line.reason,
    createdAt: line.createdAt.toISOString(),
  }));
}

export async function payoutsOf(
  tx: Tx,
  accountId: string,
  affiliateId: string | null,
  limit = 200,
) {
  const rows = await tx
    .select({
      payout: affiliatePayouts,
      affiliateName: affiliates.name,
      email: affiliates.email,
      payoutDetails: affiliates.payoutDetails,
    })
    .from(affiliatePayouts)
    .innerJoin(
      affiliates,
      and(
        eq(affiliates.accountId, affiliatePayouts.accountId),
        eq(affiliates.id, affiliatePayouts.affiliateId),
      ),
    )
    .where(
      and(
        eq(affiliatePayouts.accountId, accountId),
        affiliateId ? eq(affiliatePayouts.affiliateId, affiliateId) : undefined,
      ),
    )
    .orderBy(desc(affiliatePayouts.paidAt))
    .limit(limit);
  return rows.map(({ payout, affiliateName, email, payoutDetails }) => ({
    view: {
      id: payout.id,
      affiliateId: payout.affiliateId,
      affiliateName,
      amount: payout.amount,
      currency: payout.currency,
      commissions: payout.commissions,
      note: payout.note,
      paidAt: payout.paidAt.toISOString(),
    } satisfies PayoutView,
    email,
    payoutDetails,
  }));
}

/** M5 the owner's affiliates screen: the programme, its affiliates with their figures, the ledger. */
export async function loadAffiliatesScreen(
  database: Database,
  { accountId, viewer, currency }: Place & { currency: string },
): Promise<AffiliatesOwnerView> {
  requireCapability(viewer, "manage_options");
  return database.forAccount(accountId, async (tx) => {
    const programme = await programmeView(tx, accountId, currency);
    const rows = await tx
      .select()
      .from(affiliates)
      .where(eq(affiliates.accountId, accountId))
      .orderBy(desc(affiliates.createdAt))
      .limit(500);
    const stats = await statsOf(
      tx,
      accountId,
      rows.map((row) => row.id),
    );
    const choices = await tx
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.accountId, accountId))
      .orderBy(products.title)
      .limit(500);
    return {
      programme,
      affiliates: rows.map((row): AffiliateRowView => ({
        id: row.id,
        name: row.name,
        email: row.email,
        code: row.code,
        status: row.status,
        payoutDetails: row.payoutDetails,
        createdAt: row.createdAt.toISOString(),
        stats: stats.get(row.id)!,
      })),
      commissions: await commissionsOf(tx, accountId, null),
      payouts: (await payoutsOf(tx, accountId, null)).map((row) => row.view),
      products: choices,
    };
  });
}

/** A member's affiliate screen: the programme's terms, and their link and figures once joined. */
export async function loadMemberAffiliate(
  database: Database,
  { accountId, viewer, currency, linkOrigin }: Place & { currency: string; linkOrigin: string },
): Promise<AffiliateMemberView> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  return database.forAccount(accountId, async (tx) => {
    const {
      productCommissions: _own,
      approval: _approval,
      ...programme
    } = await programmeView(tx, accountId, currency);
    const [row] = await tx
      .select()
      .from(affiliates)
      .where(and(eq(affiliates.accountId, accountId), eq(affiliates.userId, viewer.user.id)));
    if (!row) return { programme, affiliate: null };
    const stats = await statsOf(tx, accountId, [row.id]);
    return {
      programme,
      affiliate: {
        code: row.code,
        status: row.status,
        payoutDetails: row.payoutDetails,
        link: `${linkOrigin}/?${REFERRAL_PARAMETER}=${row.code}`,
        stats: stats.get(row.id)!,
        commissions: await commissionsOf(tx, accountId, row.id),
        payouts: (await payoutsOf(tx, accountId, row.id)).map((one) => one.view),
      },
    };
  });
}
