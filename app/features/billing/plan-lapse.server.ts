// A plan whose subscription ended unpaid (decision 035): the owner and managers are told, a
// grace runs while the plan still applies, then the site falls back to the plan a new site
// starts on (NEW_SITE_PLAN). The public site stays online and nothing is deleted; buying a
// plan at any time ends the lapse.
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { NEW_SITE_PLAN } from "~/features/accounts/accounts";
import {
  PLATFORM_ACCOUNT_ID,
  changeAccountSettings,
  readAccount,
} from "~/features/accounts/accounts.server";
import { findPlan } from "~/features/plans/plans.server";
import { createAccountNotification } from "~/features/notifications/notifications.server";
import { orders, subscriptions } from "~/features/orders/orders.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { isLanguageCode } from "~/platform/i18n/languages";
import { translate } from "~/platform/mail/templates.server";
import type { Database } from "~/platform/db/database.server";
import { livePlanPurchase, type LivePlanPurchase } from "./plan-purchase.server";
import { purchasesOf, subscriptionsOf } from "./plan-purchase-queries.server";
import { planPurchases } from "./tables.server";

/** Days a lapsed plan still applies before the site falls back (Kajabi/systeme.io: warn first). */
export const PLAN_GRACE_DAYS = 14;
const DAY = 86_400_000;

export type PlanLapseDeps = {
  database: Database;
  pubsub: PubSub;
  onPlanChanged?: (siteAccountId: string) => Promise<void>;
};

/** What the billing screen says of a lapsed plan; null while a plan is paid for (or never was). */
export type PlanLapse = {
  planId: string;
  endedAt: string;
  graceUntil: string;
  fellBackAt: string | null;
  fallbackPlanId: string;
};

const graceEnd = (from: Date) => new Date(from.getTime() + PLAN_GRACE_DAYS * DAY);

/** The site's lapse: its newest fulfilled purchase ended and nothing paid replaced it. */
export async function planLapse(
  database: Database,
  { siteAccountId, live, now }: { siteAccountId: string; live: LivePlanPurchase | null; now: Date },
): Promise<PlanLapse | null> {
  if (live) return null;
  return database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    for (const { purchase, order } of await purchasesOf(tx, siteAccountId)) {
      if (order.status !== "fulfilled" || purchase.undoneAt) continue;
      if (purchase.startsAt && purchase.startsAt > now) continue;
      const [subscription] = await subscriptionsOf(tx, order.id);
      if (subscription?.status !== "ended") return null;
      const noticed = purchase.lapsedAt ?? now;
      return {
        planId: purchase.planId,
        endedAt: (subscription.currentPeriodEnd ?? noticed).toISOString(),
        graceUntil: graceEnd(noticed).toISOString(),
        fellBackAt: purchase.fellBackAt?.toISOString() ?? null,
        fallbackPlanId: NEW_SITE_PLAN,
      };
    }
    return null;
  });
}

/** Purchases whose subscription ended with no newer paid purchase of their site, not yet fallen back. */
async function lapsedPurchases(database: Database, now: Date) {
  const p = planPurchases;
  return database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .select({
        orderId: p.orderId,
        siteAccountId: p.siteAccountId,
        planId: p.planId,
        lapsedAt: p.lapsedAt,
      })
      .from(p)
      .innerJoin(orders, and(eq(orders.accountId, p.accountId), eq(orders.id, p.orderId)))
      .innerJoin(
        subscriptions,
        and(eq(subscriptions.accountId, p.accountId), eq(subscriptions.orderId, p.orderId)),
      )
      .where(
        and(
          eq(p.accountId, PLATFORM_ACCOUNT_ID),
          eq(orders.status, "fulfilled"),
          eq(subscriptions.status, "ended"),
          isNull(p.undoneAt),
          isNull(p.fellBackAt),
          or(isNull(p.startsAt), lte(p.startsAt, now)),
          sql`not exists (select 1 from ${planPurchases} q join ${orders} o
            on o.account_id = q.account_id and o.id = q.order_id
            where q.account_id = ${p.accountId} and q.site_account_id = ${p.siteAccountId}
              and q.created_at > ${p.createdAt} and q.undone_at is null
              and o.status in ('paid', 'fulfilled'))`,
        ),
      ),
  );
}

/** Marks a purchase's column once; true for the call that set it. */
async function markOnce(
  database: Database,
  orderId: string,
  column: "lapsedAt" | "fellBackAt",
  now: Date,
) {
  const set = await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .update(planPurchases)
      .set({ [column]: now })
      .where(
        and(
          eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID),
          eq(planPurchases.orderId, orderId),
          isNull(planPurchases[column]),
        ),
      )
      .returning({ orderId: planPurchases.orderId }),
  );
  return set.length > 0;
}

async function tell(
  deps: PlanLapseDeps,
  siteAccountId: string,
  key: "billing.lapseNotice.ended" | "billing.lapseNotice.fellBack",
  { plan, ...vars }: Record<string, string> & { plan: string },
) {
  const site = await readAccount(deps.database, siteAccountId);
  const label = async (id: string) => (await findPlan(deps.database, id))?.label ?? id;
  const lang = site?.settings.defaultLanguage;
  await createAccountNotification(deps, {
    accountId: siteAccountId,
    input: {
      message: translate(lang && isLanguageCode(lang) ? lang : "en", key, {
        ...vars,
        plan: await label(plan),
        fallback: await label(NEW_SITE_PLAN),
      }),
      severity: 4,
    },
  });
}

/**
 * The scheduled round's second half: each plan subscription that ended unpaid starts its grace
 * (the managers are told once), and each grace that ran out moves its site to NEW_SITE_PLAN
 * (told once). Idempotent: every step is marked on its purchase, and a plan bought meanwhile
 * (newer and paid) takes the site out of the round.
 */
export async function applyPlanLapses(
  deps: PlanLapseDeps,
  now = new Date(),
): Promise<{ lapsed: number; fellBack: number }> {
  const { database } = deps;
  let lapsed = 0;
  let fellBack = 0;
  const day = (at: Date) => at.toISOString().slice(0, 10);
  for (const row of await lapsedPurchases(database, now)) {
    // An older purchase that still holds (a one-time plan) means nothing lapsed.
    if (await livePlanPurchase(database, row.siteAccountId, now)) continue;
    if (!row.lapsedAt) {
      if (!(await markOnce(database, row.orderId, "lapsedAt", now))) continue;
      lapsed += 1;
      await tell(deps, row.siteAccountId, "billing.lapseNotice.ended", {
        plan: row.planId,
        until: day(graceEnd(now)),
        fallback: NEW_SITE_PLAN,
      });
      continue;
    }
    if (graceEnd(row.lapsedAt) > now) continue;
    if (!(await markOnce(database, row.orderId, "fellBackAt", now))) continue;
    const site = await readAccount(database, row.siteAccountId);
    // Only the plan that lapsed is replaced: one a super-admin set since stays.
    if (site?.settings.plan !== row.planId || row.planId === NEW_SITE_PLAN) continue;
    await changeAccountSettings(database, {
      accountId: row.siteAccountId,
      changes: { plan: NEW_SITE_PLAN },
    });
    fellBack += 1;
    await deps.onPlanChanged?.(row.siteAccountId);
    await tell(deps, row.siteAccountId, "billing.lapseNotice.fellBack", {
      plan: row.planId,
      fallback: NEW_SITE_PLAN,
    });
  }
  return { lapsed, fellBack };
}
