// The console's audit log: every action a super-admin takes is a row of the platform account
// (`audit_log`), written in the same transaction as the action itself, and read back newest first.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { accounts } from "~/features/accounts/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { auditLog } from "./tables.server";
import { consolePageSize, type AuditRow, type ConsoleAction, type Paged } from "./console-views";

export type Actor = { id: string; email: string };

export type AuditEntry = {
  actor: Actor;
  action: ConsoleAction;
  targetAccountId: string | null;
  details?: Record<string, unknown>;
};

/**
 * The audit row, inside `tx`: a row of the platform account. The caller's transaction is the
 * owner's part of `ownerThenAccount`; `audit_log`'s policy binds even the owner (FORCE), so the
 * row is written with the platform account set for this transaction, as the platform's
 * migration wrote its own row (decision 029). `enterAccount` then sets the account again.
 */
async function insertAuditRow(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select set_config('app.account_id', ${PLATFORM_ACCOUNT_ID}, true)`);
  await tx.insert(auditLog).values(auditRowOf(entry));
}

const auditRowOf = (entry: AuditEntry) => ({
  accountId: PLATFORM_ACCOUNT_ID,
  actorId: entry.actor.id,
  actorEmail: entry.actor.email,
  action: entry.action,
  targetAccountId: entry.targetAccountId,
  details: entry.details ?? {},
});

/**
 * A console action on one site and its audit row, in ONE transaction: both commit or neither
 * does, so no action goes unrecorded and no record claims an action that did not happen. The two
 * rows belong to two accounts (the site's and the platform's), which `forAccount` cannot span:
 * `ownerThenAccount` writes the audit row first, then scopes the rest of the same transaction to
 * the site (its RLS context, as `forAccount(target)` would) for `work`. Two transactions in a
 * row were the alternative; whichever order they ran in, a crash between them would lose either
 * the record or the certainty that the action happened.
 */
export function auditedChange<T>(
  database: Database,
  entry: AuditEntry & { targetAccountId: string },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return database.ownerThenAccount(async (tx, enterAccount) => {
    await insertAuditRow(tx, entry);
    await enterAccount(entry.targetAccountId);
    return work(tx);
  });
}

/**
 * Global rows written as the owner (`global`) and the audit row, in one transaction; then the
 * transaction is the platform account's for the rest (nothing of a site's is touched).
 */
export function auditedGlobalChange<T>(
  database: Database,
  entry: AuditEntry,
  global: (tx: Tx) => Promise<T>,
): Promise<T> {
  return database.ownerThenAccount(async (tx, enterAccount) => {
    const result = await global(tx);
    await enterAccount(PLATFORM_ACCOUNT_ID);
    await tx.insert(auditLog).values(auditRowOf(entry));
    return result;
  });
}

/** The log, newest first, all of it or one site's (the `audit_log_target` index serves that). */
export async function listAudit(
  database: Database,
  { targetAccountId, page }: { targetAccountId: string | null; page: number },
): Promise<Paged<AuditRow>> {
  const where = and(
    eq(auditLog.accountId, PLATFORM_ACCOUNT_ID),
    targetAccountId ? eq(auditLog.targetAccountId, targetAccountId) : undefined,
  );
  const [rows, [total]] = await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    Promise.all([
      tx
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          actorEmail: auditLog.actorEmail,
          action: auditLog.action,
          targetAccountId: auditLog.targetAccountId,
          slug: accounts.slug,
          details: auditLog.details,
        })
        .from(auditLog)
        .leftJoin(accounts, eq(accounts.accountId, auditLog.targetAccountId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(consolePageSize)
        .offset((page - 1) * consolePageSize),
      tx.select({ total: count() }).from(auditLog).where(where),
    ]),
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      target: row.targetAccountId ? { accountId: row.targetAccountId, slug: row.slug } : null,
      details: row.details,
    })),
    total: total?.total ?? 0,
    page,
    pageSize: consolePageSize,
  };
}
