import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  countEvents,
  countFunnelSessions,
  countPageViewsByDay,
  countTopPaths,
  funnelSessionExists,
  insertEvent,
  insertFunnelSession,
  insertPageView,
} from "./queries.server";
import type { AnalyticsSummary, CollectInput, FunnelStartInput, SummaryQuery } from "./validation";

/** The account a call names must be the account whose site it is sent to. */
function assertHostAccount(claimed: string, hostAccountId: string | null): string {
  if (!hostAccountId) throw new AppError({ code: "route.notFound" });
  if (claimed !== hostAccountId) throw new AppError({ code: "analytics.accountMismatch" });
  return hostAccountId;
}

/** Spec §7 POST /api/funnel/start: a campaign visit, answered with its session id. */
export async function startFunnelSession(
  database: Database,
  { hostAccountId, input }: { hostAccountId: string | null; input: FunnelStartInput },
): Promise<string> {
  const accountId = assertHostAccount(input.account_id, hostAccountId);
  return database.forAccount(accountId, (tx) =>
    insertFunnelSession(tx, {
      accountId,
      utmSource: input.utm_source,
      utmMedium: input.utm_medium,
      utmCampaign: input.utm_campaign,
      initialPage: input.initial_page,
      deviceInfo: input.deviceInfo,
    }),
  );
}

/** The referrer's host when it is another site; same-site and unreadable referrers count as none. */
export function outsideReferrerHost(referrer: string | null | undefined, siteHost: string) {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    if (!host || host === siteHost.replace(/:\d+$/, "").toLowerCase()) return null;
    return host.slice(0, 255);
  } catch {
    return null;
  }
}

/** A session id from the browser is only a hint: one this account never issued is dropped. */
async function knownSession(tx: Tx, accountId: string, id: string | null | undefined) {
  if (!id) return null;
  return (await funnelSessionExists(tx, { accountId, id })) ? id : null;
}

/** Stores one page view or one add_to_cart event for the site it was sent to. */
export async function collect(
  database: Database,
  {
    hostAccountId,
    siteHost,
    input,
  }: { hostAccountId: string | null; siteHost: string; input: CollectInput },
): Promise<void> {
  const accountId = assertHostAccount(input.tenant_id, hostAccountId);
  await database.forAccount(accountId, async (tx) => {
    const funnelSessionId = await knownSession(tx, accountId, input.session_id);
    if (input.name === "page_view") {
      await insertPageView(tx, {
        accountId,
        path: input.path,
        referrerHost: outsideReferrerHost(input.referrer, siteHost),
        deviceType: input.device_type ?? null,
        funnelSessionId,
      });
      return;
    }
    await insertEvent(tx, {
      accountId,
      name: input.name,
      currency: input.currency,
      value: String(input.value),
      items: input.items,
      path: input.path ?? null,
      funnelSessionId,
    });
  });
}

const DAY_MS = 86_400_000;
const TOP_PATHS = 10;

/**
 * Traffic of the host's account over whole UTC days, for its managers (manage_options) and
 * super-admins. Only counts leave the database: there is nothing personal to show.
 */
export async function getAnalyticsSummary(
  database: Database,
  {
    viewer,
    hostAccountId,
    query,
  }: { viewer: Viewer | null; hostAccountId: string | null; query: SummaryQuery },
): Promise<AnalyticsSummary> {
  if (!hostAccountId) throw new AppError({ code: "route.notFound" });
  if (!viewer?.isSuperAdmin) requireCapability(viewer, "manage_options");
  const accountId = hostAccountId;
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  const range = { accountId, start, end };
  return database.forAccount(accountId, async (tx) => {
    const byDay = new Map(
      (await countPageViewsByDay(tx, range)).map((row) => [row.day, Number(row.count)]),
    );
    const pageViewsByDay: AnalyticsSummary["pageViewsByDay"] = [];
    for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) {
      const day = new Date(t).toISOString().slice(0, 10);
      pageViewsByDay.push({ day, count: byDay.get(day) ?? 0 });
    }
    const topPaths = (await countTopPaths(tx, { ...range, limit: TOP_PATHS })).map((row) => ({
      path: row.path,
      count: Number(row.count),
    }));
    return {
      from: query.from,
      to: query.to,
      pageViews: pageViewsByDay.reduce((sum, { count }) => sum + count, 0),
      pageViewsByDay,
      topPaths,
      addToCart: await countEvents(tx, { ...range, name: "add_to_cart" }),
      funnelSessions: await countFunnelSessions(tx, range),
    };
  });
}
