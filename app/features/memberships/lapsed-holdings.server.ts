import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { emitDomainEvents } from "~/features/events/events.server";
import type { Database } from "~/platform/db/database.server";
import { memberMemberships } from "./tables.server";

/** Every few minutes: holds whose time ran out, told as `membership.ended` once each. */
export const LAPSED_HOLDINGS_JOB = "memberships.lapsed";

/**
 * A hold that ends by its date changes no row when it ends, so nothing told it: this sweep does.
 * Each account's lapsed holds are marked and told in one transaction, the mark re-checked under
 * the rows' locks, so two processes sweeping at once tell each once. A hold renewed or given
 * again is untold (holdLevel), and its next end is told in turn.
 */
export async function tellLapsedHoldings(
  database: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ told: number }> {
  // Across accounts, as the event relay's claim is (decision 061): the owner's connection.
  const due = await database.owner.execute<{ account_id: string }>(sql`
    select distinct account_id from ${memberMemberships}
     where status = 'active' and expires_at <= ${now.toISOString()}::timestamptz
       and lapse_told_at is null
     limit 500`);
  let told = 0;
  for (const { account_id: accountId } of due.rows)
    told += await database.forAccount(accountId, async (tx) => {
      const lapsed = await tx
        .update(memberMemberships)
        .set({ lapseToldAt: now })
        .where(
          and(
            eq(memberMemberships.accountId, accountId),
            eq(memberMemberships.status, "active"),
            lte(memberMemberships.expiresAt, now),
            isNull(memberMemberships.lapseToldAt),
          ),
        )
        .returning({
          userId: memberMemberships.userId,
          membershipId: memberMemberships.membershipId,
          expiresAt: memberMemberships.expiresAt,
        });
      await emitDomainEvents(
        tx,
        accountId,
        lapsed.map((row) => ({
          type: "membership.ended" as const,
          userId: row.userId,
          data: { membershipId: row.membershipId, lapsed: true },
        })),
        now,
      );
      return lapsed.length;
    });
  return { told };
}
