import { eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { accounts } from "./tables.server";

export type Account = typeof accounts.$inferSelect;

export async function findAccountBySlug(tx: Tx, slug: string): Promise<Account | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.slug, slug)).limit(1);
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

export async function deleteAccount(tx: Tx, accountId: string): Promise<number> {
  const rows = await tx
    .delete(accounts)
    .where(eq(accounts.accountId, accountId))
    .returning({ id: accounts.accountId });
  return rows.length;
}
