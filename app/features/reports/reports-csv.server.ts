// The account's reports as CSV: one row per day of the period and figure — page views, sign-ups,
// members (at the day's end), enrolments, revenue per currency (in the currency's major unit),
// and campaign visits per utm_source on the days it had any. Days are the account's time zone's.
// A utm_source is whatever a visitor's link said: its cell is escaped like every other, and
// never read as a formula.
import { currencyDigits, minorToMajor } from "~/features/cart/cart";
import { toCsv } from "~/platform/csv";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { dayNumber, dayOf, readReportQuery } from "./period";
import {
  readDays,
  reportPeriod,
  requireReportsViewer,
  type ReportsRequest,
} from "./load-report.server";

const header = ["date", "metric", "currency", "utm_source", "value"];

export async function exportReportCsv(
  database: Database,
  { account, viewer, search, now = new Date() }: ReportsRequest,
): Promise<{ filename: string; csv: string }> {
  await requireReportsViewer(database, { account, viewer });
  const query = readReportQuery(search);
  if (!query) throw new AppError({ code: "request.invalid" });
  const { timeZone, period } = reportPeriod(account, query, now);
  const { from, to } = period;
  const days = await readDays(database, account.accountId, { from, to, timeZone });
  const byDay = (rows: { day: string; count: number }[]) =>
    new Map(rows.map((row) => [row.day, row.count]));
  const pageViews = byDay(days.pageViews);
  const joins = byDay(days.joins.days);
  const enrolments = byDay(days.enrolments);
  const revenue = new Map(days.revenue.map((row) => [`${row.day} ${row.currency}`, row.revenue]));
  const currencies = [...new Set(days.revenue.map((row) => row.currency))].sort();
  const visits = Map.groupBy(days.funnel, (row) => row.day);
  const data: (string | number | null)[][] = [];
  const line = (cells: (string | number | null)[]) => data.push(cells);
  let members = days.joins.before;
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const day = dayOf(n);
    members += joins.get(day) ?? 0;
    line([day, "page_views", null, null, pageViews.get(day) ?? 0]);
    line([day, "sign_ups", null, null, joins.get(day) ?? 0]);
    line([day, "members", null, null, members]);
    line([day, "enrolments", null, null, enrolments.get(day) ?? 0]);
    for (const currency of currencies) {
      const minor = revenue.get(`${day} ${currency}`) ?? 0;
      const amount = minorToMajor(minor, currency).toFixed(currencyDigits(currency));
      line([day, "revenue", currency, null, amount]);
    }
    // By code point, the same on every database's collation.
    const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    for (const row of (visits.get(day) ?? []).toSorted((a, b) => byCode(a.source, b.source)))
      line([day, "funnel_sessions", null, row.source, row.count]);
  }
  return {
    filename: `reports-${account.slug}-${from}-${to}.csv`,
    csv: toCsv({ fields: header, data }),
  };
}
