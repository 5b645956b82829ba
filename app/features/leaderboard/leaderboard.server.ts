import { and, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { groupWithRights, readableGroups } from "~/features/groups/groups.server";
import { peopleOf, requireCapability, type Viewer } from "~/features/members/members.server";
import { getSiteOptions, saveSiteOption } from "~/features/options/options.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import {
  defaultLevels,
  gamificationOption,
  leaderboardPeriods,
  levelOf,
  levelsPart,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardRow,
  type Level,
} from "./levels";

export { levelOf } from "./levels";
import { pointsLedger } from "~/features/gamification/tables.server";

/** How many places a board shows (the viewer's own line is added below when they rank lower). */
export const LEADERBOARD_SIZE = 50;

const periodDays: Record<LeaderboardPeriod, number | null> = { "7d": 7, "30d": 30, all: null };

export const leaderboardQuerySchema = z.object({
  period: z.enum(leaderboardPeriods).catch("30d"),
  group: z.string().max(200).optional().catch(undefined),
});

export async function levelsOf(tx: Tx, accountId: string): Promise<Level[]> {
  const { gamification } = await getSiteOptions(tx, { accountId, options: [gamificationOption] });
  return gamification?.levels ?? defaultLevels;
}

/**
 * Issue 35 leaderboards (decision 066): the site's, or a group's (the points earned there), for
 * the last 7 or 30 days or all time, from the one points ledger. A group's board is read by
 * whoever may read the group.
 */
export async function loadLeaderboard(
  database: Database,
  {
    accountId,
    viewer,
    period,
    group: slug,
    now = new Date(),
    size = LEADERBOARD_SIZE,
  }: {
    accountId: string;
    viewer: Viewer | null;
    period: LeaderboardPeriod;
    group?: string;
    now?: Date;
    /** Places shown (tests shrink it). */
    size?: number;
  },
): Promise<Leaderboard> {
  if (!viewer?.membership) throw new AppError({ code: "not_authenticated" });
  const manager = viewer.membership.caps.includes("manage_options");
  return database.forAccount(accountId, async (tx) => {
    const readable = await readableGroups(tx, { accountId, viewer });
    let group: Leaderboard["group"] = null;
    let groupId: string | null = null;
    if (slug) {
      const { group: row, rights } = await groupWithRights(tx, {
        accountId,
        viewer,
        where: { slug },
      });
      if (!rights.read) throw new AppError({ code: "route.notFound" });
      group = { slug: row.slug, name: row.name };
      groupId = row.id;
    }
    const days = periodDays[period];
    const where: SQL[] = [eq(pointsLedger.accountId, accountId)];
    if (groupId) where.push(eq(pointsLedger.groupId, groupId));
    if (days) where.push(gte(pointsLedger.createdAt, new Date(now.getTime() - days * 86_400_000)));
    const total = sql<number>`sum(${pointsLedger.points})::int`;
    const top = await tx
      .select({ userId: pointsLedger.userId, points: total })
      .from(pointsLedger)
      .where(and(...where))
      .groupBy(pointsLedger.userId)
      .having(sql`sum(${pointsLedger.points}) > 0`)
      .orderBy(desc(total), pointsLedger.userId)
      .limit(size);
    const me = viewer.user.id;
    let mine = top.find((row) => row.userId === me) ?? null;
    let myRank = mine ? null : 0;
    if (!mine) {
      const [own] = await tx
        .select({ points: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int` })
        .from(pointsLedger)
        .where(and(...where, eq(pointsLedger.userId, me)));
      if (own && own.points > 0) {
        mine = { userId: me, points: own.points };
        const above = await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from (
            select ${pointsLedger.userId} from ${pointsLedger} where ${and(...where)}
            group by ${pointsLedger.userId} having sum(${pointsLedger.points}) > ${own.points}
          ) as ahead`);
        myRank = (above.rows[0]?.n ?? 0) + 1;
      }
    }
    const userIds = [...top.map((row) => row.userId), me];
    const levels = await levelsOf(tx, accountId);
    const totals = new Map(
      (
        await tx
          .select({ userId: pointsLedger.userId, points: total })
          .from(pointsLedger)
          .where(and(eq(pointsLedger.accountId, accountId), inArray(pointsLedger.userId, userIds)))
          .groupBy(pointsLedger.userId)
      ).map((row) => [row.userId, row.points]),
    );
    const people = await peopleOf(tx, accountId, userIds);
    const lineOf = (row: { userId: string; points: number }, rank: number): LeaderboardRow => ({
      rank,
      userId: row.userId,
      name: people.get(row.userId)?.name ?? "",
      avatar: people.get(row.userId)?.avatar ?? null,
      points: row.points,
      level: levelOf(levels, totals.get(row.userId) ?? 0),
    });
    // Equal points share a place (1, 2, 2, 4).
    const rows = top.map((row) => lineOf(row, 1 + top.filter((o) => o.points > row.points).length));
    return {
      period,
      rows,
      me: mine
        ? (rows.find((row) => row.userId === me) ?? lineOf(mine, myRank ?? rows.length + 1))
        : null,
      levels,
      group,
      groups: readable.map(({ slug, name }) => ({ slug, name })),
      canManage: manager,
    };
  });
}

/** The owner names the levels and sets their thresholds (through the one options save). */
export async function saveLevels(
  database: Database,
  { accountId, viewer, body }: { accountId: string; viewer: Viewer | null; body: unknown },
): Promise<{ ok: true } | { ok: false; code: string; issues: FieldIssue[] }> {
  requireCapability(viewer, "manage_options");
  const parsed = z.object({ intent: z.literal("levels"), levels: z.unknown() }).safeParse(body);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const saved = await saveSiteOption(database, {
    accountId,
    part: levelsPart,
    value: { levels: parsed.data.levels },
    caches: null,
  });
  return saved.ok ? { ok: true } : { ok: false, code: saved.code, issues: saved.issues };
}
