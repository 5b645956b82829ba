import { eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { accounts } from "./tables.server";
import type { AccountSettings } from "./validation";

export type Account = typeof accounts.$inferSelect;

export async function findAccountBySlug(tx: Tx, slug: string): Promise<Account | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.slug, slug)).limit(1);
  return row;
}

export async function findAccountById(tx: Tx, accountId: string): Promise<Account | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId)).limit(1);
  return row;
}

export async function findAccountByDomain(tx: Tx, domain: string): Promise<Account | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.domain, domain)).limit(1);
  return row;
}

export async function insertAccount(
  tx: Tx,
  values: typeof accounts.$inferInsert,
): Promise<Account> {
  const [row] = await tx.insert(accounts).values(values).returning();
  return row!;
}

/** The account's settings, locked until the transaction ends (a read-modify-write follows). */
export async function lockAccountSettings(
  tx: Tx,
  accountId: string,
): Promise<AccountSettings | undefined> {
  const [row] = await tx
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.accountId, accountId))
    .for("update")
    .limit(1);
  return row?.settings;
}

/** Replaces the settings of one account; the policy lets only the current account write its row. */
export async function writeAccountSettings(
  tx: Tx,
  { accountId, settings }: { accountId: string; settings: AccountSettings },
): Promise<number> {
  const rows = await tx
    .update(accounts)
    .set({ settings })
    .where(eq(accounts.accountId, accountId))
    .returning({ id: accounts.accountId });
  return rows.length;
}

export async function deleteAccount(tx: Tx, accountId: string): Promise<number> {
  const rows = await tx
    .delete(accounts)
    .where(eq(accounts.accountId, accountId))
    .returning({ id: accounts.accountId });
  return rows.length;
}

/**
 * Sets (or, with null, removes) an account's custom domain; the policy lets only the current
 * account write its row. Another account holding the domain fails the unique index (23505).
 */
export async function writeAccountDomain(
  tx: Tx,
  { accountId, domain }: { accountId: string; domain: string | null },
): Promise<number> {
  const rows = await tx
    .update(accounts)
    .set({ domain })
    .where(eq(accounts.accountId, accountId))
    .returning({ id: accounts.accountId });
  return rows.length;
}
