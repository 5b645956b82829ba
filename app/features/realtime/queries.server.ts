import { and, eq, ne } from "drizzle-orm";
import { sessions } from "~/features/auth/tables.server";
import type { Database } from "~/platform/db/database.server";

/**
 * Ends a person's other sessions on one site (sessions are bound to the account they were opened
 * on). The auth tables are global and reached as the owner, as better-auth reaches them.
 */
export async function deleteOtherSiteSessions(
  database: Database,
  {
    userId,
    accountId,
    keepSessionId,
  }: { userId: string; accountId: string; keepSessionId: string },
): Promise<number> {
  const rows = await database.owner
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.tenantId, accountId),
        ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
