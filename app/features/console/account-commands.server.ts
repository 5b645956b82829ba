// What a super-admin does to a site from the console: suspend it, restore it, switch its
// features within its plan. Each change and its audit row commit together (audit.server.ts),
// then every instance forgets what it knew of the site, so it answers differently at once.
import { writeAccountFeatures, writeAccountSuspension } from "~/features/accounts/accounts.server";
import { accountFeatures } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { AccountFeature } from "~/features/accounts/accounts";
import { findConsoleAccount } from "./account-list.server";
import { auditedChange, type Actor } from "./audit.server";

export type ConsoleDeps = {
  database: Database;
  /**
   * Drops the site's cached host lookup, options and pages on every instance (the bus), as
   * /api/site/invalidateCache does: a suspended or restored site answers so everywhere at once.
   */
  invalidateAccount: (accountId: string) => Promise<void>;
};

/**
 * Suspends a site: its hosts answer the "suspended" page (pages) and `tenant.suspended` (API)
 * until restored. Not the site whose dashboard the console is used from: that would shut the
 * console itself (it is restored from another site's).
 */
export async function suspendAccount(
  { database, invalidateAccount }: ConsoleDeps,
  { actor, accountId, hostAccountId }: { actor: Actor; accountId: string; hostAccountId: string },
): Promise<void> {
  const account = await findConsoleAccount(database, accountId);
  if (accountId === hostAccountId) throw new AppError({ code: "console.hostAccount" });
  if (account.suspendedAt) return;
  await auditedChange(
    database,
    {
      actor,
      action: "account.suspend",
      targetAccountId: accountId,
      details: { slug: account.slug },
    },
    (tx) => writeAccountSuspension(tx, { accountId, suspendedAt: new Date() }),
  );
  await invalidateAccount(accountId);
}

export async function restoreAccount(
  { database, invalidateAccount }: ConsoleDeps,
  { actor, accountId }: { actor: Actor; accountId: string },
): Promise<void> {
  const account = await findConsoleAccount(database, accountId);
  if (!account.suspendedAt) return;
  await auditedChange(
    database,
    {
      actor,
      action: "account.restore",
      targetAccountId: accountId,
      details: { slug: account.slug, suspendedAt: account.suspendedAt.toISOString() },
    },
    (tx) => writeAccountSuspension(tx, { accountId, suspendedAt: null }),
  );
  await invalidateAccount(accountId);
}

/**
 * Switches the site's features (A10): only ones its plan includes may be on; the list replaces
 * what the account chose. The audit row keeps what was on before and after.
 */
export async function setAccountFeatures(
  { database, invalidateAccount }: ConsoleDeps,
  { actor, accountId, features }: { actor: Actor; accountId: string; features: AccountFeature[] },
): Promise<void> {
  const account = await findConsoleAccount(database, accountId);
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  const wanted = [...new Set(features)];
  // The screen offers only the plan's features: anything else is a request it never sends.
  if (wanted.some((name) => !plan?.features.includes(name)))
    throw new AppError({ code: "request.invalid" });
  const before = accountFeatures({ plan, chosen: account.settings.features });
  await auditedChange(
    database,
    {
      actor,
      action: "account.features",
      targetAccountId: accountId,
      details: { slug: account.slug, before, after: wanted },
    },
    (tx) => writeAccountFeatures(tx, { accountId, features: wanted }),
  );
  await invalidateAccount(accountId);
}
