import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { dayIn, withinDays, type DayRange } from "~/platform/db/day-range.server";
import { analyticsEvents, funnelSessions, pageViews } from "./tables.server";

type Range = { accountId: string; start: Date; end: Date };

export async function insertFunnelSession(
  tx: Tx,
  row: typeof funnelSessions.$inferInsert,
): Promise<string> {
  const [inserted] = await tx.insert(funnelSessions).values(row).returning({
    id: funnelSessions.id,
  });
  return inserted!.id;
}

export async function funnelSessionExists(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: funnelSessions.id })
    .from(funnelSessions)
    .where(and(eq(funnelSessions.accountId, accountId), eq(funnelSessions.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function insertPageView(tx: Tx, row: typeof pageViews.$inferInsert): Promise<void> {
  await tx.insert(pageViews).values(row);
}

export async function insertEvent(tx: Tx, row: typeof analyticsEvents.$inferInsert): Promise<void> {
  await tx.insert(analyticsEvents).values(row);
}

/** Inserts the event unless one with its (account, id) key is stored; true when it was new. */
export async function insertEventOnce(
  tx: Tx,
  row: typeof analyticsEvents.$inferInsert & { id: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(analyticsEvents)
    .values(row)
    .onConflictDoNothing({ target: [analyticsEvents.accountId, analyticsEvents.id] })
    .returning({ id: analyticsEvents.id });
  return inserted.length > 0;
}

/** Page views per UTC day in [start, end). */
export async function countPageViewsByDay(tx: Tx, { accountId, start, end }: Range) {
  const day = sql<string>`to_char(${pageViews.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return tx
    .select({ day, count: count() })
    .from(pageViews)
    .where(
      and(
        eq(pageViews.accountId, accountId),
        gte(pageViews.createdAt, start),
        lt(pageViews.createdAt, end),
      ),
    )
    .groupBy(day)
    .orderBy(day);
}

export async function countTopPaths(
  tx: Tx,
  { accountId, start, end, limit }: Range & { limit: number },
) {
  return tx
    .select({ path: pageViews.path, count: count() })
    .from(pageViews)
    .where(
      and(
        eq(pageViews.accountId, accountId),
        gte(pageViews.createdAt, start),
        lt(pageViews.createdAt, end),
      ),
    )
    .groupBy(pageViews.path)
    .orderBy(desc(count()), pageViews.path)
    .limit(limit);
}

export async function countEvents(
  tx: Tx,
  { accountId, start, end, name }: Range & { name: (typeof analyticsEvents.$inferSelect)["name"] },
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.accountId, accountId),
        eq(analyticsEvents.name, name),
        gte(analyticsEvents.createdAt, start),
        lt(analyticsEvents.createdAt, end),
      ),
    );
  return row?.count ?? 0;
}

/** The summed value of one event per currency in [start, end), as exact decimal strings. */
export async function sumEventValues(
  tx: Tx,
  { accountId, start, end, name }: Range & { name: (typeof analyticsEvents.$inferSelect)["name"] },
) {
  const total = sql<string>`sum(${analyticsEvents.value})`;
  return tx
    .select({ currency: analyticsEvents.currency, value: total })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.accountId, accountId),
        eq(analyticsEvents.name, name),
        gte(analyticsEvents.createdAt, start),
        lt(analyticsEvents.createdAt, end),
      ),
    )
    .groupBy(analyticsEvents.currency)
    .orderBy(analyticsEvents.currency);
}

export async function countFunnelSessions(
  tx: Tx,
  { accountId, start, end }: Range,
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(funnelSessions)
    .where(
      and(
        eq(funnelSessions.accountId, accountId),
        gte(funnelSessions.createdAt, start),
        lt(funnelSessions.createdAt, end),
      ),
    );
  return row?.count ?? 0;
}

/** Page views per day of the range, in its time zone (days without any are absent). */
export async function countPageViewsPerLocalDay(
  tx: Tx,
  { accountId, range }: { accountId: string; range: DayRange },
) {
  return tx
    .select({ day: dayIn(pageViews.createdAt, range.timeZone), count: count() })
    .from(pageViews)
    .where(and(eq(pageViews.accountId, accountId), withinDays(pageViews.createdAt, range)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** Funnel sessions per day of the range and utm_source, in its time zone. */
export async function countFunnelSessionsPerLocalDay(
  tx: Tx,
  { accountId, range }: { accountId: string; range: DayRange },
) {
  return tx
    .select({
      day: dayIn(funnelSessions.createdAt, range.timeZone),
      source: funnelSessions.utmSource,
      count: count(),
    })
    .from(funnelSessions)
    .where(
      and(eq(funnelSessions.accountId, accountId), withinDays(funnelSessions.createdAt, range)),
    )
    .groupBy(sql`1`, funnelSessions.utmSource)
    .orderBy(sql`1`, funnelSessions.utmSource);
}
