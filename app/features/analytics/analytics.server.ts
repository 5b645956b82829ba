import { createHash } from "node:crypto";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { DayRange } from "~/platform/db/day-range.server";
import { AppError } from "~/platform/errors";
import {
  countEvents,
  countFunnelSessions,
  countFunnelSessionsPerLocalDay,
  countPageViewsByDay,
  countPageViewsPerLocalDay,
  countTopPaths,
  funnelSessionExists,
  insertEvent,
  insertEventOnce,
  insertFunnelSession,
  insertPageView,
  sumEventValues,
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

/** The namespace of purchase event ids (a fixed, random uuid: never change it). */
const PURCHASE_NAMESPACE = "d05fbda6-0952-44ab-90a6-59a4caaa1332";

/**
 * A purchase's event id, a name-based uuid (RFC 9562 version 5) of its transaction_id: the same
 * transaction gives the same id, so the table's (account_id, id) key stores it once per site,
 * whatever the number of beacons or their timing.
 */
export function purchaseEventId(transactionId: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(PURCHASE_NAMESPACE.replaceAll("-", ""), "hex"))
    .update(transactionId, "utf8")
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Stores one page view or one commerce event (add_to_cart, purchase) for its site. */
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
    const event = {
      accountId,
      name: input.name,
      currency: input.currency,
      value: String(input.value),
      items: input.items,
      path: input.path ?? null,
      funnelSessionId,
    };
    if (input.name === "purchase") {
      // A repeat (a reload, a second tab, a retried beacon) is answered the same and not stored.
      await insertEventOnce(tx, { ...event, id: purchaseEventId(input.transaction_id) });
      return;
    }
    await insertEvent(tx, event);
  });
}

const DAY_MS = 86_400_000;
const TOP_PATHS = 10;

type SummaryArgs = { viewer: Viewer | null; hostAccountId: string | null; query: SummaryQuery };

/** Who may read an account's traffic (its managers, super-admins) and over which UTC days. */
function summaryRange({ viewer, hostAccountId, query }: SummaryArgs) {
  if (!hostAccountId) throw new AppError({ code: "route.notFound" });
  if (!viewer?.isSuperAdmin) requireCapability(viewer, "manage_options");
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  return { accountId: hostAccountId, start, end };
}

type Range = ReturnType<typeof summaryRange>;

/** Page views of each day of the range (none counts 0) and their total. */
async function pageViewsOver(tx: Tx, range: Range) {
  const byDay = new Map(
    (await countPageViewsByDay(tx, range)).map((row) => [row.day, Number(row.count)]),
  );
  const pageViewsByDay: AnalyticsSummary["pageViewsByDay"] = [];
  for (let t = range.start.getTime(); t < range.end.getTime(); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    pageViewsByDay.push({ day, count: byDay.get(day) ?? 0 });
  }
  return {
    pageViews: pageViewsByDay.reduce((sum, { count }) => sum + count, 0),
    pageViewsByDay,
  };
}

/**
 * Traffic of the host's account over whole UTC days, for its managers (manage_options) and
 * super-admins. Only counts leave the database: there is nothing personal to show.
 */
export async function getAnalyticsSummary(
  database: Database,
  args: SummaryArgs,
): Promise<AnalyticsSummary> {
  const range = summaryRange(args);
  const { query } = args;
  return database.forAccount(range.accountId, async (tx) => {
    const views = await pageViewsOver(tx, range);
    const topPaths = (await countTopPaths(tx, { ...range, limit: TOP_PATHS })).map((row) => ({
      path: row.path,
      count: Number(row.count),
    }));
    return {
      from: query.from,
      to: query.to,
      ...views,
      topPaths,
      addToCart: await countEvents(tx, { ...range, name: "add_to_cart" }),
      purchases: await countEvents(tx, { ...range, name: "purchase" }),
      revenue: (await sumEventValues(tx, { ...range, name: "purchase" })).map((row) => ({
        currency: row.currency,
        value: Number(row.value),
      })),
      funnelSessions: await countFunnelSessions(tx, range),
    };
  });
}

/**
 * The summary's page views alone, with the same rule of who may read them: the dashboard's
 * first screen shows no more, and is rendered for every visit of a manager.
 */
export function getPageViewsSummary(
  database: Database,
  args: SummaryArgs,
): Promise<Pick<AnalyticsSummary, "pageViews" | "pageViewsByDay">> {
  const range = summaryRange(args);
  return database.readAccount(range.accountId, (tx) => pageViewsOver(tx, range));
}

/**
 * Page views of an account per day of `range`, in the range's time zone; days without any are
 * absent. A read for the account's reports: the caller has checked who may see them.
 */
export async function dailyPageViews(
  database: Database,
  accountId: string,
  range: DayRange,
): Promise<{ day: string; count: number }[]> {
  const rows = await database.forAccount(accountId, (tx) =>
    countPageViewsPerLocalDay(tx, { accountId, range }),
  );
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** Campaign visits (funnel sessions) per day of `range` and utm_source, as `dailyPageViews`. */
export async function dailyFunnelSessions(
  database: Database,
  accountId: string,
  range: DayRange,
): Promise<{ day: string; source: string; count: number }[]> {
  const rows = await database.forAccount(accountId, (tx) =>
    countFunnelSessionsPerLocalDay(tx, { accountId, range }),
  );
  return rows.map((row) => ({ day: row.day, source: row.source, count: Number(row.count) }));
}
