import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { pointsFor, type PointReason } from "./points";
import { pointsLedger } from "./tables.server";

export type PointsAward = { reason: PointReason; points: number; sourceId: string };

/**
 * Gives a member the points for `reason` on `sourceId`, once: inside the caller's transaction,
 * so the award stands or falls with what earned it. Returns the award, or null when it was
 * already given (a repeated completion, a retried request).
 */
export async function awardPoints(
  tx: Tx,
  {
    points = undefined,
    ...award
  }: {
    accountId: string;
    userId: string;
    reason: PointReason;
    sourceId: string;
    /** The points of an award whose reason has no fixed number (an automation's step). */
    points?: number;
    /** The group it is earned in, for that group's leaderboard. */
    groupId?: string;
  },
): Promise<PointsAward | null> {
  points ??= pointsFor[award.reason];
  const rows = await tx
    .insert(pointsLedger)
    .values({ ...award, points })
    .onConflictDoNothing()
    .returning({ id: pointsLedger.id });
  return rows.length ? { reason: award.reason, points, sourceId: award.sourceId } : null;
}

/** A member's total points on this account. */
export async function pointsTotal(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.accountId, accountId), eq(pointsLedger.userId, userId)));
  return row?.total ?? 0;
}
