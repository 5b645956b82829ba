// The account's reports (scope 5 of issue 17), for its owner and super-admins: each figure read
// through the door of the feature that owns it, per day in the account's time zone, over the
// chosen period and the one before it.
import type { AccountSummary } from "~/features/accounts/accounts";
import { dailyFunnelSessions, dailyPageViews } from "~/features/analytics/analytics.server";
import { openDashboardSection } from "~/features/dashboard/dashboard.server";
import { dailyEnrolments } from "~/features/learning/learning.server";
import { dailyMemberJoins, type Viewer } from "~/features/members/members.server";
import { dailyRevenue } from "~/features/orders/orders.server";
import type { Database } from "~/platform/db/database.server";
import type { DayRange } from "~/platform/db/day-range.server";
import { DEFAULT_PRESET, periodOf, readReportQuery, type ReportQuery } from "./period";
import { buildReport, type Report, type ReportInput } from "./report-model";
import { reportTimeZone, todayIn } from "./time-zone";

export const REPORTS_PATH = "/dashboard/reports";

export type ReportsRequest = {
  account: AccountSummary;
  viewer: Viewer;
  search: URLSearchParams;
  /** The moment "today" is taken from (tests). */
  now?: Date;
};

/** The reports' own rule, from the dashboard's sections registry: the owner and super-admins. */
export async function requireReportsViewer(
  database: Database,
  { account, viewer }: Pick<ReportsRequest, "account" | "viewer">,
) {
  await openDashboardSection(database, { account, viewer, pathname: REPORTS_PATH });
}

/** Every figure per day of `range`, each from its feature's door. */
export async function readDays(database: Database, accountId: string, range: DayRange) {
  const [pageViews, joins, enrolments, revenue, funnel] = await Promise.all([
    dailyPageViews(database, accountId, range),
    dailyMemberJoins(database, accountId, range),
    dailyEnrolments(database, accountId, range),
    dailyRevenue(database, accountId, range),
    dailyFunnelSessions(database, accountId, range),
  ]);
  return { pageViews, joins, enrolments, revenue, funnel } satisfies Partial<ReportInput>;
}

/** The period a query names, on the account's today. */
export function reportPeriod(account: AccountSummary, query: ReportQuery, now: Date) {
  const timeZone = reportTimeZone(account.settings);
  const today = todayIn(timeZone, now);
  return { timeZone, today, period: periodOf(query, today) };
}

/**
 * The report the address asks for; one it cannot read shows the default period (and says so)
 * rather than failing the page.
 */
export async function loadReport(
  database: Database,
  { account, viewer, search, now = new Date() }: ReportsRequest,
): Promise<Report> {
  await requireReportsViewer(database, { account, viewer });
  const query = readReportQuery(search);
  const { timeZone, today, period } = reportPeriod(
    account,
    query ?? { preset: DEFAULT_PRESET },
    now,
  );
  const days = await readDays(database, account.accountId, {
    from: period.previous.from,
    to: period.to,
    timeZone,
  });
  return buildReport({
    period,
    today,
    timeZone,
    fellBack: query === null,
    currency: account.settings.currency?.toUpperCase(),
    ...days,
  });
}
