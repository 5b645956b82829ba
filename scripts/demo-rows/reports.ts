/**
 * Activity for the owner's reports (issue 17 scope 5), written straight into each feature's
 * tables through the account's unit of work: page views, campaign visits by utm_source, people
 * joining, enrolments and orders, spread over the days before `now` at moments that fall near
 * midnight too, so a day counted in the wrong time zone shows. Every moment written is returned,
 * for a test to count per day on its own.
 */
import { and, eq, sql } from "drizzle-orm";
import { funnelSessions, pageViews } from "~/features/analytics/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { members } from "~/features/members/tables.server";
import type { OrderStatus } from "~/features/orders/orders";
import type { Database, Tx } from "~/platform/db/database.server";
import { insertCourse } from "./content-rows";
import { insertOrder } from "./orders";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Campaign sources: more than the chart's five, one a spreadsheet would read as a formula. */
export const reportSources = [
  "newsletter",
  "google",
  "instagram",
  "partner",
  "podcast",
  '=HYPERLINK("http://evil.test","x")',
  "facebook",
];

/** Moments of day `i` (days before `now`): `n` of them, some just after or before midnight UTC. */
function momentsOf(now: Date, i: number, n: number): Date[] {
  const midnight = Math.floor((now.getTime() - i * DAY) / DAY) * DAY;
  const offsets = [0.5, 23.5, 12, 2, 20, 7, 16, 1, 22, 10];
  return Array.from(
    { length: n },
    (_, k) =>
      new Date(
        Math.min(midnight + offsets[k % offsets.length]! * HOUR + k * 60_000, now.getTime()),
      ),
  );
}

export type ReportActivity = {
  pageViews: Date[];
  funnel: { at: Date; source: string }[];
  /** When each generated member joined. */
  joins: Date[];
  enrolments: Date[];
  /** Every order written; only paid and fulfilled ones are revenue (total less refunds). */
  orders: { paidAt: Date | null; currency: string; status: OrderStatus; kept: number }[];
};

/**
 * `days` days of activity for an account before `now`: on day i, (i·7 mod 5) + 1 page views,
 * visits from the sources in turn, a member joining every other day (enrolled in a course the
 * next), and every third day a paid order in USD, every fifth one in EUR, plus orders that are
 * no revenue (pending, refunded, failed).
 */
export async function seedReportActivity(
  database: Database,
  {
    accountId,
    now,
    days,
    prefix = `rp${Math.random().toString(36).slice(2, 8)}`,
  }: { accountId: string; now: Date; days: number; prefix?: string },
): Promise<ReportActivity> {
  const activity: ReportActivity = {
    pageViews: [],
    funnel: [],
    joins: [],
    enrolments: [],
    orders: [],
  };
  const people = Array.from({ length: Math.ceil(days / 2) }, (_, n) => ({
    id: `${prefix}-${n}`,
    day: n * 2,
  }));
  await database.owner.execute(sql`
    insert into users (id, name, email, email_verified)
    select ${prefix} || '-' || n, ${prefix} || ' Person ' || n, ${prefix} || '-' || n || '@example.test', true
    from generate_series(0, ${people.length - 1}::int) n`);
  await database.forAccount(accountId, async (tx) => {
    const course = await insertCourse(tx, { accountId, title: `${prefix} course` });
    const role = sql`(select role_id from roles where account_id = ${accountId} and name = 'student')`;
    for (const person of people) {
      const [joined] = momentsOf(now, person.day, 1 + (person.day % 3)).slice(-1);
      activity.joins.push(joined!);
      await tx.execute(sql`
        insert into members (account_id, user_id, name, slug, email, role_id, created_at)
        values (${accountId}, ${person.id}, ${person.id}, ${person.id}, ${`${person.id}@example.test`},
          ${role}, ${joined!.toISOString()}::timestamptz)`);
      if (person.day >= 1) {
        const [enrolled] = momentsOf(now, person.day - 1, 2).slice(-1);
        activity.enrolments.push(enrolled!);
        await tx.insert(enrolments).values({
          accountId,
          courseId: course.id,
          userId: person.id,
          source: "free",
          enrolledAt: enrolled!,
        });
      }
    }
    for (let i = 0; i < days; i++) {
      const views = momentsOf(now, i, ((i * 7) % 5) + 1);
      activity.pageViews.push(...views);
      const visits = momentsOf(now, i, (i % 3) + 1).map((at, k) => ({
        at,
        source: reportSources[(i + k) % reportSources.length]!,
      }));
      activity.funnel.push(...visits);
      await tx
        .insert(pageViews)
        .values(views.map((at) => ({ accountId, path: "/", createdAt: at })));
      await tx.insert(funnelSessions).values(
        visits.map(({ at, source }) => ({
          accountId,
          utmSource: source,
          utmMedium: "email",
          utmCampaign: "spring",
          initialPage: "/",
          deviceInfo: {
            browser: "Firefox",
            platform: "Linux",
            screenWidth: 1280,
            screenHeight: 800,
            deviceType: "desktop" as const,
          },
          createdAt: at,
        })),
      );
      const buyer = people[i % people.length]!;
      const order = async (status: OrderStatus, currency: string, amount: number, at: Date) => {
        const refunded = status === "fulfilled" && i % 4 === 0 ? 500 : undefined;
        await insertOrder(tx, {
          accountId,
          userId: buyer.id,
          email: `${buyer.id}@example.test`,
          status,
          currency,
          items: [{ title: `Day ${i}`, amount }],
          createdAt: at,
          paidAt: at,
          ...(refunded ? { refunded } : {}),
        });
        const kept = status === "paid" || status === "fulfilled";
        activity.orders.push({
          paidAt: status === "pending" || status === "failed" ? null : at,
          currency,
          status,
          kept: kept ? amount - (refunded ?? 0) : 0,
        });
      };
      const [at, later] = momentsOf(now, i, 2);
      if (i % 3 === 0) await order(i % 2 ? "paid" : "fulfilled", "USD", 1000 + i * 10, at!);
      if (i % 5 === 0) await order("fulfilled", "EUR", 2500, later!);
      if (i % 7 === 0) await order("refunded", "USD", 4000, at!);
      if (i % 4 === 1) await order("pending", "USD", 3000, later!);
    }
  });
  return activity;
}

/**
 * The demo's history for its reports, inside the seed's transaction: page views and campaign
 * visits on each of the last 60 days, the demo people's memberships begun on days before (the
 * owner's first, the student's last), and a few paid orders of the parent's over past weeks.
 */
export async function insertDemoReportActivity(
  tx: Tx,
  {
    accountId,
    joined,
    buyer,
    currency,
    now = new Date(),
  }: {
    accountId: string;
    /** Each demo person's e-mail and how many days ago they joined. */
    joined: { email: string; daysAgo: number }[];
    buyer: { userId: string; email: string } | null;
    currency: string;
    now?: Date;
  },
) {
  const sources = ["newsletter", "google", "instagram", "partner"];
  const views: (typeof pageViews.$inferInsert)[] = [];
  const visits: (typeof funnelSessions.$inferInsert)[] = [];
  const paths = ["/", "/blog", "/course", "/about", "/course/design-foundations"];
  for (let i = 0; i < 60; i++) {
    // A weekly rhythm, slowly growing: more on weekdays, more lately.
    const weekday = (i + 3) % 7 < 5;
    const count = (weekday ? 9 : 4) + Math.floor((60 - i) / 8) + ((i * 5) % 4);
    for (const [k, at] of momentsOf(now, i, count).entries())
      views.push({ accountId, path: paths[(i + k) % paths.length]!, createdAt: at });
    for (const [k, at] of momentsOf(now, i, 1 + ((i * 3) % 4)).entries())
      visits.push({
        accountId,
        utmSource: sources[(i + k * 2) % sources.length]!,
        utmMedium: k % 2 ? "social" : "email",
        utmCampaign: "spring",
        initialPage: "/",
        deviceInfo: {
          browser: "Chrome",
          platform: "Linux",
          screenWidth: 1280,
          screenHeight: 800,
          deviceType: k % 3 ? "desktop" : "mobile",
        },
        createdAt: at,
      });
  }
  await tx.insert(pageViews).values(views);
  await tx.insert(funnelSessions).values(visits);
  for (const { email, daysAgo } of joined)
    await tx
      .update(members)
      .set({ createdAt: new Date(now.getTime() - daysAgo * DAY) })
      .where(and(eq(members.accountId, accountId), eq(members.email, email)));
  if (!buyer) return;
  for (const [n, daysAgo] of [33, 26, 19, 11, 5, 2].entries()) {
    const at = new Date(now.getTime() - daysAgo * DAY - n * HOUR);
    await insertOrder(tx, {
      accountId,
      ...buyer,
      currency,
      items: [
        { title: n % 2 ? "Colour theory" : "Design foundations", amount: n % 2 ? 3900 : 4900 },
      ],
      createdAt: at,
      paidAt: at,
    });
  }
}
