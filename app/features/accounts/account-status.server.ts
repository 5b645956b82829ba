import { eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { lockAccountSettings, writeAccountSettings } from "./queries.server";
import { accounts } from "./tables.server";
import type { AccountFeature } from "./validation";

/**
 * Suspends the account's site (a date) or restores it (null), in the caller's transaction,
 * which must be scoped to that account: the accounts policy lets an account write only its own
 * row. Answers whether the state changed (suspending a suspended site keeps its first date).
 */
export async function writeAccountSuspension(
  tx: Tx,
  { accountId, suspendedAt }: { accountId: string; suspendedAt: Date | null },
): Promise<{ changed: boolean }> {
  const [row] = await tx
    .select({ suspendedAt: accounts.suspendedAt })
    .from(accounts)
    .where(eq(accounts.accountId, accountId))
    .for("update")
    .limit(1);
  if (!row) throw new AppError({ code: "tenant.notFound" });
  if (Boolean(row.suspendedAt) === Boolean(suspendedAt)) return { changed: false };
  const written = await tx
    .update(accounts)
    .set({ suspendedAt })
    .where(eq(accounts.accountId, accountId))
    .returning({ id: accounts.accountId });
  if (written.length !== 1) throw new AppError({ code: "auth.forbidden" });
  return { changed: true };
}

/**
 * Replaces the features the account switched on, in the caller's transaction scoped to that
 * account (its settings row locked, so a concurrent save of another key is not undone).
 */
export async function writeAccountFeatures(
  tx: Tx,
  { accountId, features }: { accountId: string; features: AccountFeature[] },
): Promise<void> {
  const current = await lockAccountSettings(tx, accountId);
  if (!current) throw new AppError({ code: "tenant.notFound" });
  const written = await writeAccountSettings(tx, {
    accountId,
    settings: { ...current, features },
  });
  if (written !== 1) throw new AppError({ code: "auth.forbidden" });
}
