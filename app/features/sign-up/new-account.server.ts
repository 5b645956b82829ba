import { randomUUID } from "node:crypto";
import type { AccountSettings } from "~/features/accounts/accounts";
import { insertAccount, type Account } from "~/features/accounts/accounts.server";
import { createDefaultRoles } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";

// A new account is the sign-up's to make: the tenant registry (accounts) stays below the
// features whose first rows a new account gets (its roles here, its default content beside).
type NewAccount = {
  accountId?: string;
  slug: string;
  domain?: string | null;
  settings: AccountSettings;
};

/** Inside the caller's transaction (scoped to `accountId`): the account row and its default roles. */
export async function insertAccountWithRoles(
  tx: Tx,
  { accountId, slug, domain = null, settings }: NewAccount & { accountId: string },
): Promise<Account> {
  const account = await insertAccount(tx, { accountId, slug, domain, settings });
  await createDefaultRoles(tx, accountId);
  return account;
}

/** A new account with its default roles, in one transaction. */
export function createAccount(database: Database, values: NewAccount): Promise<Account> {
  const accountId = values.accountId ?? randomUUID();
  return database.forAccount(accountId, (tx) =>
    insertAccountWithRoles(tx, { ...values, accountId }),
  );
}
