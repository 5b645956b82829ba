// Issue 17 scope 8: the outbox (mail kept instead of sent when no SMTP relay is set) holds
// one-time links and grows with every mail. A daily job removes what is older than a month.
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { mailOutbox } from "./tables.server";

/** The schedule's queue (server/job-workers.ts). */
export const OUTBOX_CLEANUP_JOB = "mail.outbox-cleanup";
/** How long the outbox keeps a mail. */
export const OUTBOX_KEEP_DAYS = 30;

/** Deletes outbox mail older than `keepDays`; answers how many. */
export async function pruneOutbox(
  database: Database,
  { keepDays = OUTBOX_KEEP_DAYS, now = new Date() }: { keepDays?: number; now?: Date } = {},
): Promise<{ mails: number }> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  // The outbox is readable and deletable by the owner only (migration `outbox_private`).
  const { rows } = await database.owner.execute<{ count: number }>(
    sql`with gone as (delete from ${mailOutbox} where ${mailOutbox.createdAt} < ${before.toISOString()}::timestamptz returning 1)
        select count(*)::int as count from gone`,
  );
  return { mails: Number(rows[0]?.count ?? 0) };
}
