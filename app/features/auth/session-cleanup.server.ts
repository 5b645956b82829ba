// Issue 17 scope 8: the scheduled cleanup of what better-auth leaves behind. An expired session
// is refused when it is shown (better-auth checks `expires_at`), but its row stays; so do the
// one-time codes and links of `verifications` once they expire. The job removes both.
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { sessions, verifications } from "./tables.server";

/** The schedule's queue (server/job-workers.ts). */
export const EXPIRED_SESSIONS_JOB = "auth.expired-sessions";

/** Deletes the sessions and verification codes whose time ran out before `now`; answers how many. */
export async function deleteExpiredSessions(
  database: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ sessions: number; verifications: number }> {
  // The auth tables are global and the owner's alone (ARCHITECTURE: auth).
  return database.owner.transaction(async (tx) => {
    const gone = async (table: typeof sessions | typeof verifications) => {
      const { rows } = await tx.execute<{ count: number }>(
        sql`with gone as (delete from ${table} where ${table.expiresAt} < ${now.toISOString()}::timestamptz returning 1)
            select count(*)::int as count from gone`,
      );
      return Number(rows[0]?.count ?? 0);
    };
    return { sessions: await gone(sessions), verifications: await gone(verifications) };
  });
}
